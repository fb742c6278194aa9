package tracker_test

import (
	"context"
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/internal/trackertest"
	"tableside/tracker"
)

// The engine's answers asked before a command is written (the probe) come
// with the frames of the seq it made, and only of that seq: a refused
// command, a fault or an undo never leaves answers of another state.
func TestFramesCarryTheProbesReadsOfTheirOwnSeq(t *testing.T) {
	tr := trackertest.New(t, testgames.Faulty{})
	ctx := context.Background()
	info, _ := tr.Create(ctx, "faulty", "F", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	id := info.ID
	reads := func(v engine.Viewer) (*tracker.Reads, int64) {
		t.Helper()
		var r *tracker.Reads
		var seq int64
		if err := tr.SnapshotFor(ctx, id, v, 0, func(f tracker.Frame) error {
			r, seq = f.Reads, f.Seq
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return r, seq
	}
	out := mustDo(t, tr, id, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 1}), "")
	r, seq := reads(engine.Viewer{Seat: 0})
	if r == nil || r.Seq != seq || seq != out.Seq {
		t.Fatalf("after a command: reads %+v at frame seq %d; want the reads of seq %d", r, seq, out.Seq)
	}
	for _, v := range []engine.Viewer{{Seat: engine.Host}, {Seat: engine.Public}, {Seat: 0}, {Seat: 1}} {
		got, ok := r.View(v)
		want := testgames.Faulty{}.View(&testgames.FaultyState{Counts: []int{0, 1}, Total: 1}, v)
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		if !ok || string(gb) != string(wb) {
			t.Errorf("seat %d's view in the reads: %s (%v); want %s", v.Seat, gb, ok, wb)
		}
	}
	if _, ok := r.View(engine.Viewer{Seat: 0, Past: true}); ok {
		t.Error("the reads answer a view of the past; want the engine asked")
	}
	sh, ok := r.Sheet(engine.Viewer{Seat: 0})
	if _, card := sh.Decision(); r.Waiting == nil || !ok || len(card) != 1 {
		t.Errorf("reads wait for %+v with seat 0's sheet %+v; want its decision card's one choice", r.Waiting, sh)
	}
	// A command refused as a fault rebuilds the state: no reads until the
	// next command.
	if _, err := tr.Do(ctx, id, faultyCmd(testgames.CmdPanic, map[string]string{"in": "moves"}), ""); err == nil {
		t.Fatal("a command whose moves would panic was accepted")
	}
	if r, seq := reads(engine.Viewer{Seat: engine.Host}); r != nil && r.Seq != seq {
		t.Fatalf("after a fault: reads of seq %d at frame seq %d", r.Seq, seq)
	}
	mustDo(t, tr, id, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 0}), "")
	if _, err := tr.Undo(ctx, id, 0, ""); err != nil {
		t.Fatal(err)
	}
	if r, seq := reads(engine.Viewer{Seat: engine.Host}); r != nil {
		t.Fatalf("after an undo (seq %d): reads of seq %d; want none", seq, r.Seq)
	}
}
