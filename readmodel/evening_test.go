package readmodel

import (
	"context"
	"strings"
	"testing"

	"tableside/internal/testgames"
	"tableside/internal/trackertest"
)

// The evening's dice are asked for on every dice page: each game's faces
// are read from its log once per change of that log, not on each request,
// and a new roll is counted at once.
func TestEveningDiceAreReadOncePerChangeOfEachLog(t *testing.T) {
	ctx := context.Background()
	tr := trackertest.New(t, testgames.Battles{})
	ids := []int64{battlesGame(t, tr, 1), battlesGame(t, tr, 1)}
	r := New(tr, nil)
	faces := func() string {
		t.Helper()
		ev := r.EveningOf(ctx, ids[0])
		if ev == nil {
			t.Fatal("no evening for two games that rolled")
		}
		return ev.Words
	}
	first := faces()
	if n := r.DiceReads(); n != 2 {
		t.Fatalf("the first ask read %d games' dice; want 2", n)
	}
	for range 3 {
		if again := faces(); again != first {
			t.Fatalf("asked again: %q; want %q", again, first)
		}
	}
	if n := r.DiceReads(); n != 2 {
		t.Fatalf("asked four times, %d games' dice read; want 2", n)
	}
	battle(t, tr, ids[1])
	later := faces()
	if n := r.DiceReads(); n != 3 {
		t.Fatalf("after one game's battle, %d games' dice read; want 3 (that game's again)", n)
	}
	if !strings.Contains(first, "10 faces") || !strings.Contains(later, "15 faces") {
		t.Fatalf("the evening said %q, then %q; want 10 faces, then 15", first, later)
	}
}
