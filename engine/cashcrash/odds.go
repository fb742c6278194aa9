package cashcrash

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
	dist := map[[3]int]uint64{{}: 1}
	for _, o := range others {
		dist = combine(dist, stakeSums(set, o, need), need)
	}
	var c Chance
	for k, n := range dist {
		c.Total += n
		if k == need {
			c.Holds += n
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

// stakeSums counts, for every choice of o.Staked cards from o.Pool, the
// capped icon totals it gives.
func stakeSums(set []Card, o Opponent, need [3]int) map[[3]int]uint64 {
	out := map[[3]int]uint64{}
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
			out[capAt(acc, need)]++
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
	return out
}

func capAt(v, need [3]int) [3]int {
	for d := range 3 {
		v[d] = min(v[d], need[d])
	}
	return v
}

func combine(a, b map[[3]int]uint64, need [3]int) map[[3]int]uint64 {
	out := map[[3]int]uint64{}
	for ka, na := range a {
		for kb, nb := range b {
			var k [3]int
			for d := range 3 {
				k[d] = ka[d] + kb[d]
			}
			out[capAt(k, need)] += na * nb
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
