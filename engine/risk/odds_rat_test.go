package risk

import (
	"math"
	"math/big"
	"testing"
)

// ratOdds is the answer worked out again in exact rational arithmetic, by a
// plain state-by-state walk that shares nothing with the fast sweep but the
// dice counts (themselves checked against REFERENCE.md).
type ratOdds struct {
	win                 *big.Rat
	attacker, conquered map[int]*big.Rat
	reach, conquer      []*big.Rat
	held                []map[int]*big.Rat
	attLoss, defLoss    *big.Rat
	tooFew              []*big.Rat
}

func radd(m map[int]*big.Rat, k int, x *big.Rat) {
	if m[k] == nil {
		m[k] = new(big.Rat)
	}
	m[k].Add(m[k], x)
}

type ratState struct {
	a, d  int
	fresh bool
}

// ratBattle walks one battle from the given starting states.
func ratBattle(start map[ratState]*big.Rat, stop int, dmx int) (won, held, heldForce map[int]*big.Rat) {
	won, held, heldForce = map[int]*big.Rat{}, map[int]*big.Rat{}, map[int]*big.Rat{}
	top := 0
	for st := range start {
		top = max(top, st.a+st.d)
	}
	buckets := make([]map[ratState]*big.Rat, top+1)
	for i := range buckets {
		buckets[i] = map[ratState]*big.Rat{}
	}
	for st, m := range start {
		buckets[st.a+st.d][st] = new(big.Rat).Set(m)
	}
	for s := top; s >= 0; s-- {
		for st, m := range buckets[s] {
			switch {
			case st.d == 0:
				radd(won, st.a, m)
			case st.a == 0:
				radd(held, st.d, m)
				radd(heldForce, 0, m)
			case st.a <= stop && !st.fresh:
				radd(held, st.d, m)
				radd(heldForce, st.a, m)
			default:
				ad, dd := min(3, st.a), min(dmx, st.d)
				rc, _ := OneRoll(ad, dd)
				for j := 0; j <= rc.Compared; j++ {
					n := ratState{a: st.a - j, d: st.d - (rc.Compared - j)}
					p := new(big.Rat).Mul(m, rc.Rat(j))
					b := buckets[n.a+n.d]
					if b[n] == nil {
						b[n] = new(big.Rat)
					}
					b[n].Add(b[n], p)
				}
			}
		}
	}
	return won, held, heldForce
}

func ratSum(m map[int]*big.Rat) *big.Rat {
	s := new(big.Rat)
	for _, x := range m {
		s.Add(s, x)
	}
	return s
}

func ratMoment(m map[int]*big.Rat) *big.Rat {
	s := new(big.Rat)
	for k, x := range m {
		s.Add(s, new(big.Rat).Mul(x, big.NewRat(int64(k), 1)))
	}
	return s
}

func ratCompute(q Query) ratOdds {
	K, dmx := q.leave(), q.Dice.DefenderMax()
	o := ratOdds{attacker: map[int]*big.Rat{}, conquered: map[int]*big.Rat{}, attLoss: new(big.Rat), defLoss: new(big.Rat)}
	force := map[int]*big.Rat{q.Attackers - 1: big.NewRat(1, 1)}
	for k, def := range q.Defenders {
		home := 1
		if k > 0 {
			home = K
		}
		stop := max(0, q.Stop-home)
		start := map[ratState]*big.Rat{}
		counts := map[int]*big.Rat{def.Armies: big.NewRat(1, 1)}
		if def.MomPop {
			counts = map[int]*big.Rat{}
			for c := 1; c <= 6; c++ {
				counts[c] = big.NewRat(1, 6)
			}
		}
		for f, m := range force {
			for d, w := range counts {
				start[ratState{f, d, k == 0 && def.MomPop}] = new(big.Rat).Mul(m, w)
			}
		}
		won, held, heldForce := ratBattle(start, stop, dmx)
		o.reach = append(o.reach, ratSum(force))
		o.conquer = append(o.conquer, ratSum(won))
		o.held = append(o.held, held)
		loss := ratMoment(force)
		loss.Sub(loss, ratMoment(won)).Sub(loss, ratMoment(heldForce))
		o.attLoss.Add(o.attLoss, loss)
		dl := new(big.Rat).Mul(ratSum(force), ratMoment(counts))
		o.defLoss.Add(o.defLoss, dl.Sub(dl, ratMoment(held)))
		for f, m := range heldForce {
			radd(o.attacker, f+home, m)
		}
		next := map[int]*big.Rat{}
		few := new(big.Rat)
		last := k == len(q.Defenders)-1
		for r, m := range won {
			if last || r-K <= 0 || r-K <= max(0, q.Stop-K) {
				radd(o.attacker, r+home, m)
				if last {
					radd(o.conquered, r+home, m)
				} else {
					few.Add(few, m)
				}
				continue
			}
			radd(next, r-K, m)
		}
		o.tooFew = append(o.tooFew, few)
		force = next
	}
	o.win = ratSum(o.conquered)
	return o
}

func closeTo(t *testing.T, what string, got float64, want *big.Rat) {
	t.Helper()
	w, _ := want.Float64()
	if math.Abs(got-w) > 1e-12 {
		t.Errorf("%s = %.17g, exact %.17g (off by %.3g)", what, got, w, got-w)
	}
}

func checkAgainstRat(t *testing.T, q Query) {
	t.Helper()
	o, err := Compute(q)
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	r := ratCompute(q)
	name := q.describe()
	closeTo(t, name+": win", o.Win, r.win)
	for n, p := range o.Attacker {
		closeTo(t, name+": attacker ends with "+itoa(n), p, get(r.attacker, n))
	}
	for n, p := range o.Conquered {
		closeTo(t, name+": conquers with "+itoa(n), p, get(r.conquered, n))
	}
	for k, st := range o.Steps {
		closeTo(t, name+": reach step "+itoa(k), st.Reach, r.reach[k])
		closeTo(t, name+": conquer step "+itoa(k), st.Conquer, r.conquer[k])
		closeTo(t, name+": too few after step "+itoa(k), st.TooFew, r.tooFew[k])
		for j, p := range st.Held {
			closeTo(t, name+": held at step "+itoa(k)+" by "+itoa(j), p, get(r.held[k], j))
		}
	}
	closeTo(t, name+": attacker losses", o.ExpectedAttackerLosses, r.attLoss)
	closeTo(t, name+": defender losses", o.ExpectedDefenderLosses, r.defLoss)
	if len(o.Steps) != len(q.Defenders) {
		t.Errorf("%s: %d steps, want %d", name, len(o.Steps), len(q.Defenders))
	}
}

func get(m map[int]*big.Rat, k int) *big.Rat {
	if x := m[k]; x != nil {
		return x
	}
	return new(big.Rat)
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// Every single battle up to 30 attacking against 30 defending, against the
// exact rational answer: win, both distributions and expected losses.
func TestOddsMatchExactRationalsUpTo30v30(t *testing.T) {
	t.Parallel() // the slowest of the engines' tests: it overlaps the others
	for a := 2; a <= 31; a++ { // 31 on the board: 30 may attack
		for d := 1; d <= 30; d++ {
			checkAgainstRat(t, Query{Attackers: a, Defenders: []Defender{{Armies: d}}})
		}
	}
}

func TestOddsOptionsMatchExactRationals(t *testing.T) {
	qs := []Query{
		{Attackers: 12, Defenders: []Defender{{Armies: 9}}, Stop: 4},
		{Attackers: 15, Defenders: []Defender{{Armies: 3}, {Armies: 4}, {Armies: 2}}},
		{Attackers: 15, Defenders: []Defender{{Armies: 3}, {Armies: 4}, {Armies: 2}}, Leave: 2, Stop: 3},
		{Attackers: 9, Defenders: []Defender{{MomPop: true}}},
		{Attackers: 9, Defenders: []Defender{{MomPop: true}}, Stop: 5},
		{Attackers: 3, Defenders: []Defender{{MomPop: true}}, Stop: 3},
		{Attackers: 20, Defenders: []Defender{{Armies: 2}, {MomPop: true}, {Armies: 5}}, Stop: 2},
		{Attackers: 14, Defenders: []Defender{{Armies: 10}}, Dice: DiceRules{DefenderDice: 3}},
		{Attackers: 14, Defenders: []Defender{{Armies: 10}}, Dice: DiceRules{DefenderDice: 1}},
		{Attackers: 16, Defenders: []Defender{{Armies: 4}, {Armies: 4}}, Dice: DiceRules{DefenderDice: 3}, Leave: 3},
	}
	for _, q := range qs {
		checkAgainstRat(t, q)
	}
}

// The distributions are whole: every outcome is counted once.
func TestOddsDistributionsAddUpToOne(t *testing.T) {
	for _, q := range []Query{
		{Attackers: 4, Defenders: []Defender{{Armies: 2}}},
		{Attackers: 40, Defenders: []Defender{{Armies: 3}, {MomPop: true}, {Armies: 7}}, Stop: 5},
	} {
		o, err := Compute(q)
		if err != nil {
			t.Fatal(err)
		}
		total := sum(o.Attacker)
		held := 0.0
		for _, st := range o.Steps {
			held += sum(st.Held) + st.TooFew
		}
		if math.Abs(total-1) > 1e-12 || math.Abs(held+o.Win-1) > 1e-12 {
			t.Errorf("%s: attacker outcomes add to %v, defender outcomes and wins to %v; want 1", q.describe(), total, held+o.Win)
		}
	}
}

// Any small question, with any options, agrees with the exact rationals.
func FuzzOddsAgainstRationals(f *testing.F) {
	f.Add(uint8(10), uint8(7), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), false)
	f.Add(uint8(12), uint8(3), uint8(2), uint8(5), uint8(3), uint8(2), uint8(3), true)
	f.Add(uint8(6), uint8(6), uint8(1), uint8(0), uint8(4), uint8(1), uint8(1), false)
	f.Fuzz(func(t *testing.T, a, d, c1, c2, stop, leave, dice uint8, mompop bool) {
		q := Query{Attackers: int(a%14) + 2, Stop: int(stop % 6), Leave: int(leave % 3), Dice: DiceRules{DefenderDice: int(dice % 4)}}
		first := Defender{Armies: int(d%9) + 1}
		if mompop {
			first = Defender{MomPop: true}
		}
		q.Defenders = []Defender{first}
		for _, c := range []uint8{c1, c2} {
			switch {
			case c == 0:
			case c%5 == 0:
				q.Defenders = append(q.Defenders, Defender{MomPop: true})
			default:
				q.Defenders = append(q.Defenders, Defender{Armies: int(c%5) + 1})
			}
		}
		if q.Validate() != nil {
			return
		}
		checkAgainstRat(t, q)
	})
}
