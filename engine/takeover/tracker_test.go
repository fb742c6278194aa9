package takeover

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/tracker"
)

// A whole game through the real tracker over a real SQLite file: refusals
// leave the log alone, the end reaches the score log hook, and replaying the
// exported log gives the same state byte for byte.
func TestTrackerPlaysAndReplaysAWholeGame(t *testing.T) {
	ctx := context.Background()
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tr := tracker.New(db, Rules{})
	var finished *engine.Result
	tr.OnStatus = func(_ context.Context, _ tracker.GameInfo, r *engine.Result) { finished = r }
	info, err := tr.Create(ctx, "takeover", "Test", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	do := func(seat int, typ, data string) error {
		var raw json.RawMessage
		if data != "" {
			raw = json.RawMessage(data)
		}
		_, err := tr.Do(ctx, info.ID, engine.Command{Type: typ, Seat: seat, Data: raw}, "")
		return err
	}
	must := func(seat int, typ, data string) {
		t.Helper()
		if err := do(seat, typ, data); err != nil {
			t.Fatalf("%s %s: %v", typ, data, err)
		}
	}
	must(engine.Host, CmdDeal, `{"first":1}`) // dealt at random by the tracker's dice
	for k := 0; k < Cells; k++ {
		var pool []string
		tr.State(ctx, info.ID, func(s engine.State, _ int64) { pool = append(pool, s.(*State).Pool...) })
		must(DraftSeat(1, 2, k), CmdDraft, `{"coin":"`+pool[0]+`"}`)
	}
	must(0, CmdConceal, `{"stock.S1":true,"stock.S2":true}`)
	must(1, CmdConceal, `{"stock":[]}`)
	_, seq, _ := tr.View(ctx, info.ID, engine.Viewer{Seat: engine.Host})
	if err := do(0, CmdPass, ``); !engine.IsRefusal(err) {
		t.Fatalf("Ana passing on Ben's turn: %v", err)
	}
	if _, seq2, _ := tr.View(ctx, info.ID, engine.Viewer{Seat: engine.Host}); seq2 != seq {
		t.Fatal("a refusal wrote to the log")
	}
	// Ben merges the first affordable option, then both pass.
	var opt MergeOption
	tr.State(ctx, info.ID, func(s engine.State, _ int64) { opt = s.(*State).Options(1)[0] })
	b, _ := json.Marshal(map[string]any{"from": opt.From, "to": opt.To, "auto": true})
	must(1, CmdMerge, string(b))
	must(0, CmdPass, ``)
	must(1, CmdPass, ``)
	if finished == nil || len(finished.Scores) != 2 {
		t.Fatalf("the score log was not told the result: %+v", finished)
	}
	var buf bytes.Buffer
	if err := tr.Export(ctx, info.ID, &buf); err != nil {
		t.Fatal(err)
	}
	x, err := tracker.ReadExport(&buf)
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := tracker.Replay(x, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	var live []byte
	tr.State(ctx, info.ID, func(s engine.State, _ int64) { live, _ = json.Marshal(s) })
	again, _ := json.Marshal(replayed)
	if !bytes.Equal(live, again) {
		t.Fatalf("replay differs from the live state:\n%s\n%s", live, again)
	}
	if desc, err := tr.Undo(ctx, info.ID); err != nil || desc != "Ben's pass" {
		t.Fatalf("undo: %q %v", desc, err)
	}
}
