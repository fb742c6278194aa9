package readmodel

import (
	"html/template"

	"tableside/engine"
	"tableside/tracker"

	"tableside/draw"
)

// The worth chart is a game's engine.Measurer measures over its timeline
// (net worth, cards, territories), drawn here as inline SVG: no script, no
// library, readable on a 390 px phone. Each player's line has its colour and
// a second cue, its own dash pattern and its name at the line's end, and the
// legend below writes every number at the step shown. What a viewer may not
// see (another seat's hidden shares, a Takeover hand) never enters the
// drawing: engine.Measure.Seen decides, per viewer, before a point is made.

// WorthChart is one measure drawn for one viewer.
type WorthChart struct {
	Title  string
	Note   string // what the lines count, for this viewer
	SVG    template.HTML
	Legend []WorthKey
}

// WorthKey is one player's line in the legend.
type WorthKey struct {
	Name   string
	Colour string
	Dash   string
	Value  string // at the step marked, or "hidden"
}

// Charts draws every measure of a series as v may see it, marking step at
// (-1: none, the end screen), each seat in its colour. A series without
// measures draws nothing.
func Charts(info tracker.GameInfo, series Series, v engine.Viewer, at int) []WorthChart {
	if len(series.Points) == 0 || len(series.Points[0]) == 0 {
		return nil
	}
	over := info.Status == tracker.StatusFinished
	cs := draw.SeatColours(info.Kind, info.Setup.Seats)
	var out []WorthChart
	for mi, m0 := range series.Points[0] {
		// values[seat][step], shown[seat][step]
		seats := len(m0.Values)
		values := make([][]int, seats)
		shown := make([][]bool, seats)
		for seat := range seats {
			values[seat] = make([]int, len(series.Points))
			shown[seat] = make([]bool, len(series.Points))
		}
		for k, pt := range series.Points {
			if mi >= len(pt) {
				continue
			}
			vals, ok := pt[mi].Seen(v, over)
			for seat := range min(seats, len(vals)) {
				values[seat][k], shown[seat][k] = vals[seat], ok[seat]
			}
		}
		last := series.Points[len(series.Points)-1][mi]
		ch := WorthChart{Title: m0.Label, Note: measureNote(last, v, over)}
		ch.SVG = draw.Worth(m0, info.Setup.Seats, cs, values, shown, at)
		mark := at
		if mark < 0 || mark >= len(series.Points) {
			mark = len(series.Points) - 1
		}
		for seat := range seats {
			k := WorthKey{Name: draw.PlayerName(info.Setup.Seats, seat), Colour: cs[seat%len(cs)], Dash: draw.Dashes[seat%len(draw.Dashes)], Value: "hidden"}
			if shown[seat][mark] {
				k.Value = draw.FormatMeasure(m0, values[seat][mark])
			}
			ch.Legend = append(ch.Legend, k)
		}
		out = append(out, ch)
	}
	return out
}

// measureNote says what the lines count for this viewer.
func measureNote(m engine.Measure, v engine.Viewer, over bool) string {
	switch {
	case m.Public != nil && v.Seat >= 0:
		return "Your line counts your hidden shares too; the others count cash and the shares the table can see, at each moment's prices."
	case m.Public != nil:
		return "Each line counts cash and the shares the table can see, at each moment's prices; hidden shares stay hidden."
	case m.Secret && !over && v.Seat >= 0:
		return "Only your own line is shown until the game ends; then everyone's is."
	case m.Secret && !over:
		return "Every player's line stays hidden until the game ends."
	}
	return ""
}

// Charts draws a series for v in the reader's colours (see Charts).
func (r *Reader) Charts(info tracker.GameInfo, series Series, v engine.Viewer, at int) []WorthChart {
	return Charts(info, series, v, at)
}
