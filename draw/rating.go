package draw

import (
	"fmt"
	"html/template"
	"math"
	"strings"
)

// RatingLine is one person's conservative rating after each of their rated
// plays.
type RatingLine struct {
	Name   string
	Colour string  // the person's colour; "" draws grey
	Now    float64 // the rating now, written at the line's end
	Plays  int
	Points []RatingPoint
}

// RatingPoint is a rating after one play: At is the play's place among all
// the rated plays (dates), so every line shares one time axis.
type RatingPoint struct {
	At    int
	Value float64
}

// RatingAxis is the time axis: how many plays were rated, and the first
// and last one's dates (a league's 100,000 dates are not copied to draw two).
type RatingAxis struct {
	Plays       int
	First, Last string
}

// Ratings draws conservative ratings over the rated plays: one line each,
// in the person's colour and named with its value at its end (colour is
// never the only signal), the plays evenly spaced along the bottom from the
// first date to the last. Nothing is drawn without lines or plays.
func Ratings(title string, axis RatingAxis, lines []RatingLine) template.HTML {
	if len(lines) == 0 || axis.Plays == 0 {
		return ""
	}
	const w, h, left, right, top, bottom = 360.0, 220.0, 36.0, 78.0, 16.0, 30.0
	lo, hi := 0.0, 0.0
	for _, l := range lines {
		for _, p := range l.Points {
			lo, hi = math.Min(lo, p.Value), math.Max(hi, p.Value)
		}
	}
	lo, hi = math.Floor(lo), math.Ceil(hi)
	if hi-lo < 1 {
		hi = lo + 1
	}
	x := func(i int) float64 {
		if axis.Plays < 2 {
			return left + (w-left-right)/2
		}
		return left + float64(i)*(w-left-right)/float64(axis.Plays-1)
	}
	y := func(v float64) float64 { return top + (h-top-bottom)*(hi-v)/(hi-lo) }
	var b strings.Builder
	var desc []string
	for _, l := range lines {
		desc = append(desc, fmt.Sprintf("%s: %.1f after %d plays", l.Name, l.Now, l.Plays))
	}
	fmt.Fprintf(&b, `<svg class="chart rating-chart" viewBox="0 0 %g %g" role="img" aria-label="%s">`, w, h, esc(title))
	fmt.Fprintf(&b, `<title>%s</title><desc>%s</desc>`, esc(title), esc(strings.Join(desc, "; ")))
	fmt.Fprintf(&b, `<line class="axis" x1="%g" y1="%g" x2="%g" y2="%g"/>`, left, top, left, h-bottom)
	fmt.Fprintf(&b, `<line class="axis" x1="%g" y1="%.1f" x2="%g" y2="%.1f"/>`, left, y(0), w-right, y(0))
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%.1f" text-anchor="end">%g</text>`, left-4, y(hi)+4, hi)
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%.1f" text-anchor="end">%g</text>`, left-4, y(lo)+4, lo)
	fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="start">%s</text>`, left, h-bottom+16, esc(axis.First))
	if axis.Plays > 1 {
		fmt.Fprintf(&b, `<text class="tick" x="%g" y="%g" text-anchor="end">%s</text>`, w-right, h-bottom+16, esc(axis.Last))
	}
	for _, l := range lines {
		colour := l.Colour
		if colour == "" {
			colour = "#555555"
		}
		pts := make([]string, 0, len(l.Points))
		var ex, ey float64
		for _, p := range l.Points {
			ex, ey = x(p.At), y(p.Value)
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", ex, ey))
		}
		fmt.Fprintf(&b, `<polyline class="rline" stroke="%s" points="%s"/>`, esc(colour), strings.Join(pts, " "))
		fmt.Fprintf(&b, `<circle class="rmark" fill="%s" cx="%.1f" cy="%.1f" r="3.5"/>`, esc(colour), ex, ey)
		fmt.Fprintf(&b, `<text class="val" x="%.1f" y="%.1f">%s %.1f</text>`, ex+6, ey+4, esc(l.Name), l.Now)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}
