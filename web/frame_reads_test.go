package web

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"sync/atomic"
	"testing"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/readmodel"
	"tableside/seating"
	"tableside/tracker"
	"tableside/tracker/scorelog"
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
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	game := countingTally{views: new(atomic.Int64)}
	tr := tracker.New(db, game)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tr.Log = log
	s := New(Config{Tracker: tr, Log: log, Reader: readmodel.New(tr, log), Scores: scorelog.New(db), Seats: seating.New(tr)})
	seats := make([]engine.Seat, 6)
	for i := range seats {
		seats[i].Name = string(rune('A' + i))
	}
	ctx := context.Background()
	info, err := tr.Create(ctx, "tally", "once", engine.Setup{Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	var conns []*conn
	for i := range 24 {
		c, err := s.hub.attach(ctx, info.ID, engine.Viewer{Seat: i%8 - 2})
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	t.Cleanup(func() {
		for _, c := range conns {
			s.hub.detach(info.ID, c)
		}
	})
	for round := 1; round <= 3; round++ {
		views := game.views.Load()
		seq := add(t, s, info.ID, round)
		awaitWake(t, conns)
		for _, c := range conns {
			f, err := s.hub.frame(info.ID, c.viewer)
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
	if _, err := tr.Undo(ctx, info.ID, 0, ""); err != nil {
		t.Fatal(err)
	}
	awaitWake(t, conns)
	views := game.views.Load()
	if _, err := s.hub.frame(info.ID, engine.Viewer{Seat: engine.Host}); err != nil {
		t.Fatal(err)
	}
	if n := game.views.Load() - views; n != 1 {
		t.Errorf("the frame after an undo drew %d views; want 1 (its own)", n)
	}
}
