package web

import (
	"strings"
	"testing"

	"tableside/draw"
)

// The map is drawn again whenever anything it shows changed, and only
// then; a game's map is never served for another game's.
func TestColdCashMapIsDrawnOncePerBoard(t *testing.T) {
	var c ccMaps
	draws := 0
	drawIt := func(m draw.WorldMap) (string, error) {
		draws++
		var b strings.Builder
		for _, tile := range m.Tiles {
			b.WriteString(tile.ID + ":" + tile.State + ";")
		}
		return b.String(), nil
	}
	board := func(game int64, state string) draw.WorldMap {
		return draw.ColdCashMap(game, []draw.CCTerritory{{ID: "alaska", Name: "Alaska", State: "empty"}, {ID: "peru", Name: "Peru", State: state}},
			nil, nil, "", "")
	}
	get := func(game int64, state string) string {
		t.Helper()
		html, err := c.html(ccMapKey{game: game}, board(game, state), drawIt)
		if err != nil {
			t.Fatal(err)
		}
		return string(html)
	}
	first := get(1, "empty")
	if again := get(1, "empty"); again != first || draws != 1 {
		t.Fatalf("the same board was drawn %d times (%q, %q)", draws, first, again)
	}
	if changed := get(1, "mompop"); changed != "alaska:empty;peru:mompop;" || draws != 2 {
		t.Fatalf("a changed board drew %q after %d draws", changed, draws)
	}
	if get(2, "mompop"); draws != 3 {
		t.Fatalf("another game's map was served from game 1's (%d draws)", draws)
	}
}
