package cashcrash

import (
	"fmt"
	"sort"
)

// Opponent is what the table knows of another player's stake: how many
// cards are down, and which cards they might be (their pool).
type Opponent struct {
	Staked int   `json:"staked"`
	Pool   []int `json:"pool"` // card numbers, 1..10
}

// Chance is the exact probability that a bid holds: Holds of Total equally
// likely deals of the unknown stakes.
type Chance struct {
	Holds uint64  `json:"holds"`
	Total uint64  `json:"total"`
	P     float64 `json:"p"`
}

// Odds computes, exactly, the chance that bid holds given the cards I
// staked and, for each other player, the number of cards staked and the
// pool they were drawn from: each stake is taken as equally likely to be
// any choice of that many cards from the pool. It enumerates each player's
// possible stakes, keeps only the icon counts the bid needs (capped at what
// is still missing), and combines the players one by one, so eight players
// cost no more than a few thousand small steps.
func Odds(set []Card, mine []int, others []Opponent, bid Bid) Chance {
	var need [3]int
	var have Card
	for _, n := range mine {
		if n >= 1 && n <= len(set) {
			have = have.add(set[n-1])
		}
	}
	for i, g := range []byte("GOW") {
		if containsGood(bid.Goods, g) {
			need[i] = max(0, bid.Qty-have.Icons(g))
		}
	}
	sp := space{need: need, d1: need[1] + 1, d2: need[2] + 1}
	size := (need[0] + 1) * sp.d1 * sp.d2
	dist := make([]uint64, size)
	dist[0] = 1
	cache := map[string][]term{}
	for _, o := range others {
		key := fmt.Sprint(o.Staked, o.Pool)
		terms, ok := cache[key]
		if !ok {
			terms = sp.stakeSums(set, o)
			cache[key] = terms
		}
		dist = sp.combine(dist, terms)
	}
	var c Chance
	for i, n := range dist {
		c.Total += n
		if i == size-1 {
			c.Holds = n
		}
	}
	if c.Total > 0 {
		c.P = float64(c.Holds) / float64(c.Total)
	}
	return c
}

func containsGood(goods string, g byte) bool {
	for i := 0; i < len(goods); i++ {
		if goods[i] == g {
			return true
		}
	}
	return false
}

// space indexes icon totals capped at what the bid still needs, densely:
// index = gold*d1*d2 + oil*d2 + wheat. The last index means "enough of all".
type space struct {
	need   [3]int
	d1, d2 int
}

// term is one possible capped total of a stake, and in how many ways it comes.
type term struct {
	v [3]int
	n uint64
}

func (sp space) index(v [3]int) int { return v[0]*sp.d1*sp.d2 + v[1]*sp.d2 + v[2] }

// stakeSums counts, for every choice of o.Staked cards from o.Pool, the
// capped icon totals it gives.
func (sp space) stakeSums(set []Card, o Opponent) []term {
	counts := map[[3]int]uint64{}
	pool := make([][3]int, 0, len(o.Pool))
	for _, n := range o.Pool {
		if n >= 1 && n <= len(set) {
			c := set[n-1]
			pool = append(pool, [3]int{c.Gold, c.Oil, c.Wheat})
		}
	}
	k := min(o.Staked, len(pool))
	var walk func(start, left int, acc [3]int)
	walk = func(start, left int, acc [3]int) {
		if left == 0 {
			counts[sp.capAt(acc)]++
			return
		}
		for i := start; i <= len(pool)-left; i++ {
			next := acc
			for d := range 3 {
				next[d] += pool[i][d]
			}
			walk(i+1, left-1, next)
		}
	}
	walk(0, k, [3]int{})
	out := make([]term, 0, len(counts))
	for v, n := range counts {
		out = append(out, term{v, n})
	}
	sort.Slice(out, func(i, j int) bool { return sp.index(out[i].v) < sp.index(out[j].v) })
	return out
}

func (sp space) capAt(v [3]int) [3]int {
	for d := range 3 {
		v[d] = min(v[d], sp.need[d])
	}
	return v
}

// combine adds one more player's stake to the distribution of totals.
func (sp space) combine(dist []uint64, terms []term) []uint64 {
	out := make([]uint64, len(dist))
	for g := 0; g <= sp.need[0]; g++ {
		for o := 0; o <= sp.need[1]; o++ {
			for w := 0; w <= sp.need[2]; w++ {
				n := dist[g*sp.d1*sp.d2+o*sp.d2+w]
				if n == 0 {
					continue
				}
				for _, t := range terms {
					out[min(g+t.v[0], sp.need[0])*sp.d1*sp.d2+min(o+t.v[1], sp.need[1])*sp.d2+min(w+t.v[2], sp.need[2])] += n * t.n
				}
			}
		}
	}
	return out
}

// OddsFor is the odds helper for one seat on the current bid: what that
// seat knows (its own stake, the set, the cards others were seen to lose
// unless a private swap or recovery may have brought them back).
func (s *State) OddsFor(seat int) (Chance, bool) {
	if s.Bid == nil || seat < 0 || seat >= len(s.Players) || s.Players[seat].Out {
		return Chance{}, false
	}
	var others []Opponent
	for i, p := range s.Players {
		if i == seat || p.Out {
			continue
		}
		others = append(others, Opponent{Staked: len(p.Staked), Pool: s.possible(i)})
	}
	return Odds(s.Settings.Cards, s.Players[seat].Staked, others, *s.Bid), true
}

// possible lists the cards a player might still hold, as the table knows:
// the whole set, less the cards seen lost when nothing private has blurred it.
func (s *State) possible(seat int) []int {
	p := &s.Players[seat]
	var out []int
	for n := 1; n <= SetSize; n++ {
		if p.Blurred || !containsInt(p.Seen, n) {
			out = append(out, n)
		}
	}
	return out
}

func containsInt(xs []int, n int) bool {
	for _, x := range xs {
		if x == n {
			return true
		}
	}
	return false
}
