package printables

import (
	"fmt"
	"math"
	"strconv"

	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
)

// The odds table's range, armies as counted on the board.
const (
	oddsMinAtt, oddsMaxAtt = 2, 20
	oddsMaxDef             = 15
)

// ConquerTable is the chance, from the battle engine, that a attacking
// armies (on the board) take a territory held by d, for the printed ranges:
// [a-oddsMinAtt][d-1].
func ConquerTable() ([][]float64, error) {
	out := make([][]float64, 0, oddsMaxAtt-oddsMinAtt+1)
	for a := oddsMinAtt; a <= oddsMaxAtt; a++ {
		row := make([]float64, oddsMaxDef)
		for d := 1; d <= oddsMaxDef; d++ {
			o, err := risk.Compute(risk.Query{Attackers: a, Defenders: []risk.Defender{{Armies: d}}})
			if err != nil {
				return nil, fmt.Errorf("odds %d v %d: %w", a, d, err)
			}
			row[d-1] = o.Win
		}
		out = append(out, row)
	}
	return out, nil
}

// MomPopRow is the chance, from the battle engine, that 2 to 20 attacking
// armies take a Mom & Pop, whose defenders are one die roll.
func MomPopRow() ([]float64, error) {
	var out []float64
	for a := oddsMinAtt; a <= oddsMaxAtt; a++ {
		o, err := risk.Compute(risk.Query{Attackers: a, Defenders: []risk.Defender{{MomPop: true}}})
		if err != nil {
			return nil, fmt.Errorf("odds %d v a Mom & Pop: %w", a, err)
		}
		out = append(out, o.Win)
	}
	return out, nil
}

// pct prints a chance as a whole percentage, keeping "<1" and ">99" honest
// instead of rounding to 0 or 100.
func pct(p float64) string {
	v := p * 100
	switch {
	case v > 0 && v < 0.5:
		return "<1"
	case v < 100 && v > 99.5:
		return ">99"
	}
	return strconv.Itoa(int(math.Round(v)))
}

// heat shades a chance from red (0) through pale yellow to green (1).
func heat(p float64) RGB {
	lo, mid, hi := RGB{230, 120, 110}, RGB{250, 245, 200}, RGB{110, 195, 120}
	mix := func(a, b RGB, t float64) RGB {
		f := func(x, y int) int { return int(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
		return RGB{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B)}
	}
	if p < 0.5 {
		return mix(lo, mid, p*2)
	}
	return mix(mid, hi, (p-0.5)*2)
}

func drawRiskOdds(d *Doc) error {
	table, err := ConquerTable()
	if err != nil {
		return err
	}
	d.AddPage()
	area := d.Paper.Printable()
	d.fit(Rect{area.X, area.Y, area.W, 8}, 15, "B", "L", "RISK odds")
	y := d.para(area.X, area.Y+8, area.W, 7, "", "Chance (%) that the attacker takes the territory, fighting to the end with the most dice each roll, computed exactly over every roll. "+risk.ConventionFor(10))
	y += 1.5
	// The conquest table.
	labelW := 16.0
	cw := (area.W - labelW) / oddsMaxDef
	rh := 4.6
	d.fill(light)
	d.Rect(area.X, y, area.W, rh, "F")
	d.fit(Rect{area.X, y, labelW, rh}, 6.5, "B", "C", "att. \\ def.")
	for j := 1; j <= oddsMaxDef; j++ {
		d.fit(Rect{area.X + labelW + float64(j-1)*cw, y, cw, rh}, 7, "B", "C", strconv.Itoa(j))
	}
	y += rh
	for i, row := range table {
		d.fill(light)
		d.Rect(area.X, y, labelW, rh, "F")
		d.fit(Rect{area.X, y, labelW, rh}, 7, "B", "C", strconv.Itoa(i+oddsMinAtt))
		for j, p := range row {
			x := area.X + labelW + float64(j)*cw
			d.fill(heat(p))
			d.Rect(x, y, cw, rh, "F")
			d.ink(black)
			d.fit(Rect{x, y, cw, rh}, 6.5, "", "C", pct(p))
		}
		y += rh
	}
	d.stroke(white)
	d.SetLineWidth(0.2)
	for j := 0; j <= oddsMaxDef; j++ {
		x := area.X + labelW + float64(j)*cw
		d.Line(x, y-rh*float64(len(table)+1), x, y)
	}
	d.resetStyle()
	y += 3
	// Cold Cash Risk: a Mom & Pop's defenders are one die roll.
	mp, err := MomPopRow()
	if err != nil {
		return err
	}
	y = d.heading(area.X, y, area.W, 8, "Cold Cash Risk: against a Mom & Pop (its defenders are one die roll, 1-6)")
	mw := area.W / float64(len(mp)+1)
	d.fill(light)
	d.Rect(area.X, y, area.W, rh, "F")
	d.fit(Rect{area.X, y, mw, rh}, 6.5, "B", "C", "att.")
	d.fit(Rect{area.X, y + rh, mw, rh}, 6.5, "B", "C", "%")
	for i, p := range mp {
		x := area.X + float64(i+1)*mw
		d.fit(Rect{x, y, mw, rh}, 6.5, "B", "C", strconv.Itoa(i+oddsMinAtt))
		d.fill(heat(p))
		d.Rect(x, y+rh, mw, rh, "F")
		d.fit(Rect{x, y + rh, mw, rh}, 6.5, "", "C", pct(p))
	}
	d.resetStyle()
	y += 2*rh + 4
	colW := (area.W - 6) / 2
	yl := d.singleRolls(area.X, y, colW)
	yr := d.houseRules(area.X+colW+6, y, colW)
	if err := d.fits("the odds sheet", max(yl, yr)); err != nil {
		return err
	}
	return d.Error()
}

// singleRolls prints the exact chances of one roll, by dice on each side.
func (d *Doc) singleRolls(x, y, w float64) float64 {
	y = d.heading(x, y, w, 9, "One roll")
	rows := [][]string{{"Dice", "Defender loses", "Split 1-1", "Attacker loses"}}
	for _, c := range [][2]int{{3, 2}, {2, 2}, {1, 2}, {3, 1}, {2, 1}, {1, 1}} {
		rc, err := risk.OneRoll(c[0], c[1])
		if err != nil {
			d.SetError(err)
			return y
		}
		cell := func(ways int64) string {
			return fmt.Sprintf("%s%% (%d/%d)", pct1(float64(ways)/float64(rc.Of)), ways, rc.Of)
		}
		label := fmt.Sprintf("%d v %d", c[0], c[1])
		if rc.Compared == 2 {
			rows = append(rows, []string{label, "2: " + cell(rc.Ways[0]), cell(rc.Ways[1]), "2: " + cell(rc.Ways[2])})
		} else {
			rows = append(rows, []string{label, "1: " + cell(rc.Ways[0]), "–", "1: " + cell(rc.Ways[1])})
		}
	}
	y = d.table(x, y, []float64{w * 0.13, w * 0.31, w * 0.25, w * 0.31}, 4.4, 6.5, rows, "LLLL")
	return d.para(x, y+1, w, 6.5, "", fmt.Sprintf("Dice: attacker up to %d (one army stays home), defender up to %d. Highest against highest, then second against second; the defender wins ties.", risk.MaxAttackDice, risk.ClassicDefenderDice))
}

func pct1(p float64) string { return strconv.FormatFloat(p*100, 'f', 1, 64) }

// houseRules prints the club's reinforcement table and card-set values.
func (d *Doc) houseRules(x, y, w float64) float64 {
	y = d.heading(x, y, w, 9, "House rules: builds")
	// Territories to armies, grouped where the build is the same.
	rows := [][]string{{"Territories", "Armies", "Territories", "Armies"}}
	var groups [][2]string
	start := 1
	for n := 1; n <= risk.Classic().Len(); n++ {
		if n == risk.Classic().Len() || conquest.BasicBuild(n+1) != conquest.BasicBuild(n) {
			label := strconv.Itoa(start)
			if n > start {
				label += "-" + strconv.Itoa(n)
			}
			groups = append(groups, [2]string{label, strconv.Itoa(conquest.BasicBuild(n))})
			start = n + 1
		}
	}
	half := (len(groups) + 1) / 2
	for i := 0; i < half; i++ {
		r := []string{groups[i][0], groups[i][1], "", ""}
		if i+half < len(groups) {
			r[2], r[3] = groups[i+half][0], groups[i+half][1]
		}
		rows = append(rows, r)
	}
	y = d.table(x, y, []float64{w * 0.3, w * 0.2, w * 0.3, w * 0.2}, 3.8, 6.5, rows, "LRLR") + 1
	cont := "Continents: "
	for i, c := range risk.Classic().Continents() {
		if i > 0 {
			cont += ", "
		}
		cont += fmt.Sprintf("%s %d", c.Name, c.Bonus)
	}
	y = d.para(x, y, w, 6.5, "", fmt.Sprintf("A third of your territories, rounded down, at least %d. ", conquest.MinBuild)+cont+".") + 1.5
	y = d.heading(x, y, w, 9, "House rules: card sets (fixed)")
	rows = [][]string{{"Set", "Armies"}}
	for _, s := range riskclassic.SetPrices() {
		rows = append(rows, []string{s.Set, strconv.Itoa(s.Armies)})
	}
	y = d.table(x, y, []float64{w * 0.7, w * 0.3}, 3.8, 6.5, rows, "LR") + 1
	y = d.para(x, y, w, 6.5, "", fmt.Sprintf("Sets never grow. +%d armies for each traded card whose territory you hold, placed there.", conquest.CardBonusArmies)) + 1.5
	y = d.heading(x, y, w, 9, "House rules: starting armies")
	row := []string{"Players"}
	arm := []string{"Armies"}
	for p := riskclassic.Variant.MinSeats; p <= riskclassic.Variant.MaxSeats; p++ {
		row, arm = append(row, strconv.Itoa(p)), append(arm, strconv.Itoa(riskclassic.StartTable[p]))
	}
	ws := []float64{w * 0.25, w * 0.15, w * 0.15, w * 0.15, w * 0.15, w * 0.15}
	return d.table(x, y, ws, 3.8, 6.5, [][]string{row, arm}, "LRRRRR")
}
