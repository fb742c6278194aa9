package draw

import (
	"fmt"
	"strconv"
	"strings"

	"tableside/engine"
)

// Board is a RISK-family board as plain numbers, for ConquestMap: its
// territories (Lands, by ID), the players who own them, the continents'
// names, and either the classic world's borders (by territory ID) or a
// piecepack layout's grid.
type Board struct {
	Lands      []Land
	Owners     []Owner // by seat
	Continents []string
	Borders    [][2]int
	Grid       *Grid // a piecepack layout of square tiles; nil for the classic world
}

// Land is one territory: who holds it (an index into Owners, or -1) and
// with how many armies.
type Land struct {
	ID, Continent, Owner, Armies int
	Name                         string
}

// Owner is a player as the map draws them: a colour's name ("red", see
// OwnerColours) and the letter on their spots.
type Owner struct{ Name, Colour, Letter string }

// Grid is a piecepack layout: its size, each territory's cell, and the
// wrap-around links joining opposite edges.
type Grid struct {
	Cols, Rows int
	Cells      []Cell
	Wraps      [][2]int
}

// Cell is a territory's place on a Grid.
type Cell struct{ Territory, Col, Row int }

// MapDrawing is a RISK-family board ready for the SVG partial
// (web's templates/partials/conquest.html): one spot per territory, the
// borders as lines, wrap-around borders as dashed stubs to the edges.
type MapDrawing struct {
	Width, Height int
	Spots         []MapSpot
	Lines         []MapLine
	Tiles         bool // draw square tiles (a piecepack layout), not circles
}

// MapSpot is one territory's spot.
type MapSpot struct {
	ID                    int
	X, Y, R               int
	Name, Short           string
	Colour, Letter, Title string
	Armies                int
	Ring                  string // the continent's colour
	Wrap                  string // the wrap-around marks on a tile ("↔1")
	DarkInk               bool   // the army count reads in black on Colour
}

// MapLine is one border.
type MapLine struct {
	X1, Y1, X2, Y2 int
	Dashed         bool
}

var continentColours = []string{"#b8860b", "#6b8e23", "#4169e1", "#d2691e", "#2e8b57", "#8a2be2"}

// OwnerColours draws each army colour's name (what the table's pieces are
// called) in the Okabe-Ito palette, which colour-blind eyes tell apart
// too; a spot and a badge always carry the player's letter as well.
// web's companies stylesheet makes the badges from this map.
var OwnerColours = map[string]string{"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442", "black": "#000000", "pink": "#CC79A7"}

// ConquestMap draws a board: square tiles on its grid when it has one,
// else spots on the classic world.
func ConquestMap(b Board) *MapDrawing {
	if b.Grid != nil {
		return tileDrawing(b)
	}
	return classicDrawing(b)
}

func spot(b Board, t Land, x, y, r int) MapSpot {
	s := MapSpot{ID: t.ID, X: x, Y: y, R: r, Name: t.Name, Short: short(t.Name), Armies: t.Armies, Colour: "#9e9e9e", Letter: "·",
		Ring: continentColours[t.Continent%len(continentColours)]}
	owner := "nobody"
	if t.Owner >= 0 && t.Owner < len(b.Owners) {
		p := b.Owners[t.Owner]
		s.Colour, s.Letter, owner = OwnerColours[p.Colour], p.Letter, p.Name
		if s.Colour == "" {
			s.Colour = p.Colour
		}
	}
	s.DarkInk = engine.Ink(s.Colour) == "#000"
	name := t.Name // the continent is drawn as the ring's colour: said in words too
	if t.Continent >= 0 && t.Continent < len(b.Continents) {
		name += " (" + b.Continents[t.Continent] + ")"
	}
	s.Title = fmt.Sprintf("%s: %s, %d armies", name, owner, t.Armies)
	return s
}

// Label is the territory's accessible name: the words drawn on it, in the
// order they are drawn (so a person who says what they see, to a voice
// control, names it), then its full name, owner and armies.
func (s MapSpot) Label() string {
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

func classicDrawing(b Board) *MapDrawing {
	// Room below the southernmost spots for their labels.
	d := &MapDrawing{Width: WorldW, Height: WorldH + classicLabelRoom}
	names := map[int]string{}
	for _, t := range b.Lands {
		names[t.ID] = t.Name
	}
	pos := func(id int) ([2]int, bool) { p, ok := worldPos[worldKey(names[id])]; return p, ok }
	for _, t := range b.Lands {
		p, ok := pos(t.ID)
		if !ok || len(b.Lands) != len(worldPos) {
			return &MapDrawing{Width: WorldW, Height: WorldH}
		}
		sp := spot(b, t, p[0], p[1], 30)
		if l, ok := worldLabel[worldKey(t.Name)]; ok {
			sp.Short = l
		}
		d.Spots = append(d.Spots, sp)
	}
	for _, br := range b.Borders {
		a, _ := pos(br[0])
		cp, _ := pos(br[1])
		sea := isSea(worldKey(names[br[0]]), worldKey(names[br[1]]))
		if abs(a[0]-cp[0]) > WorldW/2 { // across the Pacific: a stub to each edge
			l, r := a, cp
			if l[0] > r[0] {
				l, r = r, l
			}
			d.Lines = append(d.Lines, MapLine{X1: l[0], Y1: l[1], X2: 0, Y2: l[1], Dashed: true}, MapLine{X1: r[0], Y1: r[1], X2: d.Width, Y2: r[1], Dashed: true})
			continue
		}
		d.Lines = append(d.Lines, MapLine{X1: a[0], Y1: a[1], X2: cp[0], Y2: cp[1], Dashed: sea})
	}
	return d
}

func tileDrawing(b Board) *MapDrawing {
	const cell = 120
	g := b.Grid
	d := &MapDrawing{Width: g.Cols * cell, Height: g.Rows * cell, Tiles: true}
	pos := map[int][2]int{}
	for _, c := range g.Cells {
		pos[c.Territory] = [2]int{c.Col*cell + cell/2, c.Row*cell + cell/2}
	}
	marks := map[int][]string{}
	for i, w := range g.Wraps {
		m := fmt.Sprintf("↔%d", i+1)
		marks[w[0]] = append(marks[w[0]], m)
		marks[w[1]] = append(marks[w[1]], m)
	}
	for _, t := range b.Lands {
		p := pos[t.ID]
		s := spot(b, t, p[0], p[1], cell/2-8)
		s.Short = tileShort(t.Name)
		s.Wrap = strings.Join(marks[t.ID], " ")
		d.Spots = append(d.Spots, s)
	}
	return d
}

// tileShort is "3 Suns" for "3 of Suns".
func tileShort(name string) string { return strings.Replace(name, " of ", " ", 1) }
