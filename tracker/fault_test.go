package tracker_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
	"tableside/internal/trackertest"
	"tableside/tracker"
)

func faultyCmd(typ string, data any) engine.Command {
	b, _ := json.Marshal(data)
	return engine.Command{Type: typ, Seat: engine.Host, Data: b}
}

func logLen(t *testing.T, tr *tracker.Tracker, id int64) int {
	t.Helper()
	return len(exportOf(t, tr, id).Events)
}

// An engine that panics in Decide, half-way through Evolve, or in Result is
// refused under "engine-fault": nothing is written, the state is what the
// log says (not the half-evolved one), and the game takes later commands,
// undo included, on the same tracker and after a restart.
func TestEnginePanicRefusesTheCommandAndTheGameGoesOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := trackertest.Open(t, path, testgames.Faulty{})
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
	if got := viewJSON(t, trackertest.Open(t, path, testgames.Faulty{}), id); got != want {
		t.Fatalf("after a restart: %s; want %s", got, want)
	}
}

// Commands that queue behind a panicking one in the same group are each
// decided as usual: only the faulty one is refused, and nobody is left
// waiting on a lock.
func TestEnginePanicInAGroupRefusesOnlyItsCommand(t *testing.T) {
	tr := trackertest.New(t, testgames.Faulty{})
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

// A command after which a screen's read would panic (the view of any
// viewer, the undo label, the feed, the turn bar, the decision card, the
// charts, the move sheet) is refused under "engine-fault" before it is written: the log and
// the state are unchanged, and every screen can still be drawn.
func TestAScreenReadThatWouldPanicRefusesTheCommandBeforeItIsWritten(t *testing.T) {
	tr := trackertest.New(t, testgames.Faulty{})
	ctx := context.Background()
	info, _ := tr.Create(ctx, "faulty", "F", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	id := info.ID
	mustDo(t, tr, id, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 1}), "")
	for _, in := range []string{"view", "describe", "feed", "waiting", "moves", "measure"} {
		before, events := viewJSON(t, tr, id), logLen(t, tr, id)
		_, err := tr.Do(ctx, id, faultyCmd(testgames.CmdPanic, map[string]string{"in": in}), "p-"+in)
		var fe *tracker.FaultError
		if !errors.Is(err, tracker.ErrEngineFault) || !errors.As(err, &fe) {
			t.Fatalf("a command whose %s would panic: err = %v; want the engine-fault refusal", in, err)
		}
		if after := viewJSON(t, tr, id); after != before {
			t.Fatalf("%s: the state changed:\n got %s\nwant %s", in, after, before)
		}
		if n := logLen(t, tr, id); n != events {
			t.Fatalf("%s: the log has %d events, want %d", in, n, events)
		}
		rv, err := tr.UndoPreview(ctx, id)
		if err != nil || rv.Undo.What != "Ben added one" {
			t.Fatalf("%s: the undo button would take %+v, %v; want Ben's add", in, rv, err)
		}
	}
}

// A log an older version wrote, with a state whose View panics, answers
// every screen with the fault, not a hang; undoing the command that made it
// brings the game back. A Describe that panics there costs only the undo
// button's label.
func TestAnOldLogThatPoisonsTheViewCanStillBeUndone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := trackertest.Open(t, path, testgames.Faulty{})
	ctx := context.Background()
	info, _ := tr.Create(ctx, "faulty", "F", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}})
	id := info.ID
	mustDo(t, tr, id, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 0}), "")
	good := viewJSON(t, tr, id)
	tr.DB().Close()
	writeOldEvents(t, path, id, "poison-view")
	tr = trackertest.Open(t, path, testgames.Faulty{})

	if _, _, err := tr.View(ctx, id, engine.Viewer{Seat: engine.Host}); !errors.Is(err, tracker.ErrEngineFault) {
		t.Fatalf("view of a state whose View panics: %v; want engine-fault", err)
	}
	err := tr.SnapshotFor(ctx, id, engine.Viewer{Seat: engine.Host}, 0, func(f tracker.Frame) error {
		st := f.State
		testgames.Faulty{}.View(st, engine.Viewer{Seat: engine.Host})
		return nil
	})
	if !errors.Is(err, tracker.ErrEngineFault) {
		t.Fatalf("snapshot: %v; want engine-fault", err)
	}
	if _, err := tr.Undo(ctx, id, 2, ""); err != nil {
		t.Fatalf("undo the poison: %v", err)
	}
	if got := viewJSON(t, tr, id); got != good {
		t.Fatalf("after undo: %s; want %s", got, good)
	}

	tr.DB().Close()
	writeOldEvents(t, path, id, "mystery")
	tr = trackertest.Open(t, path, testgames.Faulty{})
	rv, err := tr.UndoPreview(ctx, id)
	if err != nil || rv.Undo.Cmd != 4 || rv.Undo.What != "mystery" {
		t.Fatalf("undo preview of an event whose Describe panics: %+v, %v; want the event's type as label", rv, err)
	}
	if got, err := tr.Undo(ctx, id, 4, ""); err != nil || got.What != "mystery" {
		t.Fatalf("undo: %+v, %v", got, err)
	}
}

// writeOldEvents appends one-event commands of the given types to a game's
// log straight into the database, as an older version of Tableside (one
// that did not try the screens' reads before writing) could have.
func writeOldEvents(t *testing.T, path string, id int64, types ...string) {
	t.Helper()
	db, err := testenv.OpenRawDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, typ := range types {
		_, err := db.Exec(`INSERT INTO events(game_id, seq, time, actor, cmd, type, payload)
			SELECT ?1, coalesce(max(seq), 0) + 1, '2026-01-01T00:00:00Z', -1, coalesce(max(seq), 0) + 1, ?2, '{}' FROM events WHERE game_id = ?1`, id, typ)
		if err != nil {
			t.Fatalf("write an old %s event: %v", typ, err)
		}
	}
}
