package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/games"
	"tableside/internal/enginetest"
	"tableside/readmodel"
	"tableside/seating"
	"tableside/tracker"
	"tableside/tracker/scorelog"
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
	db, err := tracker.OpenDB(filepath.Join(b.TempDir(), "t.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	tr := tracker.New(db, games.All()...)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tr.Log = log
	var seeds byte
	tr.Seed = func() [32]byte { seeds++; return [32]byte{seeds} }
	s := New(Config{Tracker: tr, Log: log, Reader: readmodel.New(tr, log), Scores: scorelog.New(db), Seats: seating.New(tr)})
	ctx := context.Background()
	setup := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}, {Name: "Di"}}}
	if kind == "coldcash" {
		setup.Settings = json.RawMessage(`{"mode":"board"}`)
	}
	info, err := tr.Create(ctx, kind, "bench", setup)
	if err != nil {
		b.Fatal(err)
	}
	rules, _ := tr.Rules(kind)
	rng := rand.New(rand.NewPCG(uint64(n), 11))
	viewers := []engine.Viewer{{Seat: engine.Host}}
	for i := range setup.Seats {
		viewers = append(viewers, engine.Viewer{Seat: i})
	}
	for played := 0; played < n; played++ {
		var st engine.State
		tr.State(ctx, info.ID, func(s engine.State, _ int64) { st = s })
		if _, over := rules.Result(st); over {
			break
		}
		cmd, ok := enginetest.AnyOffered(rules, st, viewers, rng)
		if !ok {
			break
		}
		if _, err := tr.Do(ctx, info.ID, cmd, ""); err != nil {
			b.Fatalf("step %d: offered %s refused: %v", played, cmd.Type, err)
		}
	}
	return s, info.ID
}
