package tracker_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/tracker"
)

// One undo request takes back a whole hostile takeover: Ben starts one,
// loses a roll and wins one with real dice, moves in and
// ends it; his phone's button names the whole move, the host approves once,
// and the game is exactly where it was before the takeover, with the
// takeover on offer again. Ana, who began none of it, may not ask; the
// host's own undo still takes one command at a time.
func TestOneUndoRequestTakesBackAWholeTakeover(t *testing.T) {
	ctx := context.Background()
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tr := tracker.New(db, coldcash.Rules{})
	info, err := tr.Create(ctx, "coldcash", "whole", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}},
		Settings: json.RawMessage(`{"mode":"board","deck":"table"}`)})
	if err != nil {
		t.Fatal(err)
	}
	id := info.ID
	do := func(seat int, typ string, data map[string]any) tracker.Outcome {
		t.Helper()
		raw, _ := json.Marshal(data)
		return mustDo(t, tr, id, engine.Command{Type: typ, Seat: seat, Data: raw}, "")
	}
	do(engine.Host, coldcash.CmdOpen, map[string]any{"first": []string{"north-africa", "peru"}})
	do(0, coldcash.CmdPlace, map[string]any{"territory": "egypt"})
	do(0, coldcash.CmdFound, map[string]any{"company": "c5"})
	do(0, coldcash.CmdDraw, nil)
	do(1, coldcash.CmdPlace, map[string]any{"territory": "brazil"})
	do(1, coldcash.CmdFound, map[string]any{"company": "c3"})
	before := viewJSON(t, tr, id)
	do(1, coldcash.CmdTakeover, map[string]any{"company": "c3"})
	do(1, coldcash.CmdAttack, map[string]any{"from": "brazil", "to": "north-africa", "attackerLost": 1, "defenderLost": 0})
	do(1, coldcash.CmdAttack, map[string]any{"from": "brazil", "to": "north-africa", "attackerLost": 0, "defenderLost": 1})
	do(1, coldcash.CmdOccupy, map[string]any{"teams": 1})
	last := do(1, coldcash.CmdTakeoverEnd, nil)
	newest := last.Seq - int64(last.Events) + 1

	const whole = "the hostile takeover by American and the 4 moves after it"
	ben := askFrame(t, tr, id, 1)
	if len(ben.Reverts.Ask) != 1 || ben.Reverts.Ask[0].Seat != 1 || ben.Reverts.Ask[0].What != whole || ben.Reverts.Ask[0].Cmd != newest {
		t.Fatalf("what Ben's request would take: %+v; want %q from seat 1, naming command %d", ben.Reverts.Ask, whole, newest)
	}
	var re *engine.RuleError
	if _, err := tr.AskUndo(ctx, id, 0, newest); !errors.As(err, &re) || re.Rule != "not-your-move" {
		t.Fatalf("Ana asks to undo Ben's takeover: %v; want not-your-move", err)
	}
	ask, err := tr.AskUndo(ctx, id, 1, newest)
	if err != nil || ask.What != whole {
		t.Fatalf("Ben asks: %+v, %v", ask, err)
	}
	if f := askFrame(t, tr, id, engine.Host); !strings.Contains(feedText(f), "Ben asked to undo: "+whole) {
		t.Fatalf("the host is not told the whole move: %q", feedText(f))
	}
	events := logLen(t, tr, id)
	if _, err := tr.AnswerUndo(ctx, id, ask.Seq, true); err != nil {
		t.Fatal(err)
	}
	if got := viewJSON(t, tr, id); got != before {
		t.Fatalf("after the approved request the game is not where it was before the takeover:\n%s\nwant\n%s", got, before)
	}
	if n := logLen(t, tr, id) - events; n != 5 {
		t.Fatalf("the approval wrote %d records; want one undo per command, 5", n)
	}
	if f := askFrame(t, tr, id, engine.Public); strings.Count(feedText(f), "Undone: ") != 1 {
		t.Fatalf("the public feed should tell the undo once: %q", feedText(f))
	}
	var offered bool
	tr.State(ctx, id, func(s engine.State, _ int64) {
		for _, m := range (coldcash.Rules{}).Moves(s, engine.Viewer{Seat: 1}).Moves {
			offered = offered || m.Type == coldcash.CmdTakeover
		}
	})
	if !offered {
		t.Fatal("after the undo Ben is not offered the takeover again")
	}
	// Redo brings the takeover back one command at a time, its start first.
	rv, _ := tr.UndoPreview(ctx, id)
	if rv.Redo.What != "the hostile takeover by American" {
		t.Fatalf("redo after the whole undo: %q; want the takeover's start", rv.Redo.What)
	}
	// The host's undo takes one command: the founding, not the whole.
	rv, _ = tr.UndoPreview(ctx, id)
	if got, err := tr.Undo(ctx, id, rv.Undo.Cmd, ""); err != nil || !strings.Contains(got.What, "American") {
		t.Fatalf("host undo: %+v %v", got, err)
	}
}
