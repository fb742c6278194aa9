package web

import (
	"fmt"
	"strconv"
	"strings"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/risk"
)

// mapDrawing is a RISK-family board ready for the SVG block "conquest_map"
// (templates/partials/conquest.html): one spot per territory, the borders
// as lines (drawn as one path, BorderPath), wrap-around borders as dashed
// stubs to the edges.
type mapDrawing struct {
	Width, Height int
	Spots         []mapSpot
	Lines         []mapLine
	Tiles         bool // draw square tiles (a piecepack layout), not circles
}

type mapSpot struct {
	ID                    int
	X, Y, R               int
	Name, Short           string
	Colour, Letter, Title string
	Armies                int
	Ring                  string // the continent's colour
	Wrap                  string // the wrap-around marks on a tile ("↔1")
	DarkInk               bool   // the army count reads in black on Colour
}

type mapLine struct {
	X1, Y1, X2, Y2 int
	Dashed         bool
}

// BorderPath is the map's solid (or dashed) borders as one SVG path, each
// border a subpath: the same drawing as a line per border (a dash pattern
// restarts at each subpath) in a third of the bytes, which every live
// frame of a RISK-family game carries.
func (d *mapDrawing) BorderPath(dashed bool) string {
	var b strings.Builder
	for _, l := range d.Lines {
		if l.Dashed == dashed {
			fmt.Fprintf(&b, "M%d %dL%d %d", l.X1, l.Y1, l.X2, l.Y2)
		}
	}
	return b.String()
}

var continentColours = []string{"#b8860b", "#6b8e23", "#4169e1", "#d2691e", "#2e8b57", "#8a2be2"}

// ownerColours draws each army colour's name (what the table's pieces are
// called) in the Okabe-Ito palette, which colour-blind eyes tell apart
// too; a spot and a badge always carry the player's letter as well.
// companiesCSS makes the badges' stylesheet from this map.
var ownerColours = map[string]string{"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442", "black": "#000000", "pink": "#CC79A7"}

// conquestMap turns a game's view into a drawing; the template calls it with
// whatever view the game gave (classic RISK or Piecepack Conquers the World).
func conquestMap(view any) (*mapDrawing, error) {
	switch v := view.(type) {
	case conquest.View:
		return classicDrawing(v), nil
	case pctw.View:
		return tileDrawing(v), nil
	}
	return nil, fmt.Errorf("conquestMap: no drawing for %T", view)
}

func spot(v conquest.View, t conquest.TerritoryView, x, y, r int) mapSpot {
	s := mapSpot{ID: t.ID, X: x, Y: y, R: r, Name: t.Name, Short: short(t.Name), Armies: t.Armies, Colour: "#9e9e9e", Letter: "·",
		Ring: continentColours[t.Continent%len(continentColours)]}
	owner := "nobody"
	if t.Owner >= 0 && t.Owner < len(v.Players) {
		p := v.Players[t.Owner]
		s.Colour, s.Letter, owner = ownerColours[p.Colour], p.Letter, p.Name
		if s.Colour == "" {
			s.Colour = p.Colour
		}
	}
	s.DarkInk = engine.Ink(s.Colour) == "#000"
	name := t.Name // the continent is drawn as the ring's colour: said in words too
	if t.Continent >= 0 && t.Continent < len(v.Continents) {
		name += " (" + v.Continents[t.Continent].Name + ")"
	}
	s.Title = fmt.Sprintf("%s: %s, %d armies", name, owner, t.Armies)
	return s
}

// Label is the territory's accessible name: the words drawn on it, in the
// order they are drawn (so a person who says what they see, to a voice
// control, names it), then its full name, owner and armies.
func (s mapSpot) Label() string {
	seen := s.Short + " " + s.Letter + strconv.Itoa(s.Armies)
	if s.Wrap != "" {
		seen += " " + s.Wrap
	}
	return seen + ", " + s.Title
}

// short abbreviates a territory's name for the map: "Eastern United
// States" → "EUS", "Brazil" → "Braz".
func short(name string) string {
	w := strings.Fields(name)
	if len(w) == 1 {
		if len(name) <= 5 {
			return name
		}
		return name[:4]
	}
	var b strings.Builder
	for _, x := range w {
		b.WriteString(strings.ToUpper(x[:1]))
	}
	return b.String()
}

// classicLabelRoom is the extra height under the world for the labels of
// the spots nearest its bottom edge.
const classicLabelRoom = 30

func classicDrawing(v conquest.View) *mapDrawing {
	// Room below the southernmost spots for their labels.
	d := &mapDrawing{Width: worldW, Height: worldH + classicLabelRoom}
	m := risk.Classic()
	pos := func(id risk.TerritoryID) ([2]int, bool) { p, ok := worldPos[worldKey(m.Name(id))]; return p, ok }
	for _, t := range v.Territories {
		p, ok := pos(risk.TerritoryID(t.ID))
		if !ok || len(v.Territories) != m.Len() {
			return &mapDrawing{Width: worldW, Height: worldH}
		}
		sp := spot(v, t, p[0], p[1], 30)
		if l, ok := worldLabel[worldKey(t.Name)]; ok {
			sp.Short = l
		}
		d.Spots = append(d.Spots, sp)
	}
	for _, b := range m.Borders() {
		a, _ := pos(b[0])
		cp, _ := pos(b[1])
		sea := isSea(worldKey(m.Name(b[0])), worldKey(m.Name(b[1])))
		if abs(a[0]-cp[0]) > worldW/2 { // across the Pacific: a stub to each edge
			l, r := a, cp
			if l[0] > r[0] {
				l, r = r, l
			}
			d.Lines = append(d.Lines, mapLine{X1: l[0], Y1: l[1], X2: 0, Y2: l[1], Dashed: true}, mapLine{X1: r[0], Y1: r[1], X2: d.Width, Y2: r[1], Dashed: true})
			continue
		}
		d.Lines = append(d.Lines, mapLine{X1: a[0], Y1: a[1], X2: cp[0], Y2: cp[1], Dashed: sea})
	}
	return d
}

func tileDrawing(v pctw.View) *mapDrawing {
	const cell = 120
	d := &mapDrawing{Width: v.Grid.Cols * cell, Height: v.Grid.Rows * cell, Tiles: true}
	pos := map[int][2]int{}
	for _, c := range v.Grid.Cells {
		pos[c.Territory] = [2]int{c.Col*cell + cell/2, c.Row*cell + cell/2}
	}
	marks := map[int][]string{}
	for i, w := range v.Grid.Wraps {
		m := fmt.Sprintf("↔%d", i+1)
		marks[w[0]] = append(marks[w[0]], m)
		marks[w[1]] = append(marks[w[1]], m)
	}
	for _, t := range v.Territories {
		p := pos[t.ID]
		s := spot(v.View, t, p[0], p[1], cell/2-8)
		s.Short = tileShort(t.Name)
		s.Wrap = strings.Join(marks[t.ID], " ")
		d.Spots = append(d.Spots, s)
	}
	return d
}

// tileShort is "3 Suns" for "3 of Suns".
func tileShort(name string) string { return strings.Replace(name, " of ", " ", 1) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// seatName is a player's name by index, or "nobody".
func seatName(ps []conquest.PlayerView, i int) string {
	if i < 0 || i >= len(ps) {
		return "nobody"
	}
	return ps[i].Name
}
