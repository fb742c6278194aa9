package risk

import (
	"math/big"
	"slices"
	"testing"

	"tableside/engine"
)

// Exact enumeration for the luck tests, sharing nothing with the odds
// engine: every face of every throw is enumerated and compared here.

// enumThrow counts, over all 6^(a+d) faces, the ways the attacker loses j.
func enumThrow(a, d int) (ways []int64, of int64) {
	k := min(a, d)
	ways = make([]int64, k+1)
	faces := make([]int, a+d)
	var rec func(i int)
	rec = func(i int) {
		if i == len(faces) {
			att := slices.Clone(faces[:a])
			def := slices.Clone(faces[a:])
			slices.Sort(att)
			slices.Reverse(att)
			slices.Sort(def)
			slices.Reverse(def)
			lost := 0
			for c := 0; c < k; c++ {
				if att[c] <= def[c] { // ties to the defender
					lost++
				}
			}
			ways[lost]++
			of++
			return
		}
		for f := 1; f <= 6; f++ {
			faces[i] = f
			rec(i + 1)
		}
	}
	rec(0)
	return ways, of
}

// exactEndings is every ending of a battle from start (armies on the
// board), stopping once the attacking territory is down to stop (<= 1: to
// the end), the defender rolling up to dmax dice, in exact fractions.
func exactEndings(start Armies, stop, dmax int) map[endingKey]*big.Rat {
	memo := map[Armies]map[endingKey]*big.Rat{}
	throws := map[[2]int][2]any{}
	var rec func(s Armies) map[endingKey]*big.Rat
	rec = func(s Armies) map[endingKey]*big.Rat {
		if m, ok := memo[s]; ok {
			return m
		}
		out := map[endingKey]*big.Rat{}
		switch {
		case s.Defender == 0:
			out[endingKey{won: true, left: s.Attacker}] = big.NewRat(1, 1)
		case s.Attacker <= 1 || s.Attacker <= stop:
			out[endingKey{left: s.Defender}] = big.NewRat(1, 1)
		default:
			ad, dd := min(3, s.Attacker-1), min(dmax, s.Defender)
			key := [2]int{ad, dd}
			if _, ok := throws[key]; !ok {
				w, of := enumThrow(ad, dd)
				throws[key] = [2]any{w, of}
			}
			w, of := throws[key][0].([]int64), throws[key][1].(int64)
			k := min(ad, dd)
			for j, n := range w {
				next := rec(Armies{Attacker: s.Attacker - j, Defender: s.Defender - (k - j)})
				for e, p := range next {
					x := new(big.Rat).Mul(p, big.NewRat(n, of))
					if out[e] == nil {
						out[e] = new(big.Rat)
					}
					out[e].Add(out[e], x)
				}
			}
		}
		memo[s] = out
		return out
	}
	return rec(start)
}

// exactLosses is each side's expected losses over a whole battle, by the
// same face-by-face enumeration, in exact fractions.
func exactLosses(start Armies, stop, dmax int) (att, def *big.Rat) {
	type pair struct{ a, d *big.Rat }
	memo := map[Armies]pair{}
	var rec func(s Armies) pair
	rec = func(s Armies) pair {
		if v, ok := memo[s]; ok {
			return v
		}
		out := pair{new(big.Rat), new(big.Rat)}
		if s.Defender > 0 && s.Attacker > 1 && s.Attacker > stop {
			ad, dd := min(3, s.Attacker-1), min(dmax, s.Defender)
			w, of := enumThrow(ad, dd)
			k := min(ad, dd)
			for j, n := range w {
				p := big.NewRat(n, of)
				next := rec(Armies{Attacker: s.Attacker - j, Defender: s.Defender - (k - j)})
				a := new(big.Rat).Add(big.NewRat(int64(j), 1), next.a)
				d := new(big.Rat).Add(big.NewRat(int64(k-j), 1), next.d)
				out.a.Add(out.a, a.Mul(a, p))
				out.d.Add(out.d, d.Mul(d, p))
			}
		}
		memo[s] = out
		return out
	}
	v := rec(start)
	return v.a, v.d
}

func ratF(r *big.Rat) float64 { f, _ := r.Float64(); return f }

// endArmies is an ending as the board shows it (the attacker's count for a
// held ending is any it could stop with: here the stop count, or 1).
func endArmies(k endingKey, stop int) Armies {
	if k.won {
		return Armies{Attacker: k.left}
	}
	return Armies{Attacker: max(stop, 1), Defender: k.left}
}

// checkAgainstEnumeration places every ending of a battle and compares
// each number with the exact enumeration.
func checkAgainstEnumeration(t *testing.T, start Armies, stop, dmax int) {
	t.Helper()
	want := exactEndings(start, stop, dmax)
	dr := DiceRules{}
	if dmax != 2 {
		dr.DefenderDice = dmax
	}
	total := new(big.Rat)
	for _, p := range want {
		total.Add(total, p)
	}
	if total.Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("%v stop %d: endings sum to %s", start, stop, total.RatString())
	}
	q := Query{Attackers: start.Attacker, Defenders: []Defender{{Armies: start.Defender}}, Dice: dr, Stop: stop}
	o, err := Compute(q)
	if err != nil {
		t.Fatal(err)
	}
	ea, ed := exactLosses(start, stop, dmax)
	near(t, "expected attacker losses", o.ExpectedAttackerLosses, ratF(ea))
	near(t, "expected defender losses", o.ExpectedDefenderLosses, ratF(ed))
	for e, p := range want {
		better, worse := new(big.Rat), new(big.Rat)
		for o, q := range want {
			switch {
			case o == e:
			case o.better(e):
				better.Add(better, q)
			default:
				worse.Add(worse, q)
			}
		}
		pl, _, err := PlaceEnding(q, endArmies(e, stop))
		if err != nil {
			t.Fatalf("%v stop %d ending %+v: %v", start, stop, e, err)
		}
		near(t, "P", pl.P, ratF(p))
		near(t, "better", pl.Better, ratF(better))
		near(t, "worse", pl.Worse, ratF(worse))
		half := new(big.Rat).Mul(p, big.NewRat(1, 2))
		near(t, "percentile", pl.Percentile, 100*ratF(new(big.Rat).Add(worse, half)))
		att, def := new(big.Rat).Add(p, better), new(big.Rat).Add(p, worse)
		switch att.Cmp(def) {
		case -1:
			if pl.Lucky != SideAttacker {
				t.Errorf("%v ending %+v: lucky %q, want attacker", start, e, pl.Lucky)
			}
			near(t, "tail", pl.Tail, ratF(att))
		case 1:
			if pl.Lucky != SideDefender {
				t.Errorf("%v ending %+v: lucky %q, want defender", start, e, pl.Lucky)
			}
			near(t, "tail", pl.Tail, ratF(def))
		}
	}
}

// The dice counts the odds engine uses agree with a face-by-face count.
func TestThrowExpectationIsExactOverEveryFace(t *testing.T) {
	for a := 1; a <= 3; a++ {
		for d := 1; d <= 3; d++ {
			ways, of := enumThrow(a, d)
			var m int64
			for j, w := range ways {
				m += int64(j) * w
			}
			ea, ed, err := ThrowExpectation(a, d)
			if err != nil {
				t.Fatal(err)
			}
			near(t, "attacker", ea, float64(m)/float64(of))
			near(t, "defender", ed, float64(min(a, d))-float64(m)/float64(of))
		}
	}
	// 3 dice against 2, by hand from the 7,776 throws: the attacker loses
	// 2 in 2,275, 1 in 2,611, none in 2,890.
	ea, ed, _ := ThrowExpectation(3, 2)
	near(t, "3 v 2 attacker", ea, 7161.0/7776)
	near(t, "3 v 2 defender", ed, 8391.0/7776)
	if _, _, err := ThrowExpectation(4, 2); !isRule(err, "dice-count") {
		t.Errorf("4 dice: %v, want dice-count", err)
	}
}

func isRule(err error, rule string) bool {
	re, ok := err.(*engine.RuleError)
	return ok && re.Rule == rule
}

// One die against one (2 on the board against 1): the attacker wins 15 of
// 36; the defender holding is the worse half for the attacker.
func TestOneDieEachDefenderHoldingIsAOneInTwoForTheDefender(t *testing.T) {
	q := Query{Attackers: 2, Defenders: []Defender{{Armies: 1}}}
	pl, o, err := PlaceEnding(q, Armies{Attacker: 1, Defender: 1})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "win", o.Win, 15.0/36)
	near(t, "P(held)", pl.P, 21.0/36)
	near(t, "worse", pl.Worse, 0)
	near(t, "percentile", pl.Percentile, 100*21.0/72)
	if pl.Lucky != SideDefender || pl.OneIn != 2 {
		t.Errorf("lucky %q 1-in-%d, want defender 1-in-2", pl.Lucky, pl.OneIn)
	}
	won, _, _ := PlaceEnding(q, Armies{Attacker: 2})
	near(t, "P(won)", won.P, 15.0/36)
	near(t, "attacker's tail", won.Tail, 15.0/36)
	if won.Lucky != SideAttacker {
		t.Errorf("a win is lucky for %q", won.Lucky)
	}
}

// Worked by hand: 3 on the board against 1. The attacker rolls 2 dice
// against 1 and wins the throw in 125 of 216; else it is 2 against 1, one
// die each (15 in 36). Held with 1: 91/216 x 21/36 = 1911/7776; won with
// 2: 91/216 x 15/36 = 1365/7776; won with 3: 125/216 = 4500/7776.
func TestThreeAgainstOneByHand(t *testing.T) {
	q := Query{Attackers: 3, Defenders: []Defender{{Armies: 1}}}
	held, _, err := PlaceEnding(q, Armies{Attacker: 1, Defender: 1})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "P(held with 1)", held.P, 1911.0/7776)
	near(t, "defender's tail", held.Tail, 1911.0/7776)
	near(t, "percentile", held.Percentile, 100*1911.0/2/7776)
	if held.Lucky != SideDefender || held.OneIn != 4 {
		t.Errorf("held: lucky %q 1-in-%d, want defender 1-in-4", held.Lucky, held.OneIn)
	}
	two, _, _ := PlaceEnding(q, Armies{Attacker: 2})
	near(t, "P(won with 2)", two.P, 1365.0/7776)
	near(t, "better", two.Better, 4500.0/7776)
	near(t, "worse", two.Worse, 1911.0/7776)
	three, _, _ := PlaceEnding(q, Armies{Attacker: 3})
	near(t, "P(won with 3)", three.P, 4500.0/7776)
	near(t, "percentile", three.Percentile, 100*(3276.0+2250)/7776)
}

// Every ending of longer battles, to the end, stopping early and with a
// one-die defender, and each side's expected losses over the whole battle,
// against the face-by-face enumeration.
func TestPlacementMatchesExactEnumeration(t *testing.T) {
	for _, c := range []struct {
		start      Armies
		stop, dmax int
	}{
		{Armies{Attacker: 10, Defender: 6}, 0, 2},
		{Armies{Attacker: 7, Defender: 9}, 0, 2},
		{Armies{Attacker: 12, Defender: 8}, 5, 2},
		{Armies{Attacker: 9, Defender: 7}, 0, 1},
		{Armies{Attacker: 6, Defender: 5}, 3, 1},
		{Armies{Attacker: 8, Defender: 4}, 0, 3},
	} {
		checkAgainstEnumeration(t, c.start, c.stop, c.dmax)
	}
}

// An ending the battle cannot have is refused, naming it.
func TestImpossibleEndingIsRefused(t *testing.T) {
	q := Query{Attackers: 5, Defenders: []Defender{{Armies: 3}}}
	for _, end := range []Armies{{Attacker: 6}, {Attacker: 1, Defender: 4}, {Attacker: 3, Defender: 3}, {Attacker: 0}} {
		if _, _, err := PlaceEnding(q, end); !isRule(err, "impossible-ending") {
			t.Errorf("ending %+v: %v, want impossible-ending", end, err)
		}
	}
	chain := Query{Attackers: 5, Defenders: []Defender{{Armies: 1}, {Armies: 1}}}
	if _, _, err := PlaceEnding(chain, Armies{Attacker: 3}); !isRule(err, "one-territory") {
		t.Errorf("chain: %v, want one-territory", err)
	}
}
