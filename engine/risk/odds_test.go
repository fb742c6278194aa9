package risk

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 {
		t.Errorf("%s = %.15g, want %.15g", what, got, want)
	}
}

func mustCompute(t *testing.T, q Query) *Odds {
	t.Helper()
	o, err := Compute(q)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// 2 on the board against 1: one die each, one roll, ties to the defender.
func TestTwoAgainstOneIsOneDieEachTiesToTheDefender(t *testing.T) {
	o := mustCompute(t, Query{Attackers: 2, Defenders: []Defender{{Armies: 1}}})
	near(t, "win", o.Win, 15.0/36)
	near(t, "attacker ends with 2 (won)", o.Conquered[2], 15.0/36)
	near(t, "attacker ends with 1", o.Attacker[1], 21.0/36)
	near(t, "defender holds with 1", o.Steps[0].Held[1], 21.0/36)
	near(t, "expected left", o.ExpectedLeft, 2-21.0/36)
}

// 3 on the board (2 may attack) against 2, stopping once down to 2: exactly
// one roll of 2 dice against 2.
func TestStopEarlyEndsWhenTheAttackingTerritoryIsDownToN(t *testing.T) {
	o := mustCompute(t, Query{Attackers: 3, Defenders: []Defender{{Armies: 2}}, Stop: 2})
	near(t, "win", o.Win, 295.0/1296)
	near(t, "held by 1 (each lost one, attacker stopped at 2)", o.Steps[0].Held[1], 420.0/1296)
	near(t, "held by 2", o.Steps[0].Held[2], 581.0/1296)
	near(t, "attacker ends with 3", o.Attacker[3], 295.0/1296)
	near(t, "attacker ends with 2", o.Attacker[2], 420.0/1296)
	near(t, "attacker ends with 1", o.Attacker[1], 581.0/1296)
	// Without the stop, the 2-v-1 after a trade goes on.
	full := mustCompute(t, Query{Attackers: 3, Defenders: []Defender{{Armies: 2}}})
	near(t, "win to the end", full.Win, 295.0/1296+420.0/1296*15.0/36)
}

// 3 against a chain of 1 and 1, leaving one behind: the first battle is 2
// dice against 1; winning it with both leaves 1 to attack the next.
func TestChainLeavesOneBehindAndMovesTheRestOn(t *testing.T) {
	o := mustCompute(t, Query{Attackers: 3, Defenders: []Defender{{Armies: 1}, {Armies: 1}}})
	first := 125.0/216 + 91.0/216*15.0/36
	near(t, "take the first", o.Steps[0].Conquer, first)
	near(t, "reach the second", o.Steps[1].Reach, 125.0/216)
	near(t, "taken with one left: too few to go on", o.Steps[0].TooFew, 91.0/216*15.0/36)
	near(t, "win the chain", o.Win, 125.0/216*15.0/36)
	// Leaving 2 behind, 3 cannot go on after the first.
	o2 := mustCompute(t, Query{Attackers: 3, Defenders: []Defender{{Armies: 1}, {Armies: 1}}, Leave: 2})
	near(t, "win when leaving 2", o2.Win, 0)
	near(t, "too few when leaving 2", o2.Steps[0].TooFew, first)
}

// A Mom & Pop is the average of six battles, one per face of its die.
func TestMomPopIsTheAverageOfSixBattles(t *testing.T) {
	o := mustCompute(t, Query{Attackers: 10, Defenders: []Defender{{MomPop: true}}})
	avg := 0.0
	for c := 1; c <= 6; c++ {
		one := mustCompute(t, Query{Attackers: 10, Defenders: []Defender{{Armies: c}}})
		avg += one.Win / 6
		near(t, "by count "+itoa(c), o.Steps[0].ByCount[c-1], one.Win)
	}
	near(t, "Mom & Pop win", o.Win, avg)
}

// Once a Mom & Pop attack is announced, at least one round is fought, even
// when the attacker's stop count says it would not roll at all.
func TestMomPopFightsAtLeastOneRoundWhateverTheStop(t *testing.T) {
	o := mustCompute(t, Query{Attackers: 3, Defenders: []Defender{{MomPop: true}}, Stop: 3})
	// One roll of 2 dice: a 1 falls to 2 dice against 1, a 2 to both of 2
	// dice against 2; 3 to 6 cannot fall in one roll.
	want := (125.0/216 + 295.0/1296) / 6
	near(t, "win after the one forced round", o.Win, want)
	// 4 left: a 6 lost 2, a 5 lost 1, or a 4 lost none: every 2-v-2 outcome once.
	near(t, "held by 4", o.Steps[0].Held[4], 1.0/6)
	// Down to the home army: both dice lost against 2 defence dice.
	near(t, "attacker ends with 1", o.Attacker[1], 5*581.0/1296/6)
	if _, err := Compute(Query{Attackers: 3, Defenders: []Defender{{Armies: 3}}, Stop: 3}); err == nil {
		t.Error("an ordinary attack that would stop before rolling must be refused")
	}
}

// House rules: a defender limited to one die loses more, three dice less.
func TestDefenderDiceHouseRuleChangesTheOdds(t *testing.T) {
	one := mustCompute(t, Query{Attackers: 2, Defenders: []Defender{{Armies: 3}}, Dice: DiceRules{DefenderDice: 1}})
	near(t, "1 die v 1 die, three times", one.Win, math.Pow(15.0/36, 3))
	classic := mustCompute(t, Query{Attackers: 11, Defenders: []Defender{{Armies: 10}}}).Win
	d1 := mustCompute(t, Query{Attackers: 11, Defenders: []Defender{{Armies: 10}}, Dice: DiceRules{DefenderDice: 1}}).Win
	d3 := mustCompute(t, Query{Attackers: 11, Defenders: []Defender{{Armies: 10}}, Dice: DiceRules{DefenderDice: 3}}).Win
	if !(d1 > classic && classic > d3) {
		t.Errorf("defender max 1 die: %.4f, classic: %.4f, 3 dice: %.4f; want falling", d1, classic, d3)
	}
}

func TestOutcomesRunFromTheDefendersBestToTheAttackers(t *testing.T) {
	o := mustCompute(t, Query{Attackers: 4, Defenders: []Defender{{Armies: 2}}})
	got := o.Outcomes()
	total := 0.0
	for _, x := range got {
		total += x.P
	}
	near(t, "outcomes add up", total, 1)
	if got[0].Won || got[0].Left != 2 || !got[len(got)-1].Won || got[len(got)-1].Left != 4 {
		t.Errorf("outcomes %+v: want held by 2 first, won with 4 last", got)
	}
}

func TestPercentNeverRoundsToCertainty(t *testing.T) {
	for p, want := range map[float64]string{0: "0.0%", 1: "100.0%", 0.99999: ">99.9%", 0.00001: "<0.1%", 0.7260797: "72.6%"} {
		if got := Percent(p); got != want {
			t.Errorf("Percent(%v) = %q, want %q", p, got, want)
		}
	}
}
