package tracker

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"tableside/engine"
	"tableside/engine/scorepad"
	"tableside/internal/testgames"
)

func newTestTracker(t *testing.T, games ...engine.Rules) *Tracker {
	t.Helper()
	db, err := OpenDB(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return New(db, games...)
}

// Commands sent at once are committed in groups, yet each is applied once,
// in one order, with seqs that have no gap, and the log replays to the very
// state in memory.
func TestConcurrentCommandsApplyOnceInOneOrder(t *testing.T) {
	tr := newTestTracker(t, testgames.Tally{})
	ctx := context.Background()
	info, err := tr.Create(ctx, "tally", "t", engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}, {Name: "C"}}})
	if err != nil {
		t.Fatal(err)
	}
	const n = 120
	outs := make([]Outcome, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Every fourth command is a retry of the one before: same key,
			// same command.
			orig := i
			if i%4 == 3 {
				orig = i - 1
			}
			data, _ := json.Marshal(map[string]int{"seat": orig % 3})
			key := fmt.Sprint("k", orig)
			out, err := tr.Do(ctx, info.ID, engine.Command{Type: "add", Seat: engine.Host, Data: data}, key)
			if err != nil {
				t.Error(err)
			}
			outs[i] = out
		}()
	}
	wg.Wait()
	applied, repeats := map[int64]bool{}, 0
	for _, o := range outs {
		if o.Repeat {
			repeats++
			continue
		}
		if applied[o.Seq] {
			t.Fatalf("seq %d answered twice", o.Seq)
		}
		applied[o.Seq] = true
	}
	want := n - n/4
	if len(applied) != want || repeats != n/4 {
		t.Fatalf("%d applied, %d repeats; want %d and %d", len(applied), repeats, want, n/4)
	}
	for s := int64(1); s <= int64(want); s++ {
		if !applied[s] {
			t.Fatalf("seq %d missing: the seqs have a gap", s)
		}
	}
	var mem []byte
	tr.State(ctx, info.ID, func(s engine.State, seq int64) {
		mem, _ = json.Marshal(s)
		if seq != int64(want) {
			t.Errorf("game at seq %d, want %d", seq, want)
		}
	})
	var buf bytes.Buffer
	if err := tr.Export(ctx, info.ID, &buf); err != nil {
		t.Fatal(err)
	}
	x, err := ReadExport(&buf)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Replay(x, testgames.Tally{})
	if err != nil {
		t.Fatal(err)
	}
	if replayed, _ := json.Marshal(st); !bytes.Equal(replayed, mem) {
		t.Fatalf("replay gives %s, memory holds %s", replayed, mem)
	}
}

// A command that ends the game, sent amid others, is final: nothing after it
// in the same group is applied.
func TestCommandsAfterTheEndInTheSameGroupAreRefused(t *testing.T) {
	tr := newTestTracker(t, scorepad.Rules{})
	ctx := context.Background()
	info, err := tr.Create(ctx, "scorepad", "t", engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}}})
	if err != nil {
		t.Fatal(err)
	}
	const n = 60
	type answer struct {
		finish bool
		out    Outcome
		err    error
	}
	answers := make([]answer, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := engine.Command{Type: scorepad.CmdScore, Seat: engine.Host, Data: json.RawMessage(`{"seat":0,"points":1}`)}
			if i == n/2 {
				cmd = engine.Command{Type: scorepad.CmdFinish, Seat: engine.Host}
			}
			out, err := tr.Do(ctx, info.ID, cmd, "")
			answers[i] = answer{finish: i == n/2, out: out, err: err}
		}()
	}
	wg.Wait()
	var end int64
	for _, a := range answers {
		if a.finish {
			if a.err != nil {
				t.Fatalf("finish: %v", a.err)
			}
			end = a.out.Seq
		}
	}
	points := 0
	for _, a := range answers {
		if a.finish {
			continue
		}
		switch {
		case a.err == nil:
			points++
			if a.out.Seq >= end {
				t.Errorf("a score was applied at seq %d, after the game ended at %d", a.out.Seq, end)
			}
		case !engine.IsRefusal(a.err):
			t.Errorf("a score after the end failed with %v, want a refusal", a.err)
		}
	}
	info, _ = tr.Info(ctx, info.ID)
	if info.Status != "finished" {
		t.Fatalf("status %q after finish", info.Status)
	}
	tr.State(ctx, info.ID, func(s engine.State, seq int64) {
		if got := s.(*scorepad.State).Totals()[0]; got != points || seq != end {
			t.Errorf("total %d at seq %d; want %d (the answered scores) at %d", got, seq, points, end)
		}
	})
}
