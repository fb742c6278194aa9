package coldcash_test

import (
	"math"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/engine/risk"
)

var _ engine.LuckTeller = coldcash.Rules{}

// Ben's American attacks the Mom & Pop in Central America (its die gave it
// 2 teams) from Venezuela's 3 with typed dice: 3 against 2 and 1 (one die
// against two, the defender loses 1), 4 1 against 4 (a tie: Ben loses 1),
// 6 against 1 (taken with 2 left). One battle of three throws. Ben was
// expected to lose 161/216 + 91/216 + 21/36 = 1.75 teams and lost 1: his
// luck index is +0.75. The Mom & Pop is a side no seat plays.
func TestTakeoverOfAMomAndPopWithTypedDiceHasAKnownLuckIndex(t *testing.T) {
	g := attackReady(t)
	f := func(att, def []int) M {
		return M{"from": "venezuela", "to": "central-america", "attackerFaces": att, "defenderFaces": def}
	}
	g.must(1, "attack", M{"from": "venezuela", "to": "central-america", "momPop": 2})
	g.must(1, "attack", f([]int{3}, []int{2, 1}))
	g.must(1, "attack", f([]int{4, 1}, []int{4}))
	g.must(1, "attack", f([]int{6}, []int{1}))
	g.must(1, "occupy", M{"teams": 1})
	g.expect("central-america=c3:1")
	l, err := coldcash.Rules{}.Luck(g.setup, g.log)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Battles) != 1 {
		t.Fatalf("%d battles, want 1: %+v", len(l.Battles), l.Battles)
	}
	b := l.Battles[0]
	if b.Attacker != (engine.Side{Seat: 1, Name: "Ben"}) || b.Defender.Seat != -1 || b.Defender.Name != "the Mom & Pop" ||
		b.From != "Venezuela" || b.To != "Central America" || b.StartAttacker != 3 || b.StartDefender != 2 || b.EndAttacker != 2 || !b.Conquered || len(b.Throws) != 3 {
		t.Fatalf("battle %+v", b)
	}
	pl, _, err := risk.PlaceEnding(risk.Query{Attackers: 3, Defenders: []risk.Defender{{Armies: 2}}}, risk.Armies{Attacker: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Placed || b.P != pl.P || b.Percentile != pl.Percentile || b.OneIn != pl.OneIn {
		t.Errorf("battle %+v, want %+v", b, pl)
	}
	if ben := l.Players[1]; math.Abs(ben.Index-0.75) > 1e-12 || ben.Lost != 1 || ben.Throws != 3 || ben.MeanPercentile != pl.Percentile {
		t.Errorf("Ben %+v, want index +0.75", ben)
	}
	if ana := l.Players[0]; ana.Throws != 0 || ana.Index != 0 || ana.Battles != 0 {
		t.Errorf("Ana fought no battle: %+v", ana)
	}
	if l.Unit != "teams" {
		t.Errorf("unit %q", l.Unit)
	}
	if got, want := b.Words(l.Unit), "Ben's attack on Central America (3 against 2): Ben took it with 2 teams left, "+engine.OneInWords(pl.OneIn)+" result"; got != want {
		t.Errorf("words %q, want %q", got, want)
	}
}

// A game in bank mode has no battles to measure.
func TestBankModeHasNoBattles(t *testing.T) {
	setup := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}}
	l, err := coldcash.Rules{}.Luck(setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Battles) != 0 || len(l.Players) != 2 || l.Luckiest != -1 || l.Unluckiest != -1 {
		t.Errorf("%+v", l)
	}
}
