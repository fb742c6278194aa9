package web

import (
	"fmt"
	"strings"

	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
)

// The Cold Cash Risk map is drawn here, not in the engine: a schematic world
// of tiles placed roughly where the territories lie. The borders come from
// the engine's map; only the positions are the screen's.

const (
	mapW, mapH   = 1220, 575
	tileW, tileH = 104, 54
)

// mapPos is each territory's tile centre on the schematic world.
var mapPos = map[string][2]int{
	"alaska": {60, 60}, "northwest-territory": {180, 60}, "greenland": {400, 40}, "alberta": {150, 130},
	"ontario": {262, 130}, "quebec": {374, 130}, "western-united-states": {160, 205}, "eastern-united-states": {282, 215},
	"central-america": {200, 292},
	"venezuela":       {262, 362}, "peru": {226, 442}, "brazil": {350, 432}, "argentina": {270, 520},
	"iceland": {520, 70}, "scandinavia": {632, 70}, "great-britain": {500, 150}, "northern-europe": {620, 150},
	"ukraine": {752, 118}, "western-europe": {500, 236}, "southern-europe": {632, 230},
	"north-africa": {530, 332}, "egypt": {662, 310}, "east-africa": {700, 402}, "congo": {588, 420},
	"south-africa": {620, 512}, "madagascar": {752, 512},
	"ural": {870, 110}, "siberia": {972, 40}, "yakutsk": {1084, 40}, "kamchatka": {1160, 112}, "irkutsk": {1044, 122},
	"mongolia": {1060, 196}, "japan": {1160, 256}, "afghanistan": {862, 206}, "middle-east": {780, 272},
	"china": {980, 266}, "india": {892, 342}, "siam": {1012, 352},
	"indonesia": {1000, 442}, "new-guinea": {1122, 432}, "western-australia": {1010, 530}, "eastern-australia": {1132, 520},
}

// seaLinks are borders across water, drawn dashed.
var seaLinks = map[[2]string]bool{
	{"alaska", "kamchatka"}: true, {"greenland", "iceland"}: true, {"great-britain", "iceland"}: true,
	{"iceland", "scandinavia"}: true, {"great-britain", "scandinavia"}: true, {"great-britain", "northern-europe"}: true,
	{"great-britain", "western-europe"}: true, {"brazil", "north-africa"}: true, {"north-africa", "southern-europe"}: true,
	{"egypt", "southern-europe"}: true, {"east-africa", "madagascar"}: true, {"madagascar", "south-africa"}: true,
	{"japan", "kamchatka"}: true, {"japan", "mongolia"}: true, {"indonesia", "siam"}: true,
	{"indonesia", "new-guinea"}: true, {"indonesia", "western-australia"}: true, {"eastern-australia", "new-guinea"}: true,
	{"new-guinea", "western-australia"}: true, {"greenland", "northwest-territory"}: true, {"greenland", "ontario"}: true,
	{"greenland", "quebec"}: true, {"north-africa", "western-europe"}: true,
}

// mapLink is one border line.
type mapLink struct {
	X1, Y1, X2, Y2 int
	Sea            bool
}

// mapTile is one territory's tile with what stands on it.
type mapTile struct {
	coldcash.TerritoryView
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

// worldMap is the map as the template draws it.
type worldMap struct {
	W, H   int
	Links  []mapLink
	Wraps  []mapLink // Alaska–Kamchatka, leaving each side of the map
	Tiles  []mapTile
	TileW  int
	TileH  int
	GameID int64
}

// darkText reports whether a company's colour needs dark letters.
var darkText = map[string]bool{"c1": true, "c4": true, "c5": true, "c6": true, "c7": true}

// shortName fits a territory's name on its tile.
func shortName(name string) string {
	r := strings.NewReplacer("Northwest Territory", "NW Territory", "Western United States", "Western US",
		"Eastern United States", "Eastern US", "Western Australia", "W Australia", "Eastern Australia", "E Australia",
		"Central America", "C America", "Northern Europe", "N Europe", "Southern Europe", "S Europe", "Western Europe", "W Europe",
		"Great Britain", "Gt Britain")
	return r.Replace(name)
}

// buildMap lays out the map for a view, marking the selected territories.
func buildMap(id int64, tv *coldcash.TableView, sel, from string) worldMap {
	g := board.Classic()
	m := worldMap{W: mapW, H: mapH, TileW: tileW, TileH: tileH, GameID: id}
	for _, a := range g.Territories() {
		for _, b := range g.Neighbours(a) {
			if a > b {
				continue
			}
			pa, pb := mapPos[a], mapPos[b]
			if a == "alaska" && b == "kamchatka" {
				m.Wraps = append(m.Wraps, mapLink{X1: pa[0], Y1: pa[1], X2: 0, Y2: pa[1], Sea: true},
					mapLink{X1: pb[0], Y1: pb[1], X2: mapW, Y2: pb[1], Sea: true})
				continue
			}
			m.Links = append(m.Links, mapLink{X1: pa[0], Y1: pa[1], X2: pb[0], Y2: pb[1], Sea: seaLinks[[2]string{a, b}]})
		}
	}
	for _, t := range tv.Territories {
		p := mapPos[t.ID]
		tile := mapTile{TerritoryView: t, X: p[0] - tileW/2, Y: p[1] - tileH/2, CX: p[0], CY: p[1], Short: shortName(t.Name),
			Selected: t.ID == sel, From: t.ID == from, TextDark: darkText[t.Company], Continent: t.Continent}
		q := "?t=" + t.ID
		if from != "" && from != t.ID {
			q = "?from=" + from + "&t=" + t.ID
		}
		tile.Href = fmt.Sprintf("/games/%d%s#panel", id, q)
		tile.Label = t.Name + ": " + describeTile(t)
		m.Tiles = append(m.Tiles, tile)
	}
	return m
}

func describeTile(t coldcash.TerritoryView) string {
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
