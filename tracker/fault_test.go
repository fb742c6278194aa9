package tracker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/tracker"
)

func openFaulty(t *testing.T, path string) *tracker.Tracker {
	t.Helper()
	db, err := tracker.OpenDB(path)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return tracker.New(db, testgames.Faulty{})
}

func faultyCmd(typ string, data any) engine.Command {
	b, _ := json.Marshal(data)
	return engine.Command{Type: typ, Seat: engine.Host, Data: b}
}

func logLen(t *testing.T, tr *tracker.Tracker, id int64) int {
	t.Helper()
	var buf bytes.Buffer
	if err := tr.Export(context.Background(), id, &buf); err != nil {
		t.Fatal(err)
	}
	x, err := tracker.ReadExport(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return len(x.Events)
}

// An engine that panics in Decide, half-way through Evolve, or in Result is
// refused under "engine-fault": nothing is written, the state is what the
// log says (not the half-evolved one), and the game takes later commands,
// undo included, on the same tracker and after a restart.
func TestEnginePanicRefusesTheCommandAndTheGameGoesOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := openFaulty(t, path)
	ctx := context.Background()
	info, err := tr.Create(ctx, "faulty", "F", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	id := info.ID
	mustDo(t, tr, id, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 1}), "a1")
	for _, in := range []string{"decide", "evolve", "result"} {
		before, events := viewJSON(t, tr, id), logLen(t, tr, id)
		_, err := tr.Do(ctx, id, faultyCmd(testgames.CmdPanic, map[string]string{"in": in}), "p-"+in)
		var re *engine.RuleError
		if !errors.Is(err, tracker.ErrEngineFault) || !errors.As(err, &re) || re.Rule != "engine-fault" {
			t.Fatalf("panic in %s: err = %v; want the engine-fault refusal", in, err)
		}
		if after := viewJSON(t, tr, id); after != before {
			t.Fatalf("panic in %s: the state changed:\n got %s\nwant %s", in, after, before)
		}
		if n := logLen(t, tr, id); n != events {
			t.Fatalf("panic in %s: the log has %d events, want %d", in, n, events)
		}
		// The game goes on: a command, its undo and its redo.
		out := mustDo(t, tr, id, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 0}), "after-"+in)
		if got, err := tr.Undo(ctx, id, out.Seq, "u-"+in); err != nil || got.What != "Ana added one" {
			t.Fatalf("undo after a panic in %s: %+v, %v", in, got, err)
		}
		if _, err := tr.Redo(ctx, id, out.Seq, "r-"+in); err != nil {
			t.Fatalf("redo after a panic in %s: %v", in, err)
		}
	}
	want := viewJSON(t, tr, id)
	if want != `{"counts":[3,1],"total":4,"over":false}` {
		t.Fatalf("view %s; want Ana 3, Ben 1 and nothing of the faults", want)
	}
	tr.DB().Close()
	if got := viewJSON(t, openFaulty(t, path), id); got != want {
		t.Fatalf("after a restart: %s; want %s", got, want)
	}
}

// Commands that queue behind a panicking one in the same group are each
// decided as usual: only the faulty one is refused, and nobody is left
// waiting on a lock.
func TestEnginePanicInAGroupRefusesOnlyItsCommand(t *testing.T) {
	tr := openFaulty(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	info, _ := tr.Create(ctx, "faulty", "F", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}})
	const n = 60
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := faultyCmd(testgames.CmdAdd, map[string]int{"seat": 0})
			if i%3 == 0 {
				cmd = faultyCmd(testgames.CmdPanic, map[string]string{"in": []string{"decide", "evolve"}[i%2]})
			}
			_, errs[i] = tr.Do(ctx, info.ID, cmd, fmt.Sprint("k", i))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if i%3 == 0 && !errors.Is(err, tracker.ErrEngineFault) {
			t.Errorf("command %d (a panic): %v; want engine-fault", i, err)
		}
		if i%3 != 0 && err != nil {
			t.Errorf("command %d: %v", i, err)
		}
	}
	if got := viewJSON(t, tr, info.ID); got != `{"counts":[40],"total":40,"over":false}` {
		t.Fatalf("view %s; want 40 adds and nothing of the 20 faults", got)
	}
	if n := logLen(t, tr, info.ID); n != 40 {
		t.Fatalf("%d events in the log, want 40", n)
	}
}

// A state whose View panics answers every screen with the fault, not a
// hang; undoing the command that made it brings the game back. A Describe
// that panics costs only the undo button's label.
func TestEnginePanicInViewAndDescribeLeavesUndoWorking(t *testing.T) {
	tr := openFaulty(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	info, _ := tr.Create(ctx, "faulty", "F", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}})
	id := info.ID
	mustDo(t, tr, id, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 0}), "")
	good := viewJSON(t, tr, id)

	out := mustDo(t, tr, id, faultyCmd(testgames.CmdPanic, map[string]string{"in": "view"}), "")
	if _, _, err := tr.View(ctx, id, engine.Viewer{Seat: engine.Host}); !errors.Is(err, tracker.ErrEngineFault) {
		t.Fatalf("view of a state whose View panics: %v; want engine-fault", err)
	}
	err := tr.Snapshot(ctx, id, func(info tracker.GameInfo, st engine.State, seq int64, _ tracker.Reverts) error {
		testgames.Faulty{}.View(st, engine.Viewer{Seat: engine.Host})
		return nil
	})
	if !errors.Is(err, tracker.ErrEngineFault) {
		t.Fatalf("snapshot: %v; want engine-fault", err)
	}
	if _, err := tr.Undo(ctx, id, out.Seq, ""); err != nil {
		t.Fatalf("undo the poison: %v", err)
	}
	if got := viewJSON(t, tr, id); got != good {
		t.Fatalf("after undo: %s; want %s", got, good)
	}

	out = mustDo(t, tr, id, faultyCmd(testgames.CmdPanic, map[string]string{"in": "describe"}), "")
	rv, err := tr.UndoPreview(ctx, id)
	if err != nil || rv.Undo.Cmd != out.Seq || rv.Undo.What != "mystery" {
		t.Fatalf("undo preview of an event whose Describe panics: %+v, %v; want the event's type as label", rv, err)
	}
	if got, err := tr.Undo(ctx, id, out.Seq, ""); err != nil || got.What != "mystery" {
		t.Fatalf("undo: %+v, %v", got, err)
	}
}
