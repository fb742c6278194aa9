package tracker_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
	"tableside/internal/testgames"
	"tableside/internal/trackertest"
	"tableside/tracker"
)

// The timeline survives an engine that panics on an old log: a Describe that panics costs
// the step its words (the event's type stands in, as on the undo button),
// and a panic while a step is looked at (a View that panics) is an engine
// fault naming the event, never a crash.
func TestTimelineSurvivesEnginesThatPanic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := trackertest.Open(t, path, testgames.Faulty{})
	ctx := context.Background()
	info, _ := tr.Create(ctx, "faulty", "F", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}})
	mustDo(t, tr, info.ID, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 0}), "")
	tr.DB().Close()
	writeOldEvents(t, path, info.ID, "mystery", "poison-view") // no command can write them today
	tr = trackertest.Open(t, path, testgames.Faulty{})
	info, recs, err := tr.Records(ctx, info.ID)
	if err != nil {
		t.Fatal(err)
	}
	if seq, err := tr.LastSeq(ctx, info.ID); err != nil || seq != recs[len(recs)-1].Seq {
		t.Fatalf("LastSeq = %d, %v; want %d", seq, err, recs[len(recs)-1].Seq)
	}
	if seq, err := tr.LastSeq(ctx, 999); err != nil || seq != 0 {
		t.Fatalf("LastSeq of no game = %d, %v; want 0", seq, err)
	}
	var words []string
	err = tracker.Walk(testgames.Faulty{}, info.Setup, recs, func(st tracker.Step, _ engine.State) bool {
		words = append(words, st.What)
		return true
	})
	if err != nil || len(words) != 4 || words[1] != "Ana added one" || words[2] != "mystery" {
		t.Fatalf("steps %q, %v; want the Describe that panics named by its event type", words, err)
	}
	err = enginetest.StateAfter(testgames.Faulty{}, info.Setup, recs, 3, func(_ tracker.Step, s engine.State) error {
		testgames.Faulty{}.View(s, engine.Viewer{Seat: engine.Public})
		return nil
	})
	if !errors.Is(err, tracker.ErrEngineFault) {
		t.Fatalf("a View that panics at step 3: %v; want an engine fault", err)
	}
}
