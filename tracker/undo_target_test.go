package tracker_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/engine/scorepad"
	"tableside/tracker"
)

func conflictRule(err error) string {
	var re *engine.RuleError
	if errors.Is(err, tracker.ErrConflict) && errors.As(err, &re) {
		return re.Rule
	}
	return ""
}

// An undo names the command it takes back. When another command came in
// since the button was drawn (a phone's score), the undo is refused with
// what came since, and nothing changes.
func TestUndoOfAStaleTargetIsRefusedNamingWhatCameSince(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	id := newGame(t, tr)
	ctx := context.Background()
	ana := mustDo(t, tr, id, score(0, 12), "")
	mustDo(t, tr, id, score(1, 99), "")
	before, events := viewJSON(t, tr, id), logLen(t, tr, id)
	_, err := tr.Undo(ctx, id, ana.Seq, "k1")
	if conflictRule(err) != "undo-moved" || err.Error() != "Ben scored 99 since; undo that first?" {
		t.Fatalf("stale undo: %v; want the undo-moved conflict naming Ben's 99", err)
	}
	if !engine.IsRefusal(err) {
		t.Fatal("a conflict should also be a refusal")
	}
	if viewJSON(t, tr, id) != before || logLen(t, tr, id) != events {
		t.Fatal("a refused undo changed the game")
	}
	// The refused key was not spent: the fresh button (Ben's 99) works.
	rv, _ := tr.UndoPreview(ctx, id)
	if got, err := tr.Undo(ctx, id, rv.Undo.Cmd, "k2"); err != nil || got.What != "Ben scored 99" {
		t.Fatalf("undo of the newest: %+v, %v", got, err)
	}
}

// A double tap sends the same undo twice with the same key: it undoes once,
// and the second is answered as a repeat. Without a key (no JavaScript, a
// second screen) the second is refused as already undone. Redo is the same.
func TestUndoDoubleTapUndoesOnce(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	id := newGame(t, tr)
	ctx := context.Background()
	mustDo(t, tr, id, score(0, 5), "")
	one := viewJSON(t, tr, id)
	ben := mustDo(t, tr, id, score(1, 7), "")
	two := viewJSON(t, tr, id)

	first, err := tr.Undo(ctx, id, ben.Seq, "tap")
	if err != nil || first.Repeat || first.What != "Ben scored 7" {
		t.Fatalf("first tap: %+v, %v", first, err)
	}
	events := logLen(t, tr, id)
	second, err := tr.Undo(ctx, id, ben.Seq, "tap")
	if err != nil || !second.Repeat || second.What != "Ben scored 7" {
		t.Fatalf("second tap: %+v, %v; want a repeat", second, err)
	}
	if viewJSON(t, tr, id) != one || logLen(t, tr, id) != events {
		t.Fatal("the second tap changed the game")
	}
	if _, err := tr.Undo(ctx, id, ben.Seq, ""); conflictRule(err) != "already-undone" {
		t.Fatalf("the same undo without a key: %v; want already-undone", err)
	}
	if r, err := tr.Redo(ctx, id, ben.Seq, "redo-tap"); err != nil || r.Repeat {
		t.Fatalf("redo: %+v, %v", r, err)
	}
	if r, err := tr.Redo(ctx, id, ben.Seq, "redo-tap"); err != nil || !r.Repeat {
		t.Fatalf("second redo tap: %+v, %v; want a repeat", r, err)
	}
	if _, err := tr.Redo(ctx, id, ben.Seq, ""); conflictRule(err) != "already-redone" {
		t.Fatalf("the same redo without a key: %v; want already-redone", err)
	}
	if viewJSON(t, tr, id) != two {
		t.Fatal("after redo the game is not back")
	}
	// The undo key cannot be spent again on another target.
	if _, err := tr.Undo(ctx, id, ben.Seq-1, "tap"); conflictRule(err) != "idempotency-key-reused" {
		t.Fatalf("undo key reused for another command: %v", err)
	}
	if _, err := tr.Undo(ctx, id, 999, ""); !engine.IsRefusal(err) {
		t.Fatalf("undo of a command that does not exist: %v", err)
	}
}

// Redo names its target too: after a second undo, a redo button drawn for
// the first is refused.
func TestRedoOfAStaleTargetIsRefused(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	id := newGame(t, tr)
	ctx := context.Background()
	a := mustDo(t, tr, id, score(0, 5), "")
	b := mustDo(t, tr, id, score(1, 7), "")
	tr.Undo(ctx, id, b.Seq, "")
	tr.Undo(ctx, id, a.Seq, "")
	before := viewJSON(t, tr, id)
	if _, err := tr.Redo(ctx, id, b.Seq, ""); conflictRule(err) != "redo-moved" {
		t.Fatalf("stale redo: %v; want redo-moved", err)
	}
	if viewJSON(t, tr, id) != before {
		t.Fatal("a refused redo changed the game")
	}
	if got, err := tr.Redo(ctx, id, a.Seq, ""); err != nil || got.What != "Ana scored 5" {
		t.Fatalf("redo: %+v %v", got, err)
	}
}

// An idempotency key answers as a repeat only for the same seat sending the
// same command. Reused by another seat, or with other data, it is refused
// (409 on the web) and nothing is written; after a restart too, since the
// command's hash is stored.
func TestIdempotencyKeyIsBoundToSeatAndCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := openTracker(t, path)
	id := newGame(t, tr)
	ctx := context.Background()
	ana := engine.Command{Type: scorepad.CmdScore, Seat: 0, Data: json.RawMessage(`{"seat":0,"points":4}`)}
	first := mustDo(t, tr, id, ana, "key")
	check := func(tr *tracker.Tracker) {
		t.Helper()
		before, events := viewJSON(t, tr, id), logLen(t, tr, id)
		// The same command, its JSON spaced and ordered differently: a repeat.
		same := ana
		same.Data = json.RawMessage(`{ "points": 4, "seat": 0 }`)
		if out, err := tr.Do(ctx, id, same, "key"); err != nil || !out.Repeat {
			t.Fatalf("the same command again: %+v, %v; want a repeat", out, err)
		}
		other := ana
		other.Data = json.RawMessage(`{"seat":0,"points":40}`)
		if _, err := tr.Do(ctx, id, other, "key"); conflictRule(err) != "idempotency-key-reused" {
			t.Fatalf("the key with another body: %v; want idempotency-key-reused", err)
		}
		ben := ana
		ben.Seat = 1
		if _, err := tr.Do(ctx, id, ben, "key"); conflictRule(err) != "idempotency-key-reused" {
			t.Fatalf("the key from another seat: %v; want idempotency-key-reused", err)
		}
		if _, err := tr.Undo(ctx, id, first.Seq, "key"); conflictRule(err) != "idempotency-key-reused" {
			t.Fatalf("the key for an undo: %v; want idempotency-key-reused", err)
		}
		if viewJSON(t, tr, id) != before || logLen(t, tr, id) != events {
			t.Fatal("a refused key changed the game")
		}
	}
	check(tr)
	tr.DB().Close()
	check(openTracker(t, path))
}

// Logs written before keys were bound have no hash: the same seat's retry
// is still a repeat, another seat's use of the key is refused.
func TestIdempotencyKeyWithoutAStoredHashStillBindsTheSeat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := openTracker(t, path)
	id := newGame(t, tr)
	ctx := context.Background()
	mustDo(t, tr, id, engine.Command{Type: scorepad.CmdScore, Seat: 0, Data: json.RawMessage(`{"seat":0,"points":4}`)}, "old")
	if _, err := tr.DB().Exec(`UPDATE events SET idem_hash = NULL`); err != nil {
		t.Fatal(err)
	}
	tr.DB().Close()
	tr = openTracker(t, path)
	if out, err := tr.Do(ctx, id, engine.Command{Type: scorepad.CmdScore, Seat: 0, Data: json.RawMessage(`{"seat":0,"points":5}`)}, "old"); err != nil || !out.Repeat {
		t.Fatalf("old key, same seat: %+v %v; want a repeat", out, err)
	}
	if _, err := tr.Do(ctx, id, engine.Command{Type: scorepad.CmdScore, Seat: 1, Data: json.RawMessage(`{"seat":1,"points":4}`)}, "old"); conflictRule(err) != "idempotency-key-reused" {
		t.Fatalf("old key, other seat: %v", err)
	}
}
