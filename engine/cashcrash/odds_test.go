package cashcrash

import (
	"encoding/json"
	"testing"

	"tableside/engine"
)

func testSet(t testing.TB) []Card {
	var raw map[string]Card
	if err := json.Unmarshal([]byte(testSetJSON), &raw); err != nil {
		t.Fatal(err)
	}
	out := make([]Card, SetSize)
	for i := range out {
		out[i] = raw["card"+itoa(i+1)]
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestOddsCountsEveryPossibleStakeExactly(t *testing.T) {
	set := testSet(t)
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	// I staked card 1 (one Gold); one opponent staked one unknown card: the
	// bid "2 Gold" holds when that card shows Gold: cards 1, 4, 7, 9, 10.
	c := Odds(set, []int{1}, []Opponent{{Staked: 1, Pool: all}}, Bid{2, "G"})
	if c.Holds != 5 || c.Total != 10 || c.P != 0.5 {
		t.Fatalf("2 Gold with one Gold in hand: %+v, want 5 of 10", c)
	}
	// A bid my own cards already cover always holds.
	if c := Odds(set, []int{4}, []Opponent{{Staked: 2, Pool: all}}, Bid{2, "G"}); c.P != 1 || c.Total != 45 {
		t.Fatalf("covered bid: %+v", c)
	}
}

// The exact count agrees with a plain enumeration of every deal of every
// opponent's stake.
func TestOddsAgreesWithBruteForce(t *testing.T) {
	set := testSet(t)
	mine := []int{2, 9}
	opps := []Opponent{{Staked: 2, Pool: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}, {Staked: 3, Pool: []int{1, 3, 5, 6, 7, 8, 10}}}
	for _, b := range []Bid{{4, "G"}, {3, "GO"}, {2, "GOW"}, {6, "W"}, {1, "O"}} {
		got := Odds(set, mine, opps, b)
		var holds, total uint64
		for _, a := range subsets(opps[0].Pool, 2) {
			for _, c := range subsets(opps[1].Pool, 3) {
				var sum Card
				for _, n := range append(append(append([]int{}, mine...), a...), c...) {
					sum = sum.add(set[n-1])
				}
				ok := true
				for i := 0; i < len(b.Goods); i++ {
					ok = ok && sum.Icons(b.Goods[i]) >= b.Qty
				}
				total++
				if ok {
					holds++
				}
			}
		}
		if got.Holds != holds || got.Total != total {
			t.Fatalf("%s: odds %d/%d, brute force %d/%d", b, got.Holds, got.Total, holds, total)
		}
	}
}

func subsets(pool []int, k int) [][]int {
	if k == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for i := range pool {
		for _, rest := range subsets(pool[i+1:], k-1) {
			out = append(out, append([]int{pool[i]}, rest...))
		}
	}
	return out
}

func TestOddsForASeatLeavesOutCardsSeenLost(t *testing.T) {
	g := newGame(t, "", "Ana", "Ben")
	g.s.Players[1].Seen = []int{1, 4, 7, 9} // Ben was seen to lose four of his Gold cards
	g.s.Players[1].Lost = []int{1, 4, 7, 9}
	g.s.Players[1].Hand = []int{2, 3, 5, 6, 8, 10}
	g.stake("1,2", "2,3")
	g.do(0, CmdBid, bid(2, "G"))
	c, ok := g.s.OddsFor(0)
	// Ana holds one Gold; Ben's stake of 2 from {2,3,5,6,8,10}: only card 10 has Gold: 5 of 15 pairs.
	if !ok || c.Holds != 5 || c.Total != 15 {
		t.Fatalf("odds for Ana: %+v", c)
	}
	v := Rules{}.View(g.s, engine.Viewer{Seat: 0}).(View)
	if v.Me == nil || v.Me.OddsText != "33.3%" {
		t.Fatalf("Ana's view shows odds %+v", v.Me)
	}
	g.s.Players[1].Blurred = true // after a private swap the whole set is possible again
	if c, _ := g.s.OddsFor(0); c.Total != 45 {
		t.Fatalf("blurred: %+v", c)
	}
}

func BenchmarkOddsEightPlayersFourCardsEach(b *testing.B) {
	set := testSet(b)
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	var opps []Opponent
	for range 7 {
		opps = append(opps, Opponent{Staked: 4, Pool: all})
	}
	for b.Loop() {
		Odds(set, []int{1, 4, 7, 10}, opps, Bid{12, "GOW"})
	}
}

// A phone's view during bidding carries the odds helper, recomputed on
// every live update: eight players, the Blitz worst case of five cards each.
func BenchmarkSeatViewWithOddsEightPlayers(b *testing.B) {
	t := &testing.T{}
	g := newGame(t, `{"variant":"blitz"}`, "A", "B", "C", "D", "E", "F", "G", "H")
	g.stake("1,2", "1,2", "1,2", "1,2", "1,2", "1,2", "1,2", "1,2")
	g.do(0, CmdBid, bid(3, "G"))
	goods := []string{"W", "G", "O"}
	k := 0
	for _, c := range []int{3, 4, 5} {
		for seat := 1; seat < 8; seat++ {
			if _, err := g.try(seat, CmdAdd, add(c, g.s.Bid.Qty+1, goods[k%3])); err != nil {
				b.Fatal(err)
			}
			k++
		}
	}
	if c, ok := g.s.OddsFor(0); !ok || c.Total == 0 {
		b.Fatalf("no odds: %+v", c)
	}
	for b.Loop() {
		Rules{}.View(g.s, engine.Viewer{Seat: 0})
	}
}
