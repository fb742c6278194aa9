package oddspages

import (
	"fmt"

	"tableside/engine/risk"
)

// oddsChart is the outcome chart as bars ready to draw, so the page and its
// script draw the same picture: the defender's best ending on the left, the
// attacker's best on the right, bar height the chance, each bar's chance
// written on it where there is room, and an axis from 0 to the tallest.
type oddsChart struct {
	Width  int        `json:"width"`
	Height int        `json:"height"`
	Bars   []chartBar `json:"bars"`
	Split  float64    `json:"split"` // x of the line between "defender holds" and "you win"
	From   string     `json:"from"`  // the leftmost bar's outcome
	To     string     `json:"to"`    // the rightmost bar's outcome
	Top    string     `json:"top"`   // the axis's top: the tallest bar's chance
	Hidden string     `json:"hidden,omitempty"`
	// Endings lists every bar in words with its chance, for reading
	// without tapping (the page shows it under the chart).
	Endings []string `json:"endings"`
}

type chartBar struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
	// Kind is what the ending means for the attacker, drawn by colour and
	// pattern both: "win" (every territory taken), "part" (a chain stopped
	// after taking some), "hold" (stopped at the first).
	Kind  string  `json:"kind"`
	Title string  `json:"title"` // "you win with 5 left: 11.6%"
	Label string  `json:"label"` // "11.6%", on bars with room for it
	LX    float64 `json:"lx"`
	LY    float64 `json:"ly"`
}

const (
	chartW, chartH = 360, 170
	chartLeft      = 30 // the axis's labels
	chartTop       = 16 // room for the tallest bar's label
	chartMaxBars   = 40
	chartTiny      = 0.0005 // endings this unlikely at either end are left out
	chartLabelW    = 8      // a bar narrower than this has no room for its label
	chartLabelH    = 30     // nor one shorter than this
)

// chartGroup is one bar: outcomes next to each other, of the same kind.
type chartGroup struct {
	first, last risk.Outcome
	p           float64
}

func chartOf(o *risk.Odds) oddsChart {
	xs := o.Outcomes()
	lo, hi := 0, len(xs)
	hidden := 0.0
	for lo < hi-1 && xs[lo].P < chartTiny {
		hidden += xs[lo].P
		lo++
	}
	for hi-1 > lo && xs[hi-1].P < chartTiny {
		hidden += xs[hi-1].P
		hi--
	}
	xs = xs[lo:hi]
	per := (len(xs) + chartMaxBars - 1) / chartMaxBars
	var groups []chartGroup
	for _, x := range xs {
		if n := len(groups); n > 0 {
			g := &groups[n-1]
			same := g.first.Won == x.Won && g.first.Step == x.Step && !g.first.TooFew && !x.TooFew
			if same && sameRun(g, per) {
				g.last, g.p = x, g.p+x.P
				continue
			}
		}
		groups = append(groups, chartGroup{first: x, last: x, p: x.P})
	}
	c := oddsChart{Width: chartW, Height: chartH, Split: -1}
	if len(groups) == 0 {
		return c
	}
	top := 0.0
	for _, g := range groups {
		top = max(top, g.p)
	}
	chain := len(o.Steps) > 1
	plotW, plotH := float64(chartW-chartLeft), float64(chartH-chartTop)
	w := plotW / float64(len(groups))
	c.Top = pctText(top)
	for i, g := range groups {
		h := (plotH - 1) * g.p / top
		x := chartLeft + float64(i)*w
		b := chartBar{X: round2(x + w*0.08), Y: round2(chartH - h), W: round2(w * 0.84), H: round2(h), Kind: endingKind(g.first),
			Title: fmt.Sprintf("%s: %s", groupWords(g, chain), pctText(g.p))}
		// The chance is written up the bar (turned a quarter), where the
		// bar is tall and wide enough to hold it.
		if w >= chartLabelW && h >= chartLabelH {
			b.Label, b.LX, b.LY = pctText(g.p), round2(x+w/2+3), float64(chartH-3)
		}
		c.Bars = append(c.Bars, b)
		c.Endings = append(c.Endings, b.Title)
		if g.first.Won && c.Split < 0 {
			c.Split = round2(x)
		}
	}
	c.From, c.To = groupWords(groups[0], chain), groupWords(groups[len(groups)-1], chain)
	if hidden > 0 {
		c.Hidden = fmt.Sprintf("Endings under %.2f%% each at the far ends (%s in all) are left out.", 100*chartTiny, pctText(hidden))
	}
	return c
}

// sameRun reports whether a group still has room for one more outcome.
func sameRun(g *chartGroup, per int) bool {
	n := g.last.Left - g.first.Left
	if n < 0 {
		n = -n
	}
	return n+1 < per
}

// groupWords says what a bar stands for: one outcome, or a run of them.
func groupWords(g chartGroup, chain bool) string {
	if g.first.Left == g.last.Left || g.first.TooFew {
		return g.first.Words(chain)
	}
	lo, hi := min(g.first.Left, g.last.Left), max(g.first.Left, g.last.Left)
	if g.first.Won {
		return fmt.Sprintf("you win with %d to %d left", lo, hi)
	}
	where := ""
	if chain {
		where = fmt.Sprintf(" at territory %d", g.first.Step+1)
	}
	return fmt.Sprintf("defender holds%s with %d to %d", where, lo, hi)
}

func round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// endingKind says what an ending means for the attacker: a chain that
// stopped after taking some territories is not a loss.
func endingKind(x risk.Outcome) string {
	switch {
	case x.Won:
		return "win"
	case x.Step > 0 || x.TooFew:
		return "part"
	}
	return "hold"
}
