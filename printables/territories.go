package printables

import (
	"fmt"
	"strings"

	"tableside/engine/risk"
	"tableside/engine/riskclassic"
)

// DefaultSymbols returns the engine's default card symbols (the deck a
// RISK game deals unless the table changes it) as CSV, for a table to copy
// and edit.
func DefaultSymbols() []byte {
	m := risk.Classic()
	return risk.WriteSymbolsCSV(m, classicSymbols(m), `Troop symbol on each territory card: 14 infantry, 14 cavalry, 14 artillery.
Copy this file, change any lines, and print with: tableside print territory-cards --symbols FILE`)
}

// classicSymbols is the engine's default deck, in territory ID order.
func classicSymbols(m *risk.Map) []risk.Symbol {
	syms, err := risk.ParseSymbols(risk.ClassicSymbols, m.Len())
	if err != nil {
		panic("the engine's default card symbols do not fit its map: " + err.Error())
	}
	return syms
}

// CardSymbols is the assignment a print uses: the engine's default deck,
// with the table's CSV override on top, in territory ID order.
func CardSymbols(override []byte) ([]risk.Symbol, error) {
	m := risk.Classic()
	base := classicSymbols(m)
	if len(override) == 0 {
		return base, nil
	}
	return risk.ReadSymbolsCSV(m, base, override)
}

// continentColours follow the house rules' board: Africa orange, Asia
// green, Australia purple, Europe blue, North America brown, South America
// light green.
var continentColours = map[risk.ContinentID]RGB{
	risk.NorthAmerica: {139, 90, 43}, risk.SouthAmerica: {110, 170, 60}, risk.Europe: {40, 90, 170},
	risk.Africa: {220, 120, 20}, risk.Asia: {30, 120, 60}, risk.Australia: {120, 60, 150},
}

var pokerSpec = GridSpec{W: PokerW, H: PokerH}

func drawTerritoryCards(d *Doc) error {
	m := risk.Classic()
	syms, err := CardSymbols(d.Opt.Symbols)
	if err != nil {
		return err
	}
	var ps []piece
	total := m.Len() + riskclassic.Jokers
	for i, t := range m.Territories() {
		t, i, sym := t, i, syms[t.ID]
		c, _ := m.Continent(t.Continent)
		ps = append(ps, piece{front: func(d *Doc, r Rect) { d.territoryCard(r, t.Name, c, sym, i+1, total) }, back: cardBack})
	}
	for w := 1; w <= riskclassic.Jokers; w++ {
		n := m.Len() + w
		ps = append(ps, piece{front: func(d *Doc, r Rect) { d.wildCard(r, n, total) }, back: cardBack})
	}
	return d.layPieces("territory card", "Territory cards", pokerSpec, ps)
}

func (d *Doc) territoryCard(r Rect, name string, c risk.Continent, sym risk.Symbol, n, total int) {
	col := continentColours[c.ID]
	in := r.Inset(3)
	d.stroke(col)
	d.SetLineWidth(0.6)
	d.roundRect(in.X, in.Y, in.W, in.H, 2.5, "1234", "D")
	d.band(in, 14, col)
	d.fit(Rect{in.X + 2, in.Y + 1, in.W - 4, 12}, 12, "B", "C", strings.ToUpper(name))
	d.drawTroop(sym, in.CX(), in.Y+40, 34, col)
	d.ink(black)
	d.fit(Rect{in.X + 2, in.Y + 60, in.W - 4, 5}, 8, "B", "C", strings.ToUpper(string(sym)))
	if d.saver() {
		d.stroke(col)
		d.SetLineWidth(0.3)
		d.Line(in.X, in.Y+in.H-14, in.X+in.W, in.Y+in.H-14)
	} else {
		d.fill(col.Tint(0.85))
		d.roundRect(in.X, in.Y+in.H-14, in.W, 14, 2.5, "34", "F")
	}
	d.ink(black)
	d.fit(Rect{in.X + 2, in.Y + in.H - 13.5, in.W - 4, 7}, 9, "B", "C", c.Name)
	d.ink(grey)
	d.fit(Rect{in.X + 2, in.Y + in.H - 7.5, in.W - 4, 6}, 6.5, "", "C", fmt.Sprintf("continent bonus +%d – card %d of %d", c.Bonus, n, total))
}

func (d *Doc) wildCard(r Rect, n, total int) {
	in := r.Inset(3)
	d.stroke(black)
	d.SetLineWidth(0.6)
	d.roundRect(in.X, in.Y, in.W, in.H, 2.5, "1234", "D")
	d.band(in, 14, RGB{40, 40, 40})
	d.fit(Rect{in.X + 2, in.Y + 1, in.W - 4, 12}, 14, "B", "C", "WILD")
	for i, t := range []risk.Symbol{risk.Infantry, risk.Cavalry, risk.Artillery} {
		d.drawTroop(t, in.CX(), in.Y+24+float64(i)*17, 14, RGB{40, 40, 40})
	}
	d.ink(black)
	d.fit(Rect{in.X + 2, in.Y + in.H - 13, in.W - 4, 6}, 7.5, "", "C", "Counts as any symbol in a set")
	d.ink(grey)
	d.fit(Rect{in.X + 2, in.Y + in.H - 7.5, in.W - 4, 6}, 6.5, "", "C", fmt.Sprintf("card %d of %d", n, total))
}

// band is a card's title band, h tall at the top of in: filled with the
// colour and ready for white text, or with ink saver a thin rule under it
// and the text in the colour.
func (d *Doc) band(in Rect, h float64, col RGB) {
	if d.saver() {
		d.stroke(col)
		d.SetLineWidth(0.3)
		d.Line(in.X, in.Y+h, in.X+in.W, in.Y+h)
		d.ink(col)
		return
	}
	d.fill(col)
	d.roundRect(in.X, in.Y, in.W, h, 2.5, "12", "F")
	d.ink(white)
}

// cardBack is the shared back of territory and player aid cards: a border,
// a diagonal lattice and a compass star (with ink saver: the border, a
// thin ring and the star).
func cardBack(d *Doc, r Rect) {
	navy := RGB{30, 45, 80}
	in := r.Inset(3)
	if d.saver() {
		d.stroke(navy)
		d.SetLineWidth(0.6)
		d.roundRect(in.X, in.Y, in.W, in.H, 2.5, "1234", "D")
		d.SetLineWidth(0.3)
		d.Circle(in.CX(), in.CY(), 17, "D")
		d.fill(RGB{230, 190, 80})
		d.poly(in.CX(), in.CY(), 15, [][2]float64{{0, -1}, {0.18, -0.18}, {1, 0}, {0.18, 0.18}, {0, 1}, {-0.18, 0.18}, {-1, 0}, {-0.18, -0.18}}, "F")
		d.ink(navy)
		d.fit(Rect{in.X, in.Y + in.H - 12, in.W, 6}, 8, "B", "C", "TABLESIDE")
		return
	}
	d.fill(navy)
	d.roundRect(in.X, in.Y, in.W, in.H, 2.5, "1234", "F")
	d.ClipRect(in.X+2, in.Y+2, in.W-4, in.H-4, false)
	d.stroke(navy.Tint(0.25))
	d.SetLineWidth(0.3)
	for k := -in.H; k < in.W+in.H; k += 6 {
		d.Line(in.X+k, in.Y, in.X+k+in.H, in.Y+in.H)
		d.Line(in.X+k, in.Y+in.H, in.X+k+in.H, in.Y)
	}
	d.ClipEnd()
	d.fill(navy)
	d.Circle(in.CX(), in.CY(), 17, "F")
	d.fill(RGB{230, 190, 80})
	d.poly(in.CX(), in.CY(), 15, [][2]float64{{0, -1}, {0.18, -0.18}, {1, 0}, {0.18, 0.18}, {0, 1}, {-0.18, 0.18}, {-1, 0}, {-0.18, -0.18}}, "F")
	d.ink(white)
	d.fit(Rect{in.X, in.Y + in.H - 12, in.W, 6}, 8, "B", "C", "TABLESIDE")
}
