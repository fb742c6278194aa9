package tracker_test

import (
	"encoding/json"
	"fmt"
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
		cl, err := tracker.WalkClock(testgames.Tally{}, info, recs, nil)
		if err != nil {
			b.Fatal(err)
		}
		if tc := cl.At(clockT0.Add(50 * time.Hour)); tc.Seats[0].Decisions == 0 {
			b.Fatal("no decisions measured")
		}
	}
}
