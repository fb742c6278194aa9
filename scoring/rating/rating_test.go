package rating

import (
	"math"
	"testing"
)

// The expected values are the reference implementation's own outputs:
// openskill.js 4.1.1 (npm "openskill"), rate() with its default model
// (Plackett-Luce, mu 25, sigma 25/3, beta 25/6, epsilon 0.0001, no tau),
// printed with node for each case below. The first case is also the worked
// example in openskill.js's and openskill.py's READMEs (27.635..., 8.0655...),
// and follows by hand from Weng and Lin's Algorithm 4: c = sqrt(2 (sigma² +
// beta²)) = 13.1762, each p = 1/2, mu ± sigma²/c · 1/2 = 25 ± 2.6352.
var referenceCases = []struct {
	name  string
	in    []Rating
	ranks []int
	want  []Rating
}{
	{"two players, the first wins", []Rating{{25, 25.0 / 3}, {25, 25.0 / 3}}, []int{1, 2},
		[]Rating{{27.63523138347365, 8.065506316323548}, {22.36476861652635, 8.065506316323548}}},
	{"three players in order", []Rating{{25, 25.0 / 3}, {25, 25.0 / 3}, {25, 25.0 / 3}}, []int{1, 2, 3},
		[]Rating{{27.868876552746237, 8.204837030780652}, {25.717219138186557, 8.057829747583874}, {21.413904309067206, 8.057829747583874}}},
	{"three players, a tie for first", []Rating{{25, 25.0 / 3}, {25, 25.0 / 3}, {25, 25.0 / 3}}, []int{1, 1, 3},
		[]Rating{{25.717219138186557, 8.204837030780652}, {25.717219138186557, 8.204837030780652}, {23.56556172362688, 8.204837030780652}}},
	{"four players, 1 2 2 4", []Rating{{25, 25.0 / 3}, {25, 25.0 / 3}, {25, 25.0 / 3}, {25, 25.0 / 3}}, []int{1, 2, 2, 4},
		[]Rating{{27.795084971874736, 8.263160757613477}, {24.68943500312503, 8.179213704945203}, {24.68943500312503, 8.179213704945203}, {22.826045021875203, 8.179213704945203}}},
	{"uneven players, given out of order", []Rating{{30, 5}, {20, 7}, {25, 3}}, []int{3, 1, 2},
		[]Rating{{27.659231023008118, 4.901809701527146}, {23.355842002068247, 6.87470706881843}, {25.226297688480052, 2.988263950280779}}},
	{"two players tied", []Rating{{25, 25.0 / 3}, {25, 25.0 / 3}}, []int{1, 1},
		[]Rating{{25, 8.065506316323548}, {25, 8.065506316323548}}},
}

// Rate gives the reference implementation's values, to 1e-9, for wins,
// orders, ties and players of uneven strength.
func TestRateMatchesTheReferenceImplementation(t *testing.T) {
	t.Parallel()
	for _, c := range referenceCases {
		got, err := Default().Rate(c.in, c.ranks)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for i := range c.want {
			if math.Abs(got[i].Mu-c.want[i].Mu) > 1e-9 || math.Abs(got[i].Sigma-c.want[i].Sigma) > 1e-9 {
				t.Errorf("%s: player %d is %+v, want %+v", c.name, i, got[i], c.want[i])
			}
		}
	}
}

// Ranks are compared, not read as numbers: 0 1 1 3 rates as 1 2 2 4.
func TestRateReadsOnlyTheOrderOfRanks(t *testing.T) {
	t.Parallel()
	in := []Rating{{25, 25.0 / 3}, {22, 6}, {28, 7}, {25, 4}}
	a, _ := Default().Rate(in, []int{1, 2, 2, 4})
	b, _ := Default().Rate(in, []int{0, 1, 1, 3})
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("player %d: %+v vs %+v", i, a[i], b[i])
		}
	}
}

// A play of one player, or ranks that do not match the players, is refused.
func TestRateRefusesAPlayItCannotRate(t *testing.T) {
	t.Parallel()
	if _, err := Default().Rate([]Rating{{25, 8}}, []int{1}); err == nil {
		t.Fatal("a play of one player was rated")
	}
	if _, err := Default().Rate([]Rating{{25, 8}, {25, 8}}, []int{1}); err == nil {
		t.Fatal("two players with one rank were rated")
	}
}

// The conservative rating is mu - 3 sigma: 0 for a newcomer.
func TestConservativeIsMuLessThreeSigma(t *testing.T) {
	t.Parallel()
	if got := Default().New().Conservative(); math.Abs(got) > 1e-12 {
		t.Fatalf("a newcomer's conservative rating is %v, want 0", got)
	}
	if got := (Rating{Mu: 30, Sigma: 2}).Conservative(); got != 24 {
		t.Fatalf("30 ± 2 is %v, want 24", got)
	}
}
