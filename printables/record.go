package printables

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Record is a finished game's one-page record, as the engines and the score
// log tell it: the web and the command line gather it, this file lays it
// out. Everything in it is public: it is printed for the whole table.
type Record struct {
	Game  string // the game's name: "Cold Cash Risk"
	Title string // the table's name for the evening: "Friday night"
	When  string // when it was played, in words: "23 November 2026, 20:05 to 23:10"
	// Standings are the final scores, best first.
	Standings []RecordRow
	// Chart is each player's measure over the game (net worth, territories).
	Chart *RecordChart
	// Highlights are the evening's moments, one line each ("Biggest
	// merger: ...", "Luckiest battle: ...").
	Highlights []string
	// Luck is each player's luck with the dice, when the game had battles.
	Luck []RecordLuck
	// Dice is the commitment the game's dice were sealed with when it
	// opened (a game that rolls the app's dice; "" otherwise), so anyone
	// can hold an exported log to it (`tableside verify --first`).
	Dice string
}

// RecordRow is one player's final standing.
type RecordRow struct {
	Rank      int
	Name      string
	Score     string // "$41,300", "12 territories"
	Breakdown string // "cash $30,000 + bonuses $6,000 + stock $5,300"
	Winner    bool
}

// RecordChart is a line chart: one series per player, one point per
// answered command.
type RecordChart struct {
	Label   string // "Net worth ($)"
	Names   []string
	Colours []string // "#RRGGBB" per player; empty for the default palette
	Series  [][]int  // per player, the measure after each command
}

// RecordLuck is one player's luck: expected armies lost minus armies lost
// (positive is lucky) and the mean percentile of their battles.
type RecordLuck struct {
	Name    string
	Index   string // "+3.2 armies"
	Battles int
	Mean    string // "62nd percentile"
}

// palette colours a chart's lines when the players have no colours.
var palette = []string{"#1d6b4f", "#b3261e", "#1f5fbf", "#8a5a00", "#6a3d9a", "#00838f", "#444444", "#c2185b"}

// WriteRecord draws a game's record on one page and writes the PDF to w:
// the same record on the same paper gives the same bytes.
func WriteRecord(w io.Writer, rec Record, o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	s := Sheet{Name: "game-record", Title: "Game record", Game: rec.Game, draw: func(d *Doc) error { return d.record(rec) }}
	d := newDoc(o, "Tableside: "+rec.Game+" record")
	if err := s.drawOn(d); err != nil {
		return err
	}
	if err := d.pdf.Output(w); err != nil {
		return fmt.Errorf("print the game record: %w", err)
	}
	return nil
}

func (d *Doc) record(rec Record) error {
	d.AddPage()
	a := d.Paper.Printable()
	y := a.Y + 2
	d.fit(Rect{a.X, y, a.W, 12}, 22, "B", "L", rec.Game+": "+rec.Title)
	y += 12
	d.ink(grey)
	d.fit(Rect{a.X, y, a.W, 6}, 11, "", "L", rec.When)
	if rec.Dice != "" {
		y += 6
		d.fit(Rect{a.X, y, a.W, 5}, 8, "", "L", "Dice sealed when the game opened: "+rec.Dice)
	}
	d.ink(black)
	y += 10
	y = d.heading(a.X, y, a.W, 14, "Standings")
	rows := [][]string{{"", "Player", "Score", "How"}}
	for _, r := range rec.Standings {
		name := r.Name
		if r.Winner {
			name += " (winner)"
		}
		rows = append(rows, []string{fmt.Sprint(r.Rank), name, r.Score, r.Breakdown})
	}
	y = d.table(a.X, y, []float64{10, 48, 32, a.W - 90}, 7, 10, rows, "RLRL") + 6
	if c := rec.Chart; c != nil && len(c.Series) > 0 {
		y = d.heading(a.X, y, a.W, 14, c.Label+" over the game")
		y = d.recordChart(*c, Rect{a.X, y + 1, a.W, 80}) + 6
	}
	if len(rec.Highlights) > 0 {
		y = d.heading(a.X, y, a.W, 14, "The evening's moments")
		for _, h := range rec.Highlights {
			y = d.para(a.X, y, a.W, 10.5, "", "• "+h) + 1.5
		}
		y += 4
	}
	if len(rec.Luck) > 0 {
		y = d.heading(a.X, y, a.W, 14, "Luck with the dice")
		rows := [][]string{{"Player", "Luck index", "Battles", "Mean result"}}
		for _, l := range rec.Luck {
			rows = append(rows, []string{l.Name, l.Index, fmt.Sprint(l.Battles), l.Mean})
		}
		y = d.table(a.X, y, []float64{58, 40, 24, a.W - 122}, 7, 10, rows, "LRRL") + 2
		d.ink(grey)
		y = d.para(a.X, y, a.W, 8.5, "", "The luck index is the armies a player was expected to lose in their battles minus the armies they lost: above zero, the dice were kind. The mean result places each battle's outcome among all the outcomes it could have had.")
		d.ink(black)
	}
	return d.fits("the game record", y)
}

// recordChart draws the series as lines in box r with a left axis and the
// players' names at their lines' ends, and returns the y below it.
func (d *Doc) recordChart(c RecordChart, r Rect) float64 {
	lo, hi, n := 0, 1, 0
	for _, s := range c.Series {
		n = max(n, len(s))
		for _, v := range s {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	axisW, nameW := 18.0, 30.0
	plot := Rect{r.X + axisW, r.Y, r.W - axisW - nameW, r.H - 6}
	d.stroke(RGB{170, 170, 170})
	d.SetLineWidth(0.2)
	d.Line(plot.X, plot.Y, plot.X, plot.Y+plot.H)
	d.Line(plot.X, plot.Y+plot.H, plot.X+plot.W, plot.Y+plot.H)
	yOf := func(v int) float64 { return plot.Y + plot.H - float64(v-lo)/float64(hi-lo)*plot.H }
	xOf := func(i int) float64 {
		if n <= 1 {
			return plot.X
		}
		return plot.X + float64(i)/float64(n-1)*plot.W
	}
	d.ink(grey)
	for _, v := range []int{lo, (lo + hi) / 2, hi} {
		d.fit(Rect{r.X, yOf(v) - 2.5, axisW - 1.5, 5}, 7.5, "", "R", shortNumber(v))
		d.Line(plot.X-1, yOf(v), plot.X, yOf(v))
	}
	d.fit(Rect{plot.X, plot.Y + plot.H + 0.5, plot.W, 5}, 7.5, "", "C", fmt.Sprintf("%d commands, from the first to the last", max(n-1, 0)))
	labelY := endLabels(c.Series, yOf, 4.5)
	for i, s := range c.Series {
		col := palette[i%len(palette)]
		if i < len(c.Colours) && c.Colours[i] != "" {
			col = c.Colours[i]
		}
		d.stroke(Hex(col))
		d.SetLineWidth(0.6)
		if i%2 == 1 { // a second cue besides colour, for grey printers
			d.SetDashPattern([]float64{1.6, 0.8}, 0)
		}
		for j := 1; j < len(s); j++ {
			d.Line(xOf(j-1), yOf(s[j-1]), xOf(j), yOf(s[j]))
		}
		d.SetDashPattern(nil, 0)
		if len(s) > 0 && i < len(c.Names) {
			d.ink(Hex(col))
			d.fit(Rect{plot.X + plot.W + 1, labelY[i] - 2.5, nameW - 1, 5}, 8, "B", "L", c.Names[i])
		}
	}
	d.resetStyle()
	return r.Y + r.H
}

// endLabels places each series' name beside its last point, pushed apart
// so that no two names are closer than gap (mm).
func endLabels(series [][]int, yOf func(int) float64, gap float64) []float64 {
	ys := make([]float64, len(series))
	order := make([]int, 0, len(series))
	for i, s := range series {
		if len(s) > 0 {
			ys[i] = yOf(s[len(s)-1])
			order = append(order, i)
		}
	}
	sort.Slice(order, func(a, b int) bool { return ys[order[a]] < ys[order[b]] })
	for k := 1; k < len(order); k++ {
		if prev := ys[order[k-1]]; ys[order[k]] < prev+gap {
			ys[order[k]] = prev + gap
		}
	}
	return ys
}

// shortNumber says an axis value briefly: 41300 as "41.3k".
func shortNumber(v int) string {
	switch a := max(v, -v); {
	case a >= 1_000_000:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(v)/1e6), ".0") + "M"
	case a >= 10_000:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(v)/1e3), ".0") + "k"
	}
	return fmt.Sprint(v)
}
