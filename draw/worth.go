package draw

import (
	"fmt"
	"html/template"
	"slices"
	"strings"

	"tableside/engine"
)

// FormatMeasure writes one value: "$12,300" or "14".
func FormatMeasure(m engine.Measure, x int) string {
	if m.Money {
		return engine.Dollars(x)
	}
	return engine.Thousands(x)
}

// shortMeasure writes an axis value compactly: "$12k", "140".
func shortMeasure(m engine.Measure, x int) string {
	s := engine.Thousands(x)
	switch {
	case abs(x) >= 10000 && x%1000 == 0:
		s = fmt.Sprintf("%dk", x/1000)
	case abs(x) >= 10000:
		s = strings.TrimSuffix(fmt.Sprintf("%.1fk", float64(x)/1000), ".0k")
	}
	if m.Money {
		if x < 0 {
			return "-$" + strings.TrimPrefix(s, "-")
		}
		return "$" + s
	}
	return s
}

// PlayerName names a seat for a chart: its name, or "seat 3".
func PlayerName(seats []engine.Seat, i int) string {
	if i >= 0 && i < len(seats) {
		return seats[i].Name
	}
	return fmt.Sprintf("seat %d", i+1)
}

// Worth draws one measure: the axes, a line per seat through the steps
// it may see (a gap where it may not), its name at its end, and step at
// marked.
func Worth(m engine.Measure, seats []engine.Seat, colours []string, values [][]int, shown [][]bool, at int) template.HTML {
	const w, h, left, right, top, bottom = 360.0, 220.0, 48.0, 66.0, 12.0, 34.0
	steps := 0
	lo, hi, any := 0, 0, false
	for seat := range values {
		steps = max(steps, len(values[seat]))
		for k, x := range values[seat] {
			if shown[seat][k] {
				lo, hi, any = min(lo, x), max(hi, x), true
			}
		}
	}
	hi = NiceCeil(hi)
	if lo < 0 {
		lo = -NiceCeil(-lo)
	}
	if hi == lo {
		hi = lo + 1
	}
	n := max(steps-1, 1)
	x := func(k int) float64 { return left + float64(k)*(w-left-right)/float64(n) }
	y := func(v int) float64 { return top + (h-top-bottom)*float64(hi-v)/float64(hi-lo) }
	var b strings.Builder
	title := m.Label + " after every command"
	fmt.Fprintf(&b, `<svg class="chart worth" viewBox="0 0 %g %g" role="img" aria-label="%s">`, w, h, esc(title))
	fmt.Fprintf(&b, `<title>%s</title><desc>%s</desc>`, esc(title), esc(worthDesc(m, seats, values, shown)))
	// Axes, with the top, the middle and the bottom written.
	fmt.Fprintf(&b, `<line class="axis" x1="%g" y1="%g" x2="%g" y2="%g"/>`, left, top, left, h-bottom)
	fmt.Fprintf(&b, `<line class="axis" x1="%g" y1="%.1f" x2="%g" y2="%.1f"/>`, left, y(lo), w-right, y(lo))
	for _, t := range []int{lo, (lo + hi) / 2, hi} {
		fmt.Fprintf(&b, `<line class="grid" x1="%g" y1="%.1f" x2="%g" y2="%.1f"/>`, left, y(t), w-right, y(t))
		fmt.Fprintf(&b, `<text class="tick" x="%g" y="%.1f" text-anchor="end">%s</text>`, left-4, y(t)+4, esc(shortMeasure(m, t)))
	}
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="start">start</text>`, left, h-bottom+16)
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="end">command %d</text>`, w-right, h-bottom+16, steps-1)
	if at >= 0 && at < steps {
		fmt.Fprintf(&b, `<line class="now" x1="%.1f" y1="%g" x2="%.1f" y2="%g"/>`, x(at), top, x(at), h-bottom)
	}
	type end struct {
		seat int
		y    float64
	}
	var ends []end
	for seat := range values {
		colour, dash := colours[seat%len(colours)], Dashes[seat%len(Dashes)]
		for _, seg := range Segments(values[seat], shown[seat]) {
			var pts []string
			for _, k := range seg {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(k), y(values[seat][k])))
			}
			if len(seg) == 1 { // a lone point: a dot, or it would not show
				fmt.Fprintf(&b, `<circle class="dot" cx="%.1f" cy="%.1f" r="3" fill="%s"/>`, x(seg[0]), y(values[seat][seg[0]]), colour)
				continue
			}
			fmt.Fprintf(&b, `<polyline class="pline" points="%s" stroke="%s"%s/>`, strings.Join(pts, " "), colour, dashAttr(dash))
		}
		if at >= 0 && at < steps && shown[seat][at] {
			fmt.Fprintf(&b, `<circle class="dot" cx="%.1f" cy="%.1f" r="3.5" fill="%s"/>`, x(at), y(values[seat][at]), colour)
		}
		if k := lastShown(shown[seat]); k >= 0 {
			ends = append(ends, end{seat, y(values[seat][k])})
		}
	}
	// Names at the lines' ends, pushed apart so none overlaps another.
	slices.SortStableFunc(ends, func(a, b end) int {
		switch {
		case a.y < b.y:
			return -1
		case a.y > b.y:
			return 1
		}
		return 0
	})
	for i := 1; i < len(ends); i++ {
		ends[i].y = max(ends[i].y, ends[i-1].y+14)
	}
	for i := len(ends) - 1; i >= 0; i-- { // and back inside the frame
		limit := h - bottom + 4 - float64(len(ends)-1-i)*14
		ends[i].y = min(ends[i].y, limit)
	}
	for _, e := range ends {
		fmt.Fprintf(&b, `<rect x="%g" y="%.1f" width="6" height="6" fill="%s"/>`, w-right+3, e.y-3, colours[e.seat%len(colours)])
		fmt.Fprintf(&b, `<text class="who" x="%g" y="%.1f">%s</text>`, w-right+12, e.y+4, esc(Clip(PlayerName(seats, e.seat), 7)))
	}
	if !any {
		fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="middle">nothing to show yet</text>`, (left+w-right)/2, (top+h-bottom)/2)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// Segments splits a line into runs of shown steps, leaving out the middle
// of a flat stretch (a point equal to both neighbours adds nothing).
func Segments(values []int, shown []bool) [][]int {
	var out [][]int
	var cur []int
	for k := range values {
		if !shown[k] {
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = nil
			continue
		}
		if n := len(cur); n >= 2 && values[cur[n-1]] == values[k] && values[cur[n-2]] == values[k] {
			cur[n-1] = k
			continue
		}
		cur = append(cur, k)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

func lastShown(shown []bool) int {
	for k := len(shown) - 1; k >= 0; k-- {
		if shown[k] {
			return k
		}
	}
	return -1
}

// worthDesc says the chart in words for screen readers: each player's
// first and last value shown.
func worthDesc(m engine.Measure, seats []engine.Seat, values [][]int, shown [][]bool) string {
	var parts []string
	for seat := range values {
		first, last := -1, lastShown(shown[seat])
		for k, ok := range shown[seat] {
			if ok {
				first = k
				break
			}
		}
		name := PlayerName(seats, seat)
		if first < 0 {
			parts = append(parts, name+": hidden")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s: %s at command %d, %s at command %d", name,
			FormatMeasure(m, values[seat][first]), first, FormatMeasure(m, values[seat][last]), last))
	}
	return strings.Join(parts, "; ")
}
