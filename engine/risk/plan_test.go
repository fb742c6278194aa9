package risk

import (
	"fmt"
	"testing"

	"tableside/engine"
)

// planCases are small battles and chains covering every rule the planner
// must honour: stop early, armies left behind, Mom & Pops (first and
// later), and the house rules on the defender's dice.
var planCases = []Query{
	{Defenders: []Defender{{Armies: 1}}},
	{Defenders: []Defender{{Armies: 3}}},
	{Defenders: []Defender{{Armies: 5}}, Stop: 3},
	{Defenders: []Defender{{Armies: 2}}, Dice: DiceRules{DefenderDice: 1}},
	{Defenders: []Defender{{Armies: 4}}, Dice: DiceRules{DefenderDice: 3}},
	{Defenders: []Defender{{MomPop: true}}},
	{Defenders: []Defender{{MomPop: true}}, Stop: 4},
	{Defenders: []Defender{{Armies: 2}, {Armies: 1}, {Armies: 2}}},
	{Defenders: []Defender{{Armies: 1}, {MomPop: true}}, Leave: 2},
	{Defenders: []Defender{{Armies: 3}, {Armies: 2}}, Stop: 4, Leave: 2},
	{Defenders: []Defender{{Armies: 2}, {Armies: 2}}, Stop: 2, Dice: DiceRules{DefenderDice: 3}},
}

// The fewest armies for a chance are exactly the brute force's: trying
// each count in turn over every face of every throw, for several chances.
func TestPlanNeedsTheFewestArmiesByBruteForce(t *testing.T) {
	for _, q := range planCases {
		bf := newBruteForce(q)
		for _, chance := range []float64{0.05, 0.15, 0.3, 0.5, 0.8, 0.95} {
			name := fmt.Sprintf("%v stop %d leave %d dice %d, %v", q.Defenders, q.Stop, q.Leave, q.Dice.DefenderMax(), chance)
			p, err := MakePlan(q, chance, EngineLimits)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			least := leastAttackers(q)
			if want := bf.need(least, 60, chance); p.Need != want {
				t.Fatalf("%s: need %d, brute force %d", name, p.Need, want)
			}
			at := bf.answer(p.Need)
			closeTo(t, name+": win with need", p.Odds.Win, at.win)
			if p.FewerCannot != (p.Need == least) {
				t.Errorf("%s: fewer cannot %v with need %d, least %d", name, p.FewerCannot, p.Need, least)
			}
			if !p.FewerCannot {
				closeTo(t, name+": win with one fewer", p.Fewer, bf.answer(p.Need-1).win)
			}
			for r, x := range p.InLast {
				closeTo(t, name+fmt.Sprintf(": %d move into the last", r), x, get(at.inLast, r))
			}
			for r := range at.inLast {
				if r >= len(p.InLast) {
					t.Errorf("%s: %d into the last has a chance but no place", name, r)
				}
			}
			for k, st := range p.Odds.Steps {
				closeTo(t, name+fmt.Sprintf(": territory %d taken", k+1), st.Conquer, at.conquer[k])
			}
		}
	}
}

// The backward curve and the forward engine give the same win chance for
// every starting count: the planner and the odds page never disagree.
func TestWinCurveAgreesWithComputeForEveryArmy(t *testing.T) {
	for _, q := range planCases {
		w := winCurve(q, 40)
		for a := leastAttackers(q); a <= 41; a++ {
			q.Attackers = a
			o := mustCompute(t, q)
			near(t, fmt.Sprintf("%v stop %d leave %d: win with %d", q.Defenders, q.Stop, q.Leave, a), w[a-1], o.Win)
		}
	}
}

// "At least r" adds up the chances of r or more in the last territory.
func TestPlanAtLeastSumsTheArmiesInTheLastTerritory(t *testing.T) {
	p, err := MakePlan(Query{Defenders: []Defender{{Armies: 3}, {Armies: 2}}}, 0.8, EngineLimits)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "at least 1 is the win", p.AtLeast(1), p.Odds.Win)
	near(t, "at least 0 is the win", p.AtLeast(0), p.Odds.Win)
	near(t, "at least 2", p.AtLeast(2), p.Odds.Win-p.InLast[1])
	if p.AtLeast(len(p.InLast)) != 0 {
		t.Error("more than every attacker has a chance")
	}
}

// The planner says why it cannot answer, in the table's words.
func TestPlanRefusesWhatNoArmyCanReach(t *testing.T) {
	one := []Defender{{Armies: 3}}
	for _, c := range []struct {
		q      Query
		chance float64
		lim    PlanLimits
		rule   string
	}{
		{Query{Defenders: one}, 1, EngineLimits, "plan-chance"},
		{Query{Defenders: one}, 0, EngineLimits, "plan-chance"},
		{Query{Defenders: one}, -0.5, EngineLimits, "plan-chance"},
		{Query{Defenders: one}, 0.999999, PlanLimits{MaxArmies: 10, MaxWork: 1000}, "plan-too-big"},
		{Query{Defenders: []Defender{{Armies: 500}}}, 0.5, PlanLimits{MaxArmies: 1000, MaxWork: 1000}, "plan-too-big"},
		{Query{}, 0.5, EngineLimits, "no-defender"},
		{Query{Defenders: []Defender{{Armies: 0}}}, 0.5, EngineLimits, "no-defender"},
		{Query{Defenders: one, Dice: DiceRules{DefenderDice: 4}}, 0.5, EngineLimits, "defender-dice"},
	} {
		_, err := MakePlan(c.q, c.chance, c.lim)
		if !isRule(err, c.rule) {
			t.Errorf("%+v at %v: %v, want %s", c.q, c.chance, err, c.rule)
		}
	}
}

// Chances are typed as 80%, 80 or 0.8; anything else is refused naming it.
func TestParseChanceReadsPercentOrFraction(t *testing.T) {
	for in, want := range map[string]float64{"80%": 0.8, "80": 0.8, "0.8": 0.8, " .5 ": 0.5, "99.9 %": 0.999, "1%": 0.01} {
		got, err := ParseChance(in)
		if err != nil || got < want-1e-12 || got > want+1e-12 {
			t.Errorf("ParseChance(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for in, says := range map[string]string{"": "like 80%", "abc": `not "abc"`, "100": "certain", "1": "certain",
		"0": "above 0%", "-5%": "above 0%", "NaN": "like 80%", "Inf": "like 80%", "150%": "certain"} {
		_, err := ParseChance(in)
		if !isRule(err, "plan-chance") || !contains(err.Error(), says) {
			t.Errorf("ParseChance(%q): %v, want plan-chance saying %q", in, err, says)
		}
	}
}

// Without the attackers typed, the planner's question still checks every
// other field; with them, the whole question is checked as the odds are.
func TestParsePlanQueryTakesTheAttackersAsOptional(t *testing.T) {
	q, p, err := ParsePlanQuery(QueryText{Defender: "7", Chain: "3,m", Stop: "2"}, "80%")
	if err != nil || q.Attackers != 0 || len(q.Defenders) != 3 || q.Stop != 2 || p != 0.8 {
		t.Fatalf("got %+v %v %v", q, p, err)
	}
	q, _, err = ParsePlanQuery(QueryText{Attackers: "10", Defender: "7"}, "0.8")
	if err != nil || q.Attackers != 10 {
		t.Fatalf("with attackers: %+v %v", q, err)
	}
	for _, c := range []struct {
		in     QueryText
		chance string
		rule   string
	}{
		{QueryText{Defender: "7"}, "", "plan-chance"},
		{QueryText{Attackers: "1", Defender: "7"}, "80", "one-stays-home"},
		{QueryText{Defender: "x"}, "80", "not-a-number"},
		{QueryText{}, "80", "no-defender"},
	} {
		if _, _, err := ParsePlanQuery(c.in, c.chance); !isRule(err, c.rule) {
			t.Errorf("%+v %q: %v, want %s", c.in, c.chance, err, c.rule)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// The curve is exact for every starting count, not only at the answer.
func TestWinCurveIsExactForEveryArmyByBruteForce(t *testing.T) {
	for _, q := range planCases {
		bf := newBruteForce(q)
		w := winCurve(q, 24)
		for a := leastAttackers(q); a <= 25; a++ {
			closeTo(t, fmt.Sprintf("%v stop %d leave %d: win with %d", q.Defenders, q.Stop, q.Leave, a), w[a-1], bf.answer(a).win)
		}
	}
}

// Whatever a phone or the command line types as a plan, it is planned or
// refused under a named rule; a plan is never below the least that may
// attack, and its odds reach the chance asked for.
func FuzzParsePlanQuery(f *testing.F) {
	f.Add("", "7", "", "", "", "80%", false)
	f.Add("10", "", "3,m,2", "3", "2", "0.95", true)
	f.Add("", "1", "1,1", "4", "3", "99.9", false)
	f.Add("x", "-1", ",", "0", "-3", "1e400", false)
	f.Add("", "5", "", "", "", "NaN%", false)
	f.Fuzz(func(t *testing.T, a, d, chain, stop, leave, chance string, mompop bool) {
		q, p, err := ParsePlanQuery(QueryText{Attackers: a, Defender: d, Chain: chain, Stop: stop, Leave: leave, MomPop: mompop}, chance)
		if err != nil {
			if !engine.IsRefusal(err) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		plan, err := MakePlan(q, p, PlanLimits{MaxArmies: 300, MaxWork: 200_000})
		if err != nil {
			if !engine.IsRefusal(err) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		if plan.Need < leastAttackers(q) || plan.Odds.Win < p {
			t.Fatalf("%+v at %v: need %d wins %v", q, p, plan.Need, plan.Odds.Win)
		}
	})
}
