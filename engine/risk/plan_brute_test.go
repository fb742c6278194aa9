package risk

import (
	"math/big"
)

// A brute-force planner for the planner's tests, sharing nothing with the
// engine: every throw's faces are enumerated (enumThrow), every way a chain
// can go is walked state by state in exact fractions, and the fewest armies
// are found by trying each count in turn.

// bfEnd is one way a chain ends: held at territory k, taken k but too few
// to go on, or every territory taken with r attackers left.
type bfEnd struct {
	k    int
	kind byte // 'h' held, 'f' too few, 'w' won
	r    int
}

type bfKey struct {
	k, a, d int
	fresh   bool
}

type bruteForce struct {
	q     Query
	throw map[[2]int][]*big.Rat
	memo  map[bfKey]map[bfEnd]*big.Rat
}

func newBruteForce(q Query) *bruteForce {
	return &bruteForce{q: q, throw: map[[2]int][]*big.Rat{}, memo: map[bfKey]map[bfEnd]*big.Rat{}}
}

// chances of one throw, by enumerating its faces.
func (b *bruteForce) chances(ad, dd int) []*big.Rat {
	if c, ok := b.throw[[2]int{ad, dd}]; ok {
		return c
	}
	ways, of := enumThrow(ad, dd)
	c := make([]*big.Rat, len(ways))
	for j, w := range ways {
		c[j] = big.NewRat(w, of)
	}
	b.throw[[2]int{ad, dd}] = c
	return c
}

// counts is the spread of a territory's defenders.
func bfCounts(d Defender) map[int]*big.Rat {
	if !d.MomPop {
		return map[int]*big.Rat{d.Armies: big.NewRat(1, 1)}
	}
	m := map[int]*big.Rat{}
	for c := 1; c <= 6; c++ {
		m[c] = big.NewRat(1, 6)
	}
	return m
}

// start is territory k attacked with f armies.
func (b *bruteForce) start(k, f int) map[bfEnd]*big.Rat {
	out := map[bfEnd]*big.Rat{}
	for d, w := range bfCounts(b.q.Defenders[k]) {
		fresh := k == 0 && b.q.Defenders[k].MomPop
		for e, p := range b.walk(bfKey{k, f, d, fresh}) {
			addEnd(out, e, new(big.Rat).Mul(p, w))
		}
	}
	return out
}

func addEnd(m map[bfEnd]*big.Rat, e bfEnd, p *big.Rat) {
	if m[e] == nil {
		m[e] = new(big.Rat)
	}
	m[e].Add(m[e], p)
}

// walk is every ending from one state of one battle.
func (b *bruteForce) walk(s bfKey) map[bfEnd]*big.Rat {
	if m, ok := b.memo[s]; ok {
		return m
	}
	q := b.q
	K := max(q.Leave, 1)
	home := 1
	if s.k > 0 {
		home = K
	}
	last := s.k == len(q.Defenders)-1
	out := map[bfEnd]*big.Rat{}
	one := big.NewRat(1, 1)
	switch {
	case s.d == 0 && last:
		out[bfEnd{s.k, 'w', s.a}] = one
	case s.d == 0 && (s.a-K <= 0 || s.a-K <= max(0, q.Stop-K)):
		out[bfEnd{k: s.k, kind: 'f'}] = one
	case s.d == 0:
		out = b.start(s.k+1, s.a-K)
	case s.a == 0 || (s.a <= q.Stop-home && !s.fresh):
		out[bfEnd{k: s.k, kind: 'h'}] = one
	default:
		ad, dd := min(3, s.a), min(q.Dice.DefenderMax(), s.d)
		for j, p := range b.chances(ad, dd) {
			n := bfKey{s.k, s.a - j, s.d - (len(b.chances(ad, dd)) - 1 - j), false}
			for e, x := range b.walk(n) {
				addEnd(out, e, new(big.Rat).Mul(x, p))
			}
		}
	}
	b.memo[s] = out
	return out
}

// bfAnswer is what the planner promises, worked out by brute force for
// attackers on the board.
type bfAnswer struct {
	win     *big.Rat
	inLast  map[int]*big.Rat // r armies move into the last territory
	conquer []*big.Rat       // each territory taken
}

func (b *bruteForce) answer(attackers int) bfAnswer {
	ends := b.start(0, attackers-1)
	a := bfAnswer{win: new(big.Rat), inLast: map[int]*big.Rat{}}
	for range b.q.Defenders {
		a.conquer = append(a.conquer, new(big.Rat))
	}
	for e, p := range ends {
		if e.kind == 'w' {
			a.win.Add(a.win, p)
			a.inLast[e.r] = p
		}
		taken := e.k - 1 // the last territory taken
		if e.kind != 'h' {
			taken = e.k
		}
		for k := 0; k <= taken; k++ {
			a.conquer[k].Add(a.conquer[k], p)
		}
	}
	return a
}

// need is the fewest attackers on the board, from least up to most, whose
// chance to take everything is at least chance (0 if none).
func (b *bruteForce) need(least, most int, chance float64) int {
	c := new(big.Rat).SetFloat64(chance)
	for a := least; a <= most; a++ {
		if b.answer(a).win.Cmp(c) >= 0 {
			return a
		}
	}
	return 0
}
