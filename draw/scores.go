package draw

import (
	"fmt"
	"html/template"
	"strings"
)

// Point is one play on a scores-over-time chart.
type Point struct {
	Date  string
	Score int
	Won   bool
}

// Scores draws one person's scores at one game over time: a line through
// the plays in order, a square for a win and a circle otherwise.
func Scores(title string, pts []Point) template.HTML {
	if len(pts) == 0 {
		return ""
	}
	const w, h, left, right, top, bottom = 360.0, 200.0, 44.0, 12.0, 34.0, 30.0
	lo, hi := pts[0].Score, pts[0].Score
	for _, p := range pts {
		lo, hi = min(lo, p.Score), max(hi, p.Score)
	}
	if lo == hi {
		lo, hi = lo-1, hi+1
	}
	x := func(i int) float64 {
		if len(pts) == 1 {
			return left + (w-left-right)/2
		}
		return left + float64(i)*(w-left-right)/float64(len(pts)-1)
	}
	y := func(v int) float64 { return top + (h-top-bottom)*float64(hi-v)/float64(hi-lo) }
	var b strings.Builder
	var desc []string
	for _, p := range pts {
		d := fmt.Sprintf("%s: %d", p.Date, p.Score)
		if p.Won {
			d += " (won)"
		}
		desc = append(desc, d)
	}
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %g %g" role="img" aria-label="%s">`, w, h, esc(title))
	fmt.Fprintf(&b, `<title>%s</title><desc>%s</desc>`, esc(title), esc(strings.Join(desc, "; ")))
	fmt.Fprintf(&b, `<line class="axis" x1="%g" y1="%g" x2="%g" y2="%g"/>`, left, top, left, h-bottom)
	fmt.Fprintf(&b, `<line class="axis" x1="%g" y1="%g" x2="%g" y2="%g"/>`, left, h-bottom, w-right, h-bottom)
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="end">%d</text>`, left-4, y(hi)+4, hi)
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="end">%d</text>`, left-4, y(lo)+4, lo)
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="start">%s</text>`, left, h-bottom+16, esc(pts[0].Date))
	if len(pts) > 1 {
		fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="end">%s</text>`, w-right, h-bottom+16, esc(pts[len(pts)-1].Date))
	}
	var path []string
	for i, p := range pts {
		path = append(path, fmt.Sprintf("%.1f,%.1f", x(i), y(p.Score)))
	}
	fmt.Fprintf(&b, `<polyline class="line" points="%s"/>`, strings.Join(path, " "))
	label := len(pts) <= 12 // beyond a dozen plays, numbers would overlap
	for i, p := range pts {
		cx, cy := x(i), y(p.Score)
		if p.Won {
			fmt.Fprintf(&b, `<rect class="mark won" x="%.1f" y="%.1f" width="10" height="10"/>`, cx-5, cy-5)
		} else {
			fmt.Fprintf(&b, `<circle class="mark" cx="%.1f" cy="%.1f" r="4.5"/>`, cx, cy)
		}
		if label {
			fmt.Fprintf(&b, `<text class="val" x="%.1f" y="%.1f" text-anchor="middle">%d</text>`, cx, cy-9, p.Score)
		}
	}
	fmt.Fprintf(&b, `<rect class="mark won" x="%g" y="3" width="10" height="10"/><text class="tick" x="%g" y="12">won</text>`, w-150, w-136)
	fmt.Fprintf(&b, `<circle class="mark" cx="%g" cy="8" r="4.5"/><text class="tick" x="%g" y="12">other play</text>`, w-96, w-88)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// Bar is one labelled bar.
type Bar struct {
	Label  string
	Value  int    // wins
	Of     int    // plays: the bar is Value/Of of the full width, a rate
	Colour string // fill; a person's colour, or "" for the accent
}

// note says a bar's number in full: "1 of 4 plays (25 %)".
func (b Bar) note() string {
	n := fmt.Sprintf("%d %s", b.Value, playsNote(b.Of))
	if b.Of > 0 {
		n += " (" + Percent(float64(b.Value)/float64(b.Of)) + ")"
	}
	return n
}

// Bars draws labelled horizontal bars of win rates, each with its
// numbers written: a bar's length is its rate, so 1 win in 4 plays is a
// quarter of the width whatever the others did.
func Bars(title string, bars []Bar) template.HTML {
	if len(bars) == 0 {
		return ""
	}
	const w, rowH, labelW, numW = 360.0, 30.0, 110.0, 96.0
	h := rowH*float64(len(bars)) + 8
	var b strings.Builder
	var desc []string
	for _, br := range bars {
		desc = append(desc, br.Label+" "+br.note())
	}
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %g %g" role="img" aria-label="%s">`, w, h, esc(title))
	fmt.Fprintf(&b, `<title>%s</title><desc>%s</desc>`, esc(title), esc(strings.Join(desc, "; ")))
	for i, br := range bars {
		y := 4 + float64(i)*rowH
		length := 0.0
		if br.Of > 0 {
			length = (w - labelW - numW) * float64(br.Value) / float64(br.Of)
		}
		fill := `class="bar"`
		if br.Colour != "" {
			fill = fmt.Sprintf(`class="bar" fill="%s"`, esc(br.Colour))
		}
		fmt.Fprintf(&b, `<text class="lbl" x="%g" y="%g">%s</text>`, 0.0, y+19, esc(Clip(br.Label, 14)))
		fmt.Fprintf(&b, `<rect %s x="%g" y="%g" width="%.1f" height="%g" rx="3"/>`, fill, labelW, y+3, max(length, 2), rowH-8)
		fmt.Fprintf(&b, `<text class="val" x="%.1f" y="%g">%s</text>`, labelW+max(length, 2)+6, y+19, esc(br.note()))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// playsNote is "of 3 plays", "of 1 play".
func playsNote(n int) string {
	if n == 1 {
		return "of 1 play"
	}
	return fmt.Sprintf("of %d plays", n)
}
