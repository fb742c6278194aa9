package risk

import "math"

// The battle table. A state is (a, d): a armies able to attack, d defending.
// Each roll removes k = min(attack dice, defence dice) armies in all, so the
// chance of every state flows from the diagonal a+d = s to s-1, s-2 or s-3
// only. Sweeping the diagonals from the top down with four rolling rows
// visits each state once, in O(A x D) time and O(A) memory, and absorbs the
// chance of each finished battle on the way:
//   d = 0:            the territory fell with a survivors;
//   a = 0:            the attacker ran out, d defenders hold;
//   0 < a <= stop:    the attacker stopped, d defenders hold.

// stepIn is one battle of a chain, started from a spread of states.
type stepIn struct {
	force  []float64 // force[f]: chance of attacking with f armies
	defW   []float64 // defW[d]: chance the defender has d armies
	stop   int       // the attacker stops once its attacking armies are <= stop
	forced bool      // a first round is fought even at or below stop (Mom & Pop)
	dmax   int       // most dice the defender rolls
}

// stepOut is where the chance went.
type stepOut struct {
	won       []float64 // won[r]: the territory fell with r attackers left
	held      []float64 // held[d]: the attack ended with d defenders left
	heldForce []float64 // heldForce[f]: the attack ended with f attackers left, defenders holding
}

func sweep(in stepIn) stepOut {
	amax, dmax := len(in.force)-1, len(in.defW)-1
	out := stepOut{won: make([]float64, amax+1), held: make([]float64, dmax+1), heldForce: make([]float64, amax+1)}
	tb := &table{dmx: in.dmax}
	for i := range tb.rows {
		tb.rows[i] = make([]float64, amax+1)
		tb.clearMarks(i)
	}
	rows := tb.rows
	var defs []int // defender counts that start with some chance
	for d, w := range in.defW {
		if w > 0 {
			defs = append(defs, d)
		}
	}
	dmx := in.dmax
	kIn := min(MaxAttackDice, dmx) // armies lost per roll inside the table
	pIn := rollProb()[MaxAttackDice][dmx]
	for s := amax + dmax; s >= 1; s-- {
		cur := rows[s&3]
		for _, d := range defs { // battles that start on this diagonal
			a := s - d
			if a < 1 || a > amax || in.force[a] == 0 {
				continue
			}
			m := in.force[a] * in.defW[d]
			if in.forced && a <= in.stop {
				tb.roll(s, a, d, m)
				continue
			}
			cur[a] += m
			tb.mark(s, a, d)
		}
		lo, hi := max(0, s-dmax), min(amax, s)
		if hi == s { // d = 0: taken
			out.won[s] += cur[s]
			cur[s] = 0
			hi--
		}
		if lo == 0 { // a = 0: the attacker ran out
			out.held[s] += cur[0]
			out.heldForce[0] += cur[0]
			cur[0] = 0
			lo = 1
		}
		// 0 < a <= stop: the attacker stops.
		for a := lo; a <= min(hi, in.stop); a++ {
			if m := cur[a]; m != 0 {
				out.held[s-a] += m
				out.heldForce[a] += m
				cur[a] = 0
			}
		}
		lo = max(lo, in.stop+1)
		// Inside: three attack dice and all the defender's dice.
		iLo, iHi := max(lo, MaxAttackDice), min(hi, s-dmx)
		// Only the marked part of the inside can hold chance: with two
		// defence dice every roll inside removes two armies, so every other
		// diagonal is empty but for its ends.
		jLo, jHi := max(iLo, tb.lo[s&3]), min(iHi, tb.hi[s&3])
		for a := lo; a <= hi && a < iLo; a++ {
			if m := cur[a]; m != 0 {
				cur[a] = 0
				tb.roll(s, a, s-a, m)
			}
		}
		if jLo <= jHi {
			iLo, iHi := jLo, jHi
			tb.markRange(s-kIn, iLo-kIn, iHi)
			next := rows[(s-kIn)&3]
			c := cur[iLo : iHi+1]
			switch kIn {
			case 1:
				n0, n1 := next[iLo:iHi+1], next[iLo-1:iHi]
				for i, m := range c {
					n0[i] += m * pIn[0]
					n1[i] += m * pIn[1]
				}
			case 2:
				n0, n1, n2 := next[iLo:iHi+1], next[iLo-1:iHi], next[iLo-2:iHi-1]
				p0, p1, p2 := pIn[0], pIn[1], pIn[2]
				for i, m := range c {
					n0[i] += m * p0
					n1[i] += m * p1
					n2[i] += m * p2
				}
			case 3:
				n0, n1, n2, n3 := next[iLo:iHi+1], next[iLo-1:iHi], next[iLo-2:iHi-1], next[iLo-3:iHi-2]
				for i, m := range c {
					n0[i] += m * pIn[0]
					n1[i] += m * pIn[1]
					n2[i] += m * pIn[2]
					n3[i] += m * pIn[3]
				}
			}
			clear(c)
		}
		for a := max(lo, iHi+1, iLo); a <= hi; a++ {
			if m := cur[a]; m != 0 {
				cur[a] = 0
				tb.roll(s, a, s-a, m)
			}
		}
		tb.clearMarks(s & 3)
	}
	return out
}

// table is the four rolling diagonals, each with the stretch of its inside
// (a >= 3, d >= the defender's dice) that may hold chance.
type table struct {
	rows   [4][]float64
	lo, hi [4]int
	dmx    int
}

func (t *table) clearMarks(i int) { t.lo[i], t.hi[i] = math.MaxInt, -1 }

// mark notes that state (a, d) on diagonal s may hold chance.
func (t *table) mark(s, a, d int) {
	if a >= MaxAttackDice && d >= t.dmx {
		t.markRange(s, a, a)
	}
}

func (t *table) markRange(s, lo, hi int) {
	i := s & 3
	t.lo[i], t.hi[i] = min(t.lo[i], lo), max(t.hi[i], hi)
}

// roll spreads the chance m of state (a, d) on diagonal s over the outcomes
// of one roll with as many dice as each side may throw.
func (t *table) roll(s, a, d int, m float64) {
	ad, dd := min(MaxAttackDice, a), min(t.dmx, d)
	k := min(ad, dd)
	next := t.rows[(s-k)&3]
	p := &rollProb()[ad][dd]
	for j := 0; j <= k; j++ { // the attacker loses j, the defender k-j
		next[a-j] += m * p[j]
		t.mark(s-k, a-j, d-k+j)
	}
}
