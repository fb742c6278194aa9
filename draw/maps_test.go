package draw_test

import (
	"strings"
	"testing"

	"tableside/draw"
	"tableside/engine/risk"
)

// classicBoard is the classic world with every territory Ana's, 3 armies each.
func classicBoard() draw.Board {
	m := risk.Classic()
	b := draw.Board{Owners: []draw.Owner{{Name: "Ana", Colour: "red", Letter: "A"}}, Continents: []string{"North America", "South America", "Europe", "Africa", "Asia", "Australia"}}
	for _, t := range m.Territories() {
		b.Lands = append(b.Lands, draw.Land{ID: int(t.ID), Name: t.Name, Continent: int(t.Continent), Owner: 0, Armies: 3})
	}
	for _, br := range m.Borders() {
		b.Borders = append(b.Borders, [2]int{int(br[0]), int(br[1])})
	}
	return b
}

// The classic world is drawn with a spot per territory, in its owner's
// colour and letter, and a line per border, the one across the Pacific as
// a dashed stub to each edge; a board that is not the classic world (a
// territory missing) is drawn empty rather than wrong.
func TestClassicMapDrawsEveryTerritoryAndBorder(t *testing.T) {
	b := classicBoard()
	d := draw.ConquestMap(b)
	if len(d.Spots) != 42 || len(d.Lines) != len(b.Borders)+1 || d.Tiles {
		t.Fatalf("%d spots and %d lines (tiles %v); want 42 spots and %d lines", len(d.Spots), len(d.Lines), d.Tiles, len(b.Borders)+1)
	}
	s := d.Spots[0]
	if s.Colour != draw.OwnerColours["red"] || s.Letter != "A" || !strings.Contains(s.Label(), "Ana, 3 armies") {
		t.Fatalf("the first spot is %+v (%q)", s, s.Label())
	}
	b.Lands = b.Lands[1:]
	if d := draw.ConquestMap(b); len(d.Spots) != 0 {
		t.Fatalf("a board of 41 territories drew %d spots; want none", len(d.Spots))
	}
}

// A piecepack layout is drawn as square tiles on its grid, each tile that
// a wrap-around joins carrying the wrap's mark.
func TestTileMapMarksTheWrapArounds(t *testing.T) {
	b := draw.Board{Lands: []draw.Land{{ID: 0, Name: "3 of Suns", Owner: -1}, {ID: 1, Name: "Ace of Moons", Owner: -1}},
		Grid: &draw.Grid{Cols: 2, Rows: 1, Cells: []draw.Cell{{Territory: 0}, {Territory: 1, Col: 1}}, Wraps: [][2]int{{0, 1}}}}
	d := draw.ConquestMap(b)
	if !d.Tiles || d.Width != 240 || len(d.Spots) != 2 || d.Spots[0].Wrap != "↔1" || d.Spots[1].Wrap != "↔1" || d.Spots[0].Short != "3 Suns" {
		t.Fatalf("the tiles are drawn as %+v", d)
	}
}

// Cold Cash Risk's tiles say what stands on them, and link to themselves
// (or, with a territory chosen to move from, to the move).
func TestColdCashMapTilesSayWhatStandsOnThem(t *testing.T) {
	terrs := []draw.CCTerritory{
		{ID: "alaska", Name: "Alaska", Continent: "north-america", State: "mompop", Teams: 3},
		{ID: "kamchatka", Name: "Kamchatka", Continent: "asia", State: "corp", Company: "c1", Letter: "L", Teams: 4, Tower: true},
	}
	m := draw.ColdCashMap(7, terrs, [][2]string{{"alaska", "kamchatka"}}, map[string]string{"c1": "#F0E442"}, "alaska", "kamchatka")
	if len(m.Links) != 0 || len(m.Wraps) != 2 {
		t.Fatalf("Alaska–Kamchatka is drawn as %d lines and %d wraps; want the two wraps", len(m.Links), len(m.Wraps))
	}
	a, k := m.Tiles[0], m.Tiles[1]
	if a.Label != "Alaska M&P 3, Alaska: Mom & Pop defending with 3 teams" || a.Href != "/games/7?from=kamchatka&t=alaska#panel" || !a.Selected {
		t.Fatalf("Alaska's tile: %q %q selected %v", a.Label, a.Href, a.Selected)
	}
	if k.Label != "Kam L 4 HQ, Kamchatka: company L, 4 teams, tower" || !k.TextDark || !k.From {
		t.Fatalf("Kamchatka's tile: %q dark ink %v from %v", k.Label, k.TextDark, k.From)
	}
}
