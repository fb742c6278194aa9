package riskclassic

import (
	"math"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/enginetest"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// In the attack scenario only Alaska (10) can attack: its one enemy
// neighbour Kamchatka (2) is offered as a blitz with risk.Compute's exact
// chance, and as one roll with the chance that this roll takes it (3 dice
// against 2 must win both comparisons); every other territory has 1 army
// and offers nothing.
func TestAttackMovesCarryTheExactChanceOfTakingTheTerritory(t *testing.T) {
	tb := attackScenario(t)
	sheet := enginetest.MovesAccepted(t, Rules{}, tb.s, engine.Viewer{Seat: 0}, func() engine.Dice { return tb.dice })
	odds, err := risk.Compute(risk.Query{Attackers: 10, Defenders: []risk.Defender{{Armies: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	rc, _ := risk.OneRoll(3, 2)
	oneRoll := float64(rc.Ways[0]) / float64(rc.Of)
	var blitz, roll int
	for _, m := range sheet.Moves {
		if m.Type != conquest.CmdAttack {
			continue
		}
		if m.From != "Alaska" || m.To != "Kamchatka" || m.Chance == nil {
			t.Fatalf("attack %q from %s to %s (chance %v); only Alaska against Kamchatka may attack", m.Label, m.From, m.To, m.Chance)
		}
		if m.ID[:6] == "attack" {
			blitz++
			if !near(*m.Chance, odds.Win) || m.Minor {
				t.Fatalf("blitz %q: chance %v, minor %v; want %v, shown", m.Label, *m.Chance, m.Minor, odds.Win)
			}
		} else {
			roll++
			if !near(*m.Chance, oneRoll) || !m.Minor {
				t.Fatalf("one roll %q: chance %v; want %v, under more", m.Label, *m.Chance, oneRoll)
			}
		}
	}
	if blitz != 1 || roll != 1 {
		t.Fatalf("%d blitzes and %d single rolls offered; want 1 and 1", blitz, roll)
	}
	if sheet.Step != conquest.StepAttack {
		t.Fatalf("step %q; want attack", sheet.Step)
	}
	ends := 0
	for _, m := range sheet.Moves {
		if m.Ends {
			ends++
		}
		if m.Type == conquest.CmdEndAttack && (!m.Ends || m.Label != "Stop attacking: go on to fortify") {
			t.Fatalf("the end of the attacks is %+v; want it marked as ending the step, and saying so", m)
		}
	}
	if ends < 2 {
		t.Fatalf("%d moves end the attacks; want the stop, the end of the turn and each fortifying move", ends)
	}
}

// The defender's dice each carry the exact chance of holding: a blitz of
// 10 against 2, fought to the end, with the defender rolling 1 die in
// every roll or 2.
func TestDefenderSeesTheChanceOfHoldingWithOneAndTwoDice(t *testing.T) {
	tb := attackScenario(t)
	tb.do(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka")})
	sheet := enginetest.MovesAccepted(t, Rules{}, tb.s, engine.Viewer{Seat: 1}, func() engine.Dice { return rolled(6, 5, 1, 5, 4) })
	if len(sheet.Moves) != 2 {
		t.Fatalf("the defender is offered %d moves; want 1 die and 2 dice", len(sheet.Moves))
	}
	for i, m := range sheet.Moves {
		odds, err := risk.Compute(risk.Query{Attackers: 10, Defenders: []risk.Defender{{Armies: 2}}, Dice: risk.DiceRules{DefenderDice: i + 1}})
		if err != nil {
			t.Fatal(err)
		}
		if m.Chance == nil || !near(*m.Chance, 1-odds.Win) || m.To != "Kamchatka" {
			t.Fatalf("%q holds with %v; want %v", m.Label, m.Chance, 1-odds.Win)
		}
	}
	for _, seat := range []int{0, 2} {
		if ms := (Rules{}).Moves(tb.s, engine.Viewer{Seat: seat}).Moves; len(ms) != 0 {
			t.Fatalf("seat %d is offered %d moves while the defender chooses", seat, len(ms))
		}
	}
	if ms := (Rules{}).Moves(tb.s, engine.Viewer{Seat: engine.Host}).Moves; len(ms) != 2 || ms[0].Seat != 1 {
		t.Fatalf("the host is offered %+v; want the defender's two answers, for seat 1", ms)
	}
}

// One roll of 3 dice against 1 army takes it when the best attacking die
// beats the defender's: 855 of the 1296 ways.
func TestOneRollTakesThreeDiceAgainstOneArmy(t *testing.T) {
	if got := conquest.OneRollTakes(4, 1, 0); !near(got, 855.0/1296) {
		t.Fatalf("one roll from 4 against 1 takes it with %v; want 855/1296", got)
	}
	if got := conquest.OneRollTakes(2, 2, 0); got != 0 {
		t.Fatalf("one die against 2 armies takes it with %v; want 0", got)
	}
}
