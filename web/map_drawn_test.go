package web

import (
	"fmt"
	"strings"
	"testing"

	"tableside/draw"
)

// The map is drawn again whenever anything it shows changed, and only
// then; a game's map is never served for another game's.
func TestColdCashMapIsDrawnOncePerBoard(t *testing.T) {
	c := newCCMaps()
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

// A RISK map is keyed by its own drawing: the same board (any game, any
// viewer) is drawn once, a board with one army more is drawn again, and
// the page shows the same bytes either way.
func TestConquestMapIsDrawnOncePerBoard(t *testing.T) {
	c := newConquestMaps()
	draws := 0
	drawIt := func(d draw.MapDrawing) (string, error) {
		draws++
		var b strings.Builder
		for _, s := range d.Spots {
			fmt.Fprintf(&b, "%d:%d;", s.ID, s.Armies)
		}
		return b.String(), nil
	}
	board := func(armies int) draw.MapDrawing {
		return draw.MapDrawing{Width: 100, Height: 50, Spots: []draw.MapSpot{{ID: 1, Armies: 3}, {ID: 2, Armies: armies}}}
	}
	get := func(d draw.MapDrawing) string {
		t.Helper()
		html, err := c.html(conquestMapKey(d), d, drawIt)
		if err != nil {
			t.Fatal(err)
		}
		return string(html)
	}
	first := get(board(4))
	if again := get(board(4)); again != first || draws != 1 {
		t.Fatalf("the same board was drawn %d times (%q, %q)", draws, first, again)
	}
	if changed := get(board(5)); changed != "1:3;2:5;" || draws != 2 {
		t.Fatalf("a board with one army more drew %q after %d draws", changed, draws)
	}
	if back := get(board(4)); back != first || draws != 2 {
		t.Fatalf("the first board again: %q after %d draws", back, draws)
	}
}
