package web

import (
	"context"
	"testing"
	"time"

	"tableside/internal/testgames"
)

// pacedScreens is a Tally game of six seats with 200 screens spread over
// its 8 viewers, on a server whose live gap is gap. When tell is not nil,
// the game's hub hears of changes from it instead of from the tracker, so
// a test knows when the hub has heard (tell is unbuffered).
func pacedScreens(t *testing.T, gap time.Duration, tell chan int64) (*Server, int64, []*conn) {
	t.Helper()
	s := quietServer(t, Config{LiveGap: gap}, testgames.Tally{})
	if tell != nil {
		s.hub.load = func(ctx context.Context, id int64) (<-chan int64, func(), int64, error) {
			return tell, func() {}, 0, nil
		}
	}
	id := createGame(t, s, "tally", "paced", "", "A", "B", "C", "D", "E", "F")
	return s, id, attachScreens(t, s, id, 200)
}

// Screens woken together share one frame per viewer, even when the game
// moves on while they are served: the half that runs after the next
// change was announced asks for the seq it was woken for, not a newer
// one, and builds nothing more.
func TestScreensWokenTogetherShareOneFramePerViewer(t *testing.T) {
	t.Parallel()
	tell := make(chan int64)
	s, game, conns := pacedScreens(t, time.Hour, tell)
	seq := add(t, s, game, 1)
	tell <- seq // the first change is told at once
	awaitWake(t, conns)
	before := s.hub.builds.Load()
	sent := map[int]*frame{}
	sendAt(t, s, game, conns[:100], seq, sent)
	next := add(t, s, game, 2)
	tell <- next // within the gap: told when it ends
	tell <- next // the hub has dealt with the first telling
	sendAt(t, s, game, conns[100:], seq, sent)
	if built := s.hub.builds.Load() - before; built != 8 {
		t.Fatalf("%d frames built for 200 screens of 8 viewers woken together; want 8", built)
	}
}

// A change that comes less than a gap after the last wake-up is not lost:
// every screen is woken for it when the gap ends, and is sent it.
func TestChangeWithinTheGapIsToldWhenItEnds(t *testing.T) {
	t.Parallel()
	s, game, conns := pacedScreens(t, 50*time.Millisecond, nil)
	add(t, s, game, 1)
	awaitWake(t, conns)
	seq := add(t, s, game, 2)
	awaitWake(t, conns)
	sendAt(t, s, game, conns, seq, map[int]*frame{})
}
