package games_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tableside/engine"
	"tableside/games"
	"tableside/internal/enginetest"
)

// BenchmarkViews is what a live frame asks each game's engine for one
// viewer (its view and its move sheet), for each kind of viewer (the host,
// the public, a seat), early and late in a long game: after 1,000 and
// 10,000 commands played by offered moves, or as many as the game allows
// before it ends (reported as cmds). A cost that grows with the log shows
// as the late figure above the early one.
//
//	go test -run '^$' -bench 'Views/coldcash' -benchmem ./games/
func BenchmarkViews(b *testing.B) {
	for _, r := range games.All() {
		b.Run(r.Kind(), func(b *testing.B) {
			for _, n := range []int{1000, 10000} {
				st, played := playLong(b, r, n)
				for _, v := range []struct {
					name string
					v    engine.Viewer
				}{{"host", engine.Viewer{Seat: engine.Host}}, {"public", engine.Viewer{Seat: engine.Public}}, {"seat", engine.Viewer{Seat: 0}}} {
					b.Run(fmt.Sprintf("after%d/%s", n, v.name), func(b *testing.B) {
						mv, _ := r.(engine.Mover)
						b.ReportAllocs()
						for b.Loop() {
							_ = r.View(st, v.v)
							if mv != nil {
								_ = mv.Moves(st, v.v)
							}
						}
						b.ReportMetric(float64(played), "cmds")
					})
				}
			}
		})
	}
}

// playLong plays r's game for four seats (Cold Cash Risk in board mode)
// by offered moves, up to n commands or the game's end, and returns the
// state and how many commands it took. Each step, a kind of command is
// picked among those offered (each kind as likely as another), then one
// move of it, its numbers anywhere within their limits; ending the game is
// picked only when nothing else is offered.
func playLong(b *testing.B, r engine.Rules, n int) (engine.State, int) {
	b.Helper()
	setup := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}, {Name: "Dee"}}}
	if r.Kind() == "coldcash" {
		setup.Settings = json.RawMessage(`{"mode":"board"}`)
	}
	st, err := r.New(setup)
	if err != nil {
		b.Fatal(err)
	}
	if _, ok := r.(engine.Mover); !ok {
		return st, 0
	}
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	dice := enginetest.Seeded(uint64(n), 3)
	fin, _ := r.(engine.Finisher)
	viewers := []engine.Viewer{{Seat: engine.Host}}
	for i := range setup.Seats {
		viewers = append(viewers, engine.Viewer{Seat: i})
	}
	played := 0
	for played < n {
		if fin != nil {
			if _, over := fin.Result(st); over {
				break
			}
		}
		cmd, ok := enginetest.AnyOffered(r, st, viewers, rng)
		if !ok {
			break
		}
		evs, err := r.Decide(st, cmd, dice)
		if err != nil {
			b.Fatalf("step %d: offered %s %s refused: %v", played, cmd.Type, cmd.Data, err)
		}
		for _, e := range evs {
			st = r.Evolve(st, e)
		}
		played++
	}
	return st, played
}
