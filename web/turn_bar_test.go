package web

import (
	"context"
	"fmt"
	"testing"

	"tableside/engine"
)

// TestTurnBarDrawsWhatThePageDraws: a live frame's turn bar and feed, drawn
// from a turnBar's fields, are the very bytes the page's own methods draw,
// for every viewer of a Cold Cash board game and a RISK game, before the
// first move (the setup list, the first move's line) and part played.
func TestTurnBarDrawsWhatThePageDraws(t *testing.T) {
	viewers := []engine.Viewer{{Seat: engine.Host}, {Seat: engine.Public}, {Seat: 0}, {Seat: 1}, {Seat: 2}, {Seat: 3}}
	for _, kind := range []string{"coldcash", "risk"} {
		for _, n := range []int{0, 60} {
			s, id := benchGamePlayed(t, kind, n)
			drawn := 0
			for _, v := range viewers {
				err := s.gamePageFor(context.Background(), id, v, true, nil, func(p *gamePage) error {
					for _, part := range []string{"turn", "feed"} {
						want, err := s.views.fragment("game", part, p)
						if err != nil {
							return err
						}
						got, err := s.views.fragment("game", part, turnBarOf(p))
						if err != nil {
							return err
						}
						if got != want {
							return fmt.Errorf("%s differs:\n got %q\nwant %q", part, got, want)
						}
						drawn += len(got)
					}
					return nil
				})
				if err != nil {
					t.Fatalf("%s after %d, viewer %d: %v", kind, n, v.Seat, err)
				}
			}
			if drawn == 0 {
				t.Fatalf("%s after %d: no viewer's turn bar or feed drew anything", kind, n)
			}
		}
	}
}
