package tracker_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/tracker"
)

// The events in force are what an engine replays: an undone command's
// events are left out, a redone one's are back, and undo and redo records
// themselves never reach the engine. Replaying them gives the game's state.
func TestLiveEventsLeaveOutUndoneCommands(t *testing.T) {
	ctx := context.Background()
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	id := newGame(t, tr)
	mustDo(t, tr, id, score(0, 5), "")
	mustDo(t, tr, id, score(1, 7), "")
	if _, err := tr.Undo(ctx, id, 0, ""); err != nil {
		t.Fatal(err)
	}
	mustDo(t, tr, id, score(1, 3), "")
	info, recs, err := tr.Records(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := tracker.LiveOf(recs)
	if err != nil {
		t.Fatal(err)
	}
	if last := recs[len(recs)-1].Seq; info.ID != id || last != 4 || len(evs) != 2 {
		t.Fatalf("game %d, last %d, %d events: %+v", info.ID, recs[len(recs)-1].Seq, len(evs), evs)
	}
	rules, _ := tr.Rules(info.Kind)
	st, err := rules.New(info.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		st = rules.Evolve(st, e)
	}
	want := viewJSON(t, tr, id)
	if got := jsonOf(t, rules.View(st, engine.Viewer{Seat: engine.Host})); got != want {
		t.Errorf("replayed live events give %s, want %s", got, want)
	}
	if _, _, err := tr.Records(ctx, id+1); !errors.Is(err, tracker.ErrNoGame) {
		t.Errorf("a game that does not exist: %v, want ErrNoGame", err)
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
