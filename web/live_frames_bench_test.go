package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"tableside/engine"
	"tableside/games"
	"tableside/internal/enginetest"
	"tableside/tracker"
)

// BenchmarkLiveFrameBuild builds one viewer's live frame (the engine's
// reads, the page, the templates, the frame's bytes), as the hub does
// once per viewer for each change: Cold Cash Risk in board mode and RISK,
// 4 seats, after n commands played by offered moves (as make load plays).
//
//	go test -run '^$' -bench LiveFrameBuild -benchmem ./web/
func BenchmarkLiveFrameBuild(b *testing.B) {
	for _, kind := range []string{"coldcash", "risk"} {
		for _, n := range []int{100, 1000} {
			s, id := benchGamePlayed(b, kind, n)
			for _, w := range []struct {
				name string
				v    engine.Viewer
			}{{"host", engine.Viewer{Seat: engine.Host}}, {"seat", engine.Viewer{Seat: 0}}, {"tv", engine.Viewer{Seat: engine.Public}}} {
				b.Run(fmt.Sprintf("%s/after%d/%s", kind, n, w.name), func(b *testing.B) {
					b.ReportAllocs()
					size := 0
					for b.Loop() {
						_, frame, err := s.liveFrame(context.Background(), id, w.v, nil)
						if err != nil {
							b.Fatal(err)
						}
						size = len(frame)
					}
					b.ReportMetric(float64(size), "B")
				})
			}
		}
	}
}

// benchGamePlayed is a server over a fresh database with one game of kind
// played by n offered moves (or to its end), each through the tracker.
func benchGamePlayed(b *testing.B, kind string, n int) (*Server, int64) {
	b.Helper()
	settings := ""
	if kind == "coldcash" {
		settings = `{"mode":"board"}`
	}
	s, tr, id := benchServer(b, kind, settings)
	ctx := context.Background()
	rules, _ := tr.Rules(kind)
	rng := rand.New(rand.NewPCG(uint64(n), 11))
	viewers := []engine.Viewer{{Seat: engine.Host}}
	for i := range 4 {
		viewers = append(viewers, engine.Viewer{Seat: i})
	}
	for played := 0; played < n; played++ {
		var st engine.State
		tr.State(ctx, id, func(s engine.State, _ int64) { st = s })
		if _, over := rules.Result(st); over {
			break
		}
		cmd, ok := enginetest.AnyOffered(rules, st, viewers, rng)
		if !ok {
			break
		}
		if _, err := tr.Do(ctx, id, cmd, ""); err != nil {
			b.Fatalf("step %d: offered %s refused: %v", played, cmd.Type, err)
		}
	}
	return s, id
}

// benchServer is a server over a fresh database, dealing and rolling the
// same way each run, with a game of kind (settings as JSON, or empty for
// the game's own) for Ana, Ben, Cy and Di.
func benchServer(b *testing.B, kind, settings string) (*Server, *tracker.Tracker, int64) {
	b.Helper()
	s := quietServer(b, Config{}, games.All()...)
	sameDeals(s.tracker)
	return s, s.tracker, createGame(b, s, kind, "bench", settings, "Ana", "Ben", "Cy", "Di")
}
