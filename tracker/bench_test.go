package tracker

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"tableside/engine"
	"tableside/engine/scorepad"
	"tableside/internal/testgames"
)

// BenchmarkAppendCommand measures one command from Decide to an fsynced
// commit and the state applied: what the table waits for on every tap.
func BenchmarkAppendCommand(b *testing.B) {
	db, err := OpenDB(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	tr := New(db, scorepad.Rules{})
	ctx := context.Background()
	info, err := tr.Create(ctx, "scorepad", "bench", engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}}})
	if err != nil {
		b.Fatal(err)
	}
	cmd := engine.Command{Type: scorepad.CmdScore, Seat: engine.Host, Data: json.RawMessage(`{"seat":1,"points":3}`)}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := tr.Do(ctx, info.ID, cmd, fmt.Sprint(i)); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportPercentiles(b, lat)
}

func reportPercentiles(b *testing.B, lat []time.Duration) {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	at := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// BenchmarkRebuild100kEvents measures rebuilding a game's state from a
// 100,000-event log: what a restart costs for a very long game.
func BenchmarkRebuild100kEvents(b *testing.B) {
	db, err := OpenDB(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	info := GameInfo{Kind: "scorepad", Name: "long", Created: time.Unix(0, 0), Setup: engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}}}}
	if err := db.insertGame(ctx, &info); err != nil {
		b.Fatal(err)
	}
	const n = 100_000
	recs := make([]Record, 0, 10_000)
	for seq := int64(1); seq <= n; seq++ {
		recs = append(recs, Record{Seq: seq, Time: time.Unix(seq, 0), Actor: engine.Host, Cmd: seq, Type: scorepad.EvScored,
			Data: json.RawMessage(fmt.Sprintf(`{"seat":%d,"points":%d}`, seq%2, seq%7))})
		if len(recs) == cap(recs) {
			if err := db.appendRecords(ctx, info.ID, recs, nil, nil); err != nil {
				b.Fatal(err)
			}
			recs = recs[:0]
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := &game{info: info, rules: scorepad.Rules{}}
		if err := g.rebuild(ctx, db); err != nil {
			b.Fatal(err)
		}
		if g.seq != n {
			b.Fatalf("rebuilt to seq %d", g.seq)
		}
	}
}

// BenchmarkDoParallel is many commands at once on one game: the group
// commit shares each disk flush among the commands that queued behind it.
func BenchmarkDoParallel(b *testing.B) {
	db, err := OpenDB(filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	tr := New(db, testgames.Tally{})
	ctx := context.Background()
	info, err := tr.Create(ctx, "tally", "b", engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}}})
	if err != nil {
		b.Fatal(err)
	}
	data, _ := json.Marshal(map[string]int{"seat": 1})
	b.ReportAllocs()
	b.SetParallelism(16)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := tr.Do(ctx, info.ID, engine.Command{Type: "add", Seat: engine.Host, Data: data}, ""); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
