package tracker

import (
	"slices"
	"testing"
)

// An undone roll's seed is used again by the roll replacing it, so the
// fairness test counts that seed's faces once; another seed counts, and
// so does a die that is not six-sided not at all.
func TestSixesCountEachSeedOnce(t *testing.T) {
	undone := DiceReveal{Seed: "aa", Rolls: []Roll{{Sides: 6, Face: 6}, {Sides: 6, Face: 5}}}
	replacing := undone // the same seed gives the same faces
	other := DiceReveal{Seed: "bb", Rolls: []Roll{{Sides: 6, Face: 1}, {Sides: 2, Face: 2}}}
	var recs []Record
	for _, rv := range []DiceReveal{undone, replacing, other} {
		recs = append(recs, Record{Dice: &rv})
	}
	if want, got := []int{6, 5, 1}, Sixes(recs); !slices.Equal(got, want) {
		t.Fatalf("faces %v; want %v (each seed once, six-sided only)", got, want)
	}
}
