package tracker

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/internal/testgames"
)

// BenchmarkDo is one command from the tracker's side: decide, write to the
// log with a durable commit, apply, notify. Its time is mostly the disk's.
func BenchmarkDo(b *testing.B) {
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
	for b.Loop() {
		if _, err := tr.Do(ctx, info.ID, engine.Command{Type: "add", Seat: engine.Host, Data: data}, ""); err != nil {
			b.Fatal(err)
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
