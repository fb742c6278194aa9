package web

import (
	"context"
	"sync/atomic"
	"testing"

	"tableside/engine"
	"tableside/internal/testgames"
)

// countingTally is the Tally game counting the views it draws.
type countingTally struct {
	testgames.Tally
	views *atomic.Int64
}

func (c countingTally) View(st engine.State, v engine.Viewer) any {
	c.views.Add(1)
	return c.Tally.View(st, v)
}

// One command, screens of every kind of viewer open (the host, the public,
// each of six seats): the engine draws each viewer's view once, before the
// command is written (the probe), and the live frames every screen gets
// are drawn from those views, not from the engine again. A page drawn
// afterwards asks the engine itself.
func TestLiveFramesAskTheEngineOncePerViewerPerCommand(t *testing.T) {
	t.Parallel()
	game := countingTally{views: new(atomic.Int64)}
	s, id, conns := fanoutServerOf(t, game, 24)
	for round := 1; round <= 3; round++ {
		views := game.views.Load()
		seq := add(t, s, id, round)
		awaitWake(t, conns)
		for _, c := range conns {
			f, err := s.hub.frame(id, c.viewer)
			if err != nil {
				t.Fatal(err)
			}
			if f.seq != seq {
				t.Fatalf("round %d: a screen of seat %d got seq %d, want %d", round, c.viewer.Seat, f.seq, seq)
			}
		}
		if n := game.views.Load() - views; n != 8 {
			t.Errorf("round %d: the engine drew %d views for one command and 24 screens of 8 viewers; want 8", round, n)
		}
	}
	// A frame at a seq the probe did not make (after an undo, which
	// rebuilds the state) asks the engine, and shows the undone count.
	if _, err := s.tracker.Undo(context.Background(), id, 0, ""); err != nil {
		t.Fatal(err)
	}
	awaitWake(t, conns)
	views := game.views.Load()
	if _, err := s.hub.frame(id, engine.Viewer{Seat: engine.Host}); err != nil {
		t.Fatal(err)
	}
	if n := game.views.Load() - views; n != 1 {
		t.Errorf("the frame after an undo drew %d views; want 1 (its own)", n)
	}
}
