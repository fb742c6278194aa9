package readmodel

import (
	"log/slog"

	"tableside/engine"
)

// StandingItem is one of a seat's own numbers, shown above its move sheet
// so the player sees what they have while choosing what to do.
type StandingItem struct {
	Label string
	Value int
	Money bool
	Unit  string
}

// StandingFor is the viewer's own numbers from the game's public measures
// (at most two: the main one and the next), for a seat only. A measure
// that panics costs the line, never the page.
func StandingFor(rules engine.Rules, st engine.State, v engine.Viewer) (out []StandingItem) {
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
		// Only what the whole table may see: a seat's own whole line may
		// be worked out from others' secrets (a majority held in hidden
		// shares), so a Secret measure is left out and the Public line of
		// one that has it is used.
		line := x.Values
		if x.Public != nil {
			line = x.Public
		}
		if x.Secret || v.Seat >= len(line) {
			continue
		}
		out = append(out, StandingItem{Label: x.Label, Value: line[v.Seat], Money: x.Money, Unit: x.Unit})
		if len(out) == 2 {
			break
		}
	}
	return out
}
