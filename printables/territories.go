package printables

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"tableside/engine/risk"
)

// defaultSymbols is the troop symbol on each territory card. No official
// list exists, so this is data a table can replace: 14 of each symbol.
//
//go:embed data/card-symbols.csv
var defaultSymbols []byte

// DefaultSymbols returns the embedded default assignment, as CSV, for a
// table to copy and edit.
func DefaultSymbols() []byte { return append([]byte(nil), defaultSymbols...) }

// ParseSymbols reads "territory,symbol" lines (a header line and lines
// starting with # are ignored) and returns the symbol of each territory ID.
// Territories not listed keep base's symbol.
func ParseSymbols(m *risk.Map, base map[risk.TerritoryID]Troop, data []byte) (map[risk.TerritoryID]Troop, error) {
	out := make(map[risk.TerritoryID]Troop, m.Len())
	for k, v := range base {
		out[k] = v
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.Comment = '#'
	r.TrimLeadingSpace = true
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("symbols: %w", err)
		}
		line, _ := r.FieldPos(0)
		if len(rec) != 2 {
			return nil, fmt.Errorf("symbols line %d: want territory,symbol", line)
		}
		name, sym := strings.TrimSpace(rec[0]), Troop(strings.ToLower(strings.TrimSpace(rec[1])))
		if strings.EqualFold(name, "territory") {
			continue
		}
		id, ok := m.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("symbols line %d: no territory %q on the map", line, name)
		}
		if sym != Infantry && sym != Cavalry && sym != Artillery {
			return nil, fmt.Errorf("symbols line %d: symbol %q: want infantry, cavalry or artillery", line, sym)
		}
		out[id] = sym
	}
	return out, nil
}

// CardSymbols is the assignment a print uses: the embedded default, with
// the table's override on top.
func CardSymbols(override []byte) (map[risk.TerritoryID]Troop, error) {
	m := risk.Classic()
	base, err := ParseSymbols(m, nil, defaultSymbols)
	if err != nil {
		return nil, fmt.Errorf("default symbols: %w", err)
	}
	if len(base) != m.Len() {
		return nil, fmt.Errorf("default symbols: %d of %d territories listed", len(base), m.Len())
	}
	if len(override) == 0 {
		return base, nil
	}
	return ParseSymbols(m, base, override)
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
	total := m.Len() + 2
	for i, t := range m.Territories() {
		t, i, sym := t, i, syms[t.ID]
		c, _ := m.Continent(t.Continent)
		ps = append(ps, piece{front: func(d *Doc, r Rect) { d.territoryCard(r, t.Name, c, sym, i+1, total) }, back: cardBack})
	}
	for w := 1; w <= 2; w++ {
		n := m.Len() + w
		ps = append(ps, piece{front: func(d *Doc, r Rect) { d.wildCard(r, n, total) }, back: cardBack})
	}
	return d.layPieces("territory card", "Territory cards", pokerSpec, ps)
}

func (d *Doc) territoryCard(r Rect, name string, c risk.Continent, sym Troop, n, total int) {
	col := continentColours[c.ID]
	in := r.Inset(3)
	d.stroke(col)
	d.SetLineWidth(0.6)
	d.roundRect(in.X, in.Y, in.W, in.H, 2.5, "1234", "D")
	d.fill(col)
	d.roundRect(in.X, in.Y, in.W, 14, 2.5, "12", "F")
	d.ink(white)
	d.fit(Rect{in.X + 2, in.Y + 1, in.W - 4, 12}, 12, "B", "C", strings.ToUpper(name))
	d.drawTroop(sym, in.CX(), in.Y+40, 34, col)
	d.ink(black)
	d.fit(Rect{in.X + 2, in.Y + 60, in.W - 4, 5}, 8, "B", "C", strings.ToUpper(string(sym)))
	d.fill(col.Tint(0.85))
	d.roundRect(in.X, in.Y+in.H-14, in.W, 14, 2.5, "34", "F")
	d.ink(black)
	d.fit(Rect{in.X + 2, in.Y + in.H - 13.5, in.W - 4, 7}, 9, "B", "C", c.Name)
	d.ink(grey)
	d.fit(Rect{in.X + 2, in.Y + in.H - 7.5, in.W - 4, 6}, 6.5, "", "C", fmt.Sprintf("continent bonus +%d - card %d of %d", c.Bonus, n, total))
}

func (d *Doc) wildCard(r Rect, n, total int) {
	in := r.Inset(3)
	d.stroke(black)
	d.SetLineWidth(0.6)
	d.roundRect(in.X, in.Y, in.W, in.H, 2.5, "1234", "D")
	d.fill(RGB{40, 40, 40})
	d.roundRect(in.X, in.Y, in.W, 14, 2.5, "12", "F")
	d.ink(white)
	d.fit(Rect{in.X + 2, in.Y + 1, in.W - 4, 12}, 14, "B", "C", "WILD")
	for i, t := range []Troop{Infantry, Cavalry, Artillery} {
		d.drawTroop(t, in.CX(), in.Y+24+float64(i)*17, 14, RGB{40, 40, 40})
	}
	d.ink(black)
	d.fit(Rect{in.X + 2, in.Y + in.H - 13, in.W - 4, 6}, 7.5, "", "C", "Counts as any symbol in a set")
	d.ink(grey)
	d.fit(Rect{in.X + 2, in.Y + in.H - 7.5, in.W - 4, 6}, 6.5, "", "C", fmt.Sprintf("card %d of %d", n, total))
}

// cardBack is the shared back of territory and player aid cards: a border,
// a diagonal lattice and a compass star.
func cardBack(d *Doc, r Rect) {
	navy := RGB{30, 45, 80}
	in := r.Inset(3)
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
