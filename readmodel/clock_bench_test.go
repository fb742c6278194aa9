package readmodel

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/tracker"
)

// BenchmarkWalkClock is one replay of a 10,000-command log of six seats for
// the turn clock (what a screen pays once per change of the log; the
// result is kept until the log grows).
func BenchmarkWalkClock(b *testing.B) {
	seats := make([]engine.Seat, 6)
	for i := range seats {
		seats[i].Name = fmt.Sprint("P", i)
	}
	info := tracker.GameInfo{ID: 1, Kind: "tally", Created: clockT0, Setup: engine.Setup{Seats: seats}}
	recs := make([]tracker.Record, 10000)
	for i := range recs {
		seq := int64(i + 1)
		data, _ := json.Marshal(map[string]int{"seat": i % 6})
		recs[i] = tracker.Record{Seq: seq, Cmd: seq, Actor: i % 6, Type: "added", Data: data, Time: clockT0.Add(time.Duration(i) * 17 * time.Second)}
	}
	b.ReportAllocs()
	for b.Loop() {
		cl, err := walkClock(testgames.Tally{}, info, recs, nil)
		if err != nil {
			b.Fatal(err)
		}
		if tc := cl.at(clockT0.Add(50 * time.Hour)); tc.Seats[0].Decisions == 0 {
			b.Fatal("no decisions measured")
		}
	}
}

// BenchmarkClockAfterACommand is what a screen's turn clock costs after one
// command of a 3,000-command game, in a real database: carried forward by a
// clockWalker (what the screens do) against a whole replay (what they did).
func BenchmarkClockAfterACommand(b *testing.B) {
	ctx := context.Background()
	db, err := tracker.OpenDB(filepath.Join(b.TempDir(), "t.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	tr := tracker.New(db, testgames.Tally{})
	info, err := tr.Create(ctx, "tally", "Clock", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		b.Fatal(err)
	}
	add := func(i int) {
		cmd := engine.Command{Type: testgames.CmdAdd, Seat: i % 2, Data: json.RawMessage(fmt.Sprintf(`{"seat":%d}`, i%2))}
		if _, err := tr.Do(ctx, info.ID, cmd, ""); err != nil {
			b.Fatal(err)
		}
	}
	for i := range 3000 {
		add(i)
	}
	for _, mode := range []string{"carried", "whole"} {
		b.Run(mode, func(b *testing.B) {
			w := &clockWalker{id: info.ID}
			i := 0
			for b.Loop() {
				add(i)
				i++
				if mode == "whole" {
					w = &clockWalker{id: info.ID}
				}
				if _, _, err := w.catchUp(ctx, tr); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
