package draw

import (
	"fmt"
	"strconv"
	"strings"

	"tableside/engine"
)

// The Cold Cash Risk map is drawn here, not in the engine: a schematic world
// of tiles placed roughly where the territories lie. The borders come from
// the engine's map; only the positions are the screen's.

const (
	mapW, mapH   = WorldW, WorldH // the one classic world of world.go
	tileW, tileH = 104, 54
)

// CCTerritory is one Cold Cash Risk territory as the map draws it: its
// continent's key (a tint), and what stands on it: nothing, a Mom & Pop,
// or a company (its letter, colour, teams and tower).
type CCTerritory struct {
	ID, Name, Continent string
	State               string // empty, mompop, corp
	Company             string
	Letter              string
	Colour              string
	Teams               int
	Tower               bool
}

// MapLink is one border line.
type MapLink struct {
	X1, Y1, X2, Y2 int
	Sea            bool
}

// MapTile is one territory's tile with what stands on it.
type MapTile struct {
	CCTerritory
	X, Y      int // top left
	CX, CY    int // centre
	Short     string
	Selected  bool
	From      bool
	Href      string
	Label     string // for screen readers and tests
	TextDark  bool
	Continent string
}

// WorldMap is the map as the template draws it.
type WorldMap struct {
	W, H   int
	Links  []MapLink
	Wraps  []MapLink // Alaska–Kamchatka, leaving each side of the map
	Tiles  []MapTile
	TileW  int
	TileH  int
	GameID int64
}

// shortName fits a territory's name on its tile.
func shortName(name string) string {
	r := strings.NewReplacer("Northwest Territory", "NW Territory", "Western United States", "Western US",
		"Eastern United States", "Eastern US", "Western Australia", "W Australia", "Eastern Australia", "E Australia",
		"Central America", "C America", "Northern Europe", "N Europe", "Southern Europe", "S Europe", "Western Europe", "W Europe",
		"Great Britain", "Gt Britain")
	return r.Replace(name)
}

// mapLabel is a territory's label on the board map: the world map's short,
// unique labels (read at 14 px or more on a laptop), else a shortened name.
func mapLabel(name string) string {
	if l, ok := worldLabel[worldKey(name)]; ok {
		return l
	}
	return shortName(name)
}

// ColdCashMap lays out game id's map: its territories, its borders (pairs
// of territory ids, in the order the tiles' lines are drawn), each
// company's colour (for the ink of its letter), and the selected
// territories (sel, and from for a move between two).
func ColdCashMap(id int64, terrs []CCTerritory, borders [][2]string, colours map[string]string, sel, from string) WorldMap {
	m := WorldMap{W: mapW, H: mapH, TileW: tileW, TileH: tileH, GameID: id}
	for _, br := range borders {
		a, b := br[0], br[1]
		pa, pb := worldPos[a], worldPos[b]
		if a == "alaska" && b == "kamchatka" {
			m.Wraps = append(m.Wraps, MapLink{X1: pa[0], Y1: pa[1], X2: 0, Y2: pa[1], Sea: true},
				MapLink{X1: pb[0], Y1: pb[1], X2: mapW, Y2: pb[1], Sea: true})
			continue
		}
		m.Links = append(m.Links, MapLink{X1: pa[0], Y1: pa[1], X2: pb[0], Y2: pb[1], Sea: isSea(a, b)})
	}
	for _, t := range terrs {
		p := worldPos[t.ID]
		tile := MapTile{CCTerritory: t, X: p[0] - tileW/2, Y: p[1] - tileH/2, CX: p[0], CY: p[1], Short: mapLabel(t.Name),
			Selected: t.ID == sel, From: t.ID == from, TextDark: engine.Ink(colours[t.Company]) == "#000", Continent: t.Continent}
		q := "?t=" + t.ID
		if from != "" && from != t.ID {
			q = "?from=" + from + "&t=" + t.ID
		}
		tile.Href = fmt.Sprintf("/games/%d%s#panel", id, q)
		tile.Label = tileLabel(tile)
		m.Tiles = append(m.Tiles, tile)
	}
	return m
}

// tileLabel is a tile's accessible name: the words drawn on it, in the
// order they are drawn (so that a person who says what they see to a voice
// control names it), then its full name and what stands on it.
func tileLabel(t MapTile) string {
	seen := t.Short
	switch t.State {
	case "mompop":
		seen += " M&P"
		if t.Teams > 0 {
			seen += " " + strconv.Itoa(t.Teams)
		}
	case "corp":
		seen += " " + t.Letter + " " + strconv.Itoa(t.Teams)
		if t.Tower {
			seen += " HQ"
		}
	}
	full := t.Name + ": " + describeTile(t.CCTerritory)
	if seen == t.Name {
		return full
	}
	return seen + ", " + full
}

func describeTile(t CCTerritory) string {
	switch t.State {
	case "mompop":
		if t.Teams > 0 {
			return fmt.Sprintf("Mom & Pop defending with %d teams", t.Teams)
		}
		return "Mom & Pop"
	case "corp":
		s := fmt.Sprintf("company %s, %d teams", t.Letter, t.Teams)
		if t.Tower {
			s += ", tower"
		}
		return s
	}
	return "empty"
}
