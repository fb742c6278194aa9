package pctw

import (
	"fmt"
	"sort"
	"strings"

	"tableside/engine/piecepack"
	"tableside/engine/risk"
)

// The piecepack's suits and ranks as a layout names them: a suit letter and
// a rank digit (0 the null, 1 the ace, 2 to 5), e.g. "S0", "M3".
var (
	SuitLetters = piecepack.Letters()
	SuitNames   = piecepack.Names()
	RankNames   = []string{"Null", "Ace", "2", "3", "4", "5"}
)

// DefaultLayout is one piecepack's 24 tiles less the aces of Suns and Moons
// and the 5 of Moons: Suns 5 tiles, Moons 4, Crowns 6, Arms 6 (21 in all),
// one suit a row; "." is open sea.
const DefaultLayout = "S0 S2 S3 S4 S5 . / M0 M2 M3 M4 . . / C0 C1 C2 C3 C4 C5 / A0 A1 A2 A3 A4 A5"

// Tile is a piecepack tile: suit 0-3, rank 0-5.
type Tile struct {
	Suit int `json:"suit"`
	Rank int `json:"rank"`
}

// Name is the tile as people say it: "3 of Crowns", "Null of Suns".
func (t Tile) Name() string { return RankNames[t.Rank] + " of " + SuitNames[t.Suit] }

// Cell is a tile of the map at its place in the grid.
type Cell struct {
	Territory int  `json:"territory"`
	Col       int  `json:"col"`
	Row       int  `json:"row"`
	Tile      Tile `json:"tile"`
}

// Grid is the layout: its size, its tiles, and the wrap-around links (the
// pawns on the table that join opposite edges).
type Grid struct {
	Cols  int      `json:"cols"`
	Rows  int      `json:"rows"`
	Cells []Cell   `json:"cells"`
	Wraps [][2]int `json:"wraps"`
}

// Board is a parsed layout with its map.
type Board struct {
	Grid Grid
	Map  *risk.Map
}

// Parse reads a layout (rows split by "/" or new lines, tiles by spaces) and
// builds the map: a continent for each suit on it, orthogonal neighbours in
// the grid, and the wrap-around links wrap asks for ("x": each row's ends,
// "xy": rows and columns, "none").
func Parse(layout, wrap string) (*Board, error) {
	rows := strings.FieldsFunc(layout, func(r rune) bool { return r == '/' || r == '\n' })
	g := Grid{Rows: len(rows)}
	at := map[[2]int]int{}
	seen := map[Tile]bool{}
	for r, line := range rows {
		cells := strings.Fields(line)
		g.Cols = max(g.Cols, len(cells))
		for c, code := range cells {
			if code == "." {
				continue
			}
			t, err := parseTile(code)
			if err != nil {
				return nil, err
			}
			if seen[t] {
				return nil, fmt.Errorf("the layout has the %s twice", t.Name())
			}
			seen[t] = true
			at[[2]int{c, r}] = len(g.Cells)
			g.Cells = append(g.Cells, Cell{Territory: len(g.Cells), Col: c, Row: r, Tile: t})
		}
	}
	if len(g.Cells) < 4 {
		return nil, fmt.Errorf("the layout needs at least 4 tiles, not %d", len(g.Cells))
	}
	// Continents: the suits on the map, in suit order.
	cont := map[int]risk.ContinentID{}
	var suits []int
	size := map[int]int{}
	for _, c := range g.Cells {
		size[c.Tile.Suit]++
	}
	for s := range SuitNames {
		if size[s] > 0 {
			cont[s] = risk.ContinentID(len(suits))
			suits = append(suits, s)
		}
	}
	bonus := Bonuses(size)
	var cs []risk.ContinentSpec
	for _, s := range suits {
		cs = append(cs, risk.ContinentSpec{Name: SuitNames[s], Bonus: bonus[s]})
	}
	var ts []risk.TerritorySpec
	for _, c := range g.Cells {
		ts = append(ts, risk.TerritorySpec{Name: c.Tile.Name(), Continent: cont[c.Tile.Suit]})
	}
	pairs := map[[2]int]bool{}
	var bs [][2]risk.TerritoryID
	link := func(a, b int, wrapLink bool) {
		if a == b {
			return
		}
		k := [2]int{min(a, b), max(a, b)}
		if pairs[k] {
			return
		}
		pairs[k] = true
		bs = append(bs, [2]risk.TerritoryID{risk.TerritoryID(k[0]), risk.TerritoryID(k[1])})
		if wrapLink {
			g.Wraps = append(g.Wraps, k)
		}
	}
	for _, c := range g.Cells {
		if n, ok := at[[2]int{c.Col + 1, c.Row}]; ok {
			link(c.Territory, n, false)
		}
		if n, ok := at[[2]int{c.Col, c.Row + 1}]; ok {
			link(c.Territory, n, false)
		}
	}
	switch wrap {
	case "", "x", "xy":
		for r := range g.Rows {
			ends(g.Cells, func(c Cell) bool { return c.Row == r }, func(c Cell) int { return c.Col }, link)
		}
		if wrap == "xy" {
			for col := range g.Cols {
				ends(g.Cells, func(c Cell) bool { return c.Col == col }, func(c Cell) int { return c.Row }, link)
			}
		}
	case "none":
	default:
		return nil, fmt.Errorf("wrap-around is x (east-west), xy or none, not %q", wrap)
	}
	m, err := risk.NewMap(cs, ts, bs)
	if err != nil {
		return nil, err
	}
	return &Board{Grid: g, Map: m}, nil
}

// ends links the first and last tile of a row or column: sailing off one
// edge lands on the opposite side.
func ends(cells []Cell, in func(Cell) bool, pos func(Cell) int, link func(a, b int, wrap bool)) {
	var line []Cell
	for _, c := range cells {
		if in(c) {
			line = append(line, c)
		}
	}
	if len(line) < 2 {
		return
	}
	sort.Slice(line, func(i, j int) bool { return pos(line[i]) < pos(line[j]) })
	link(line[0].Territory, line[len(line)-1].Territory, true)
}

func parseTile(code string) (Tile, error) {
	code = strings.ToUpper(code)
	if len(code) != 2 || strings.IndexByte(SuitLetters, code[0]) < 0 || code[1] < '0' || code[1] > '5' {
		return Tile{}, fmt.Errorf("%q is not a tile: write a suit letter (S Suns, M Moons, C Crowns, A Arms) and a rank 0-5 (0 null, 1 ace), or . for sea", code)
	}
	return Tile{Suit: strings.IndexByte(SuitLetters, code[0]), Rank: int(code[1] - '0')}, nil
}

// Bonuses gives each suit's continent bonus by its size: the smallest size
// 2, the next 3, every larger size 4 (so 4, 5, 6, 6 tiles give 2, 3, 4, 4).
func Bonuses(size map[int]int) map[int]int {
	var sizes []int
	for _, n := range size {
		if n > 0 && !containsInt(sizes, n) {
			sizes = append(sizes, n)
		}
	}
	sort.Ints(sizes)
	out := map[int]int{}
	for s, n := range size {
		for i, z := range sizes {
			if z == n {
				out[s] = min(2+i, 4)
			}
		}
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
