package pctw

import (
	"strings"
	"testing"
)

// Layouts come from clients; however many different ones arrive, the cache
// of parsed boards stays bounded, and a layout pushed out is parsed again
// to the same board.
func TestBoardCacheIsBounded(t *testing.T) {
	first, err := board(DefaultLayout, "x")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 * maxBoards {
		// The same map, spelled with i extra spaces: a different key each time.
		layout := strings.Replace(DefaultLayout, " ", strings.Repeat(" ", i+2), 1)
		if _, err := board(layout, "x"); err != nil {
			t.Fatalf("layout %d: %v", i, err)
		}
		if n := cachedBoards(); n > maxBoards {
			t.Fatalf("after %d layouts the cache holds %d boards, more than %d", i+1, n, maxBoards)
		}
	}
	if n := cachedBoards(); n != maxBoards {
		t.Fatalf("the cache holds %d boards after %d layouts, want it full at %d", n, 5*maxBoards+1, maxBoards)
	}
	again, err := board(DefaultLayout, "x")
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Grid.Cells) != len(first.Grid.Cells) || again.Map == nil {
		t.Fatalf("the default layout parsed again differs: %d cells, was %d", len(again.Grid.Cells), len(first.Grid.Cells))
	}
}
