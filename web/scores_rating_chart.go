package web

import (
	"fmt"
	"html/template"
	"math"
	"strings"

	"tableside/tracker/scorelog"
)

// ratingChartLines is how many people the ratings chart draws: beyond six
// lines a phone's chart is a tangle; the table lists everyone.
const ratingChartLines = 6

// ratingChart draws the top people's conservative ratings over the rated
// plays: one line each, in the person's colour and named with its value at
// its end (colour is never the only signal), the plays evenly spaced along
// the bottom from the first date to the last.
func ratingChart(title string, r scorelog.Ratings) template.HTML {
	rows := r.Rows[:min(len(r.Rows), ratingChartLines)]
	if len(rows) == 0 || len(r.Rated) == 0 {
		return ""
	}
	at := make(map[string]int, len(r.Rated))
	for i, p := range r.Rated {
		at[p.Key] = i
	}
	const w, h, left, right, top, bottom = 360.0, 220.0, 36.0, 78.0, 16.0, 30.0
	lo, hi := 0.0, 0.0
	for _, row := range rows {
		for _, p := range row.History {
			lo, hi = math.Min(lo, p.Conservative), math.Max(hi, p.Conservative)
		}
	}
	lo, hi = math.Floor(lo), math.Ceil(hi)
	if hi-lo < 1 {
		hi = lo + 1
	}
	x := func(i int) float64 {
		if len(r.Rated) < 2 {
			return left + (w-left-right)/2
		}
		return left + float64(i)*(w-left-right)/float64(len(r.Rated)-1)
	}
	y := func(v float64) float64 { return top + (h-top-bottom)*(hi-v)/(hi-lo) }
	var b strings.Builder
	var desc []string
	for _, row := range rows {
		desc = append(desc, fmt.Sprintf("%s: %.1f after %d plays", row.Name, row.Conservative(), row.Plays))
	}
	fmt.Fprintf(&b, `<svg class="chart rating-chart" viewBox="0 0 %g %g" role="img" aria-label="%s">`, w, h, esc(title))
	fmt.Fprintf(&b, `<title>%s</title><desc>%s</desc>`, esc(title), esc(strings.Join(desc, "; ")))
	fmt.Fprintf(&b, `<line class="axis" x1="%g" y1="%g" x2="%g" y2="%g"/>`, left, top, left, h-bottom)
	fmt.Fprintf(&b, `<line class="axis" x1="%g" y1="%.1f" x2="%g" y2="%.1f"/>`, left, y(0), w-right, y(0))
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%.1f" text-anchor="end">%g</text>`, left-4, y(hi)+4, hi)
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%.1f" text-anchor="end">%g</text>`, left-4, y(lo)+4, lo)
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="start">%s</text>`, left, h-bottom+16, esc(r.Rated[0].Date))
	if len(r.Rated) > 1 {
		fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="end">%s</text>`, w-right, h-bottom+16, esc(r.Rated[len(r.Rated)-1].Date))
	}
	for _, row := range rows {
		colour := row.Colour
		if colour == "" {
			colour = "#555555"
		}
		pts := make([]string, 0, len(row.History))
		var ex, ey float64
		for _, p := range row.History {
			ex, ey = x(at[p.Key]), y(p.Conservative)
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", ex, ey))
		}
		fmt.Fprintf(&b, `<polyline class="rline" stroke="%s" points="%s"/>`, esc(colour), strings.Join(pts, " "))
		fmt.Fprintf(&b, `<circle class="rmark" fill="%s" cx="%.1f" cy="%.1f" r="3.5"/>`, esc(colour), ex, ey)
		fmt.Fprintf(&b, `<text class="val" x="%.1f" y="%.1f">%s %.1f</text>`, ex+6, ey+4, esc(row.Name), row.Conservative())
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}
