package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
	"tableside/internal/testenv"
)

// BenchmarkTimelinePage300 is one timeline page of a 300-command Cold Cash
// game over HTTP: the log read, one replay, the table drawn at the middle
// step and the chart of every step.
func BenchmarkTimelinePage300(b *testing.B) {
	app := testenv.Start(b)
	host := hostDevice(b, app)
	id := host.createGameWith("coldcash", map[string]any{"mode": "bank"}, "Ana", "Ben", "Cy")
	ctx := context.Background()
	n := 0
	do := func(typ, data string) {
		n++
		if _, err := app.Tracker.Do(ctx, id, engine.Command{Type: typ, Seat: engine.Host, Data: json.RawMessage(data)}, fmt.Sprint("b", n)); err != nil {
			b.Fatalf("%s %s: %v", typ, data, err)
		}
	}
	enginetest.BankMarket(do, 300)
	path := fmt.Sprintf("/games/%d/timeline?at=150", id)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		code, body := host.get(path)
		b.ReportMetric(float64(len(body)), "page-bytes")
		if code != 200 || !strings.Contains(body, "After command 150 of") {
			b.Fatalf("%d %.200s", code, body)
		}
	}
}
