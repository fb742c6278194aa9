package web

import (
	"log/slog"

	"tableside/engine"
)

// standingItem is one of a seat's own numbers, shown above its move sheet
// so the player sees what they have while choosing what to do.
type standingItem struct {
	Label string
	Value int
	Money bool
	Unit  string
}

// standingFor is the viewer's own line of the game's measures (at most
// two: the main one and the next), for a seat only. A seat may see the
// whole of its own line, hidden shares included (engine.Measure). A
// measure that panics costs the line, never the page.
func standingFor(rules engine.Rules, st engine.State, v engine.Viewer) (out []standingItem) {
	m, ok := rules.(engine.Measurer)
	if !ok || v.Seat < 0 {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			slog.Warn("standing: the game's measure failed", "panic", r)
			out = nil
		}
	}()
	for _, x := range m.Measure(st) {
		if v.Seat >= len(x.Values) {
			continue
		}
		out = append(out, standingItem{Label: x.Label, Value: x.Values[v.Seat], Money: x.Money, Unit: x.Unit})
		if len(out) == 2 {
			break
		}
	}
	return out
}
