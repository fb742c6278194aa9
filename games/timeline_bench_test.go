package games_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/internal/enginetest"
	"tableside/readmodel"
	"tableside/tracker"
)

// longColdCash plays a bank-mode Cold Cash Risk game of n commands (buys,
// sales, turns, dividends and size changes) through the real tracker.
func longColdCash(b *testing.B, n int) (engine.Rules, tracker.GameInfo, []tracker.Record) {
	b.Helper()
	rules := coldcash.Rules{}
	g := enginetest.Track(b, rules, "long", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}},
		Settings: json.RawMessage(`{"mode":"bank"}`)})
	g.Must(engine.Host, "found", `{"company":"c1","seat":0,"size":4}`)
	g.Must(engine.Host, "found", `{"company":"c6","seat":1,"size":5}`)
	cmds := 2
	for round := 0; cmds < n; round++ {
		seat := round % 3
		co := []string{"c1", "c6"}[round/3%2]
		verb := "buy"
		if round/6%2 == 1 {
			verb = "sell"
		}
		g.Must(engine.Host, verb, fmt.Sprintf(`{"seat":%d,"company":%q,"count":1}`, seat, co))
		g.Must(engine.Host, "size", fmt.Sprintf(`{"company":%q,"size":%d}`, co, 5+round%9))
		g.Must(engine.Host, "dividends", fmt.Sprintf(`{"company":%q}`, co))
		g.Must(engine.Host, "turn", fmt.Sprintf(`{"seat":%d}`, (seat+1)%3))
		cmds += 4
	}
	info, recs, err := g.Tr.Records(g.Ctx, g.ID)
	if err != nil {
		b.Fatal(err)
	}
	return rules, info, recs
}

// BenchmarkTimelineSeries300 measures a 300-command game's net worth after
// every command: one replay for the whole series.
func BenchmarkTimelineSeries300(b *testing.B) {
	rules, info, recs := longColdCash(b, 300)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s, err := readmodel.MeasureSeries(rules, info.Setup, recs)
		if err != nil || len(s.Points) < 301 {
			b.Fatalf("%d points, %v", len(s.Points), err)
		}
	}
}

// BenchmarkTimelineSeries300ByReplays is the same series made the naive
// way, one replay per command, for comparison.
func BenchmarkTimelineSeries300ByReplays(b *testing.B) {
	rules, info, recs := longColdCash(b, 300)
	n := tracker.StepCount(recs)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for k := 0; k <= n; k++ {
			if err := enginetest.StateAfter(rules, info.Setup, recs, k, func(_ tracker.Step, s engine.State) error {
				coldcash.Rules{}.Measure(s)
				return nil
			}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkTimelineStateAt300 is one page of the timeline: the state after
// the last of 300 commands.
func BenchmarkTimelineStateAt300(b *testing.B) {
	rules, info, recs := longColdCash(b, 300)
	n := tracker.StepCount(recs)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := enginetest.StateAfter(rules, info.Setup, recs, n, func(tracker.Step, engine.State) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}
