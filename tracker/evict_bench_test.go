package tracker

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"tableside/engine"
	"tableside/engine/scorepad"
)

// BenchmarkMemoryOf100FinishedGames opens 100 finished games of 200 events
// each, as a score log browsed at length would, and reports the live heap
// with them all in memory and after they sat idle past idleEviction.
func BenchmarkMemoryOf100FinishedGames(b *testing.B) {
	ctx := context.Background()
	seats := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}}
	for range b.N {
		db, err := OpenDB(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		tr := New(db, scorepad.Rules{})
		now := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
		tr.IdleNow = func() time.Time { return now }
		for range 100 {
			g, err := tr.Create(ctx, "scorepad", "Night", seats)
			if err != nil {
				b.Fatal(err)
			}
			for i := range 200 {
				cmd := engine.Command{Type: scorepad.CmdScore, Seat: engine.Host, Data: json.RawMessage(fmt.Sprintf(`{"seat":%d,"points":%d}`, i%2, i))}
				if _, err := tr.Do(ctx, g.ID, cmd, ""); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := tr.Do(ctx, g.ID, engine.Command{Type: scorepad.CmdFinish, Seat: engine.Host}, ""); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(liveHeapMiB(), "MiB-open")
		now = now.Add(idleEviction + time.Minute)
		if _, err := tr.Create(ctx, "scorepad", "Next", seats); err != nil {
			b.Fatal(err)
		}
		tr.Info(ctx, 1) // any request lets the tracker look
		tr.View(ctx, 101, engine.Viewer{Seat: engine.Host})
		b.ReportMetric(liveHeapMiB(), "MiB-after-idle")
		db.Close()
	}
}

func liveHeapMiB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}
