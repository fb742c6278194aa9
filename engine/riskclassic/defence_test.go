package riskclassic

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/internal/enginetest"
)

// With virtual dice the defender, not the attacker, chooses 1 or 2 dice:
// the attack waits for the defending seat, whose answer rolls the battle.
func TestDefenderChoosesOneOrTwoDice(t *testing.T) {
	tb := attackScenario(t) // Alaska 10 (seat 0) against Kamchatka 2 (seat 1)
	attack := map[string]any{"from": id("Alaska"), "to": id("Kamchatka"), "mode": "roll"}
	tb.refused(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka"), "mode": "roll", "defendDice": 2}, "defender-chooses")
	tb.do(0, conquest.CmdAttack, attack)
	w, ok := Rules{}.Waiting(tb.s)
	if !ok || len(w.Seats) != 1 || w.Seats[0] != 1 || w.Text != "defend Kamchatka with 1 or 2 dice" {
		t.Fatalf("waiting %+v (%v); want seat 1 to defend Kamchatka with 1 or 2 dice, the taps for its phone alone", w, ok)
	}
	// The defender's phone is offered one tap per die the rules allow, each
	// accepted; the attacker, and a seat outside the game, none.
	cs := enginetest.ChoicesAccepted(t, Rules{}, tb.s, 1, func() engine.Dice { return rolled(6, 5, 1, 5, 4) }, false)
	if len(cs) != 2 || cs[0].Label != "Defend with 1 die" || cs[1].Label != "Defend with 2 dice" {
		t.Fatalf("the defender is offered %+v", cs)
	}
	for _, seat := range []int{0, 2, engine.Host} {
		if _, other := (Rules{}).Moves(tb.s, engine.Viewer{Seat: seat}).Decision(); other != nil {
			t.Fatalf("seat %d is offered the defender's dice: %+v", seat, other)
		}
	}
	// Nothing else happens until the defender answers, and only the
	// defender (or the host for them) answers.
	tb.refused(0, conquest.CmdAttack, attack, "defender-chooses")
	tb.refused(0, conquest.CmdEndAttack, nil, "defender-chooses")
	tb.refused(0, conquest.CmdDefend, map[string]int{"dice": 2}, "defender-chooses")
	tb.refused(1, conquest.CmdDefend, map[string]int{"dice": 3}, "defend-dice")
	tb.refused(1, conquest.CmdDefend, map[string]int{"dice": 0}, "defend-dice")
	// Attacker 6 5 1 against one die, 5: the 6 beats it; Kamchatka 2 -> 1.
	tb.dice = rolled(6, 5, 1, 5)
	tb.do(1, conquest.CmdDefend, map[string]int{"dice": 1})
	r := tb.s.Last.Rolls[0]
	if len(r.Attacker) != 3 || len(r.Defender) != 1 || r.DefenderLost != 1 || tb.s.Armies[id("Kamchatka")] != 1 || tb.s.Defence != nil {
		t.Fatalf("roll %+v, Kamchatka %d, defence %+v; want 3 dice against 1, the defender losing 1", r, tb.s.Armies[id("Kamchatka")], tb.s.Defence)
	}
	if w, _ := (Rules{}).Waiting(tb.s); len(w.Seats) != 1 || w.Seats[0] != 0 {
		t.Fatalf("after the defender answered the table waits for %+v; want the attacker's turn again", w)
	}
	// A defender down to one army has no choice: the battle is fought at once.
	tb.dice = rolled(1, 1, 1, 6)
	tb.do(0, conquest.CmdAttack, attack)
	if tb.s.Defence != nil || len(tb.s.Last.Rolls[0].Defender) != 1 {
		t.Fatalf("a one-army defender was asked: %+v", tb.s.Defence)
	}

	// The host answers for a defender without a phone, here with 2 dice in
	// a blitz: each roll of it uses 2 while Greenland has 2 or more.
	tb = attackScenario(t)
	tb.do(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka")})
	tb.dice = rolled(6, 6, 6, 1, 1)
	tb.do(engine.Host, conquest.CmdDefend, map[string]int{"dice": 2})
	if r := tb.s.Last.Rolls[0]; len(r.Defender) != 2 || !tb.s.Last.Conquered {
		t.Fatalf("the host's 2 dice: %+v", tb.s.Last)
	}
}

// The table setting "defender always rolls the most" skips the question.
func TestDefendMostSettingNeverAsksTheDefender(t *testing.T) {
	tb := attackScenario(t)
	tb.s.Settings.DefendMost = true
	tb.dice = rolled(6, 5, 1, 4, 4)
	tb.do(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka"), "mode": "roll"})
	if tb.s.Defence != nil || len(tb.s.Last.Rolls[0].Defender) != 2 || tb.s.Owner[id("Kamchatka")] != 0 {
		t.Fatalf("with defendMost: defence %+v, last %+v; want 2 defender dice at once, Kamchatka taken", tb.s.Defence, tb.s.Last)
	}
}

// Typed real dice carry both sides' faces: they never wait.
func TestTypedRealDiceNeverWaitForTheDefender(t *testing.T) {
	tb := attackScenario(t)
	tb.do(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka"), "mode": "faces", "attFaces": "2", "defFaces": "6"})
	if tb.s.Defence != nil || tb.s.Last.AttLost != 1 {
		t.Fatalf("typed faces waited or miscounted: %+v %+v", tb.s.Defence, tb.s.Last)
	}
}

// rolled is dice showing these faces (enginetest.Faces counts from 0).
func rolled(faces ...int) *enginetest.Dice {
	out := make([]int, len(faces))
	for i, f := range faces {
		out[i] = f - 1
	}
	return enginetest.Faces(out...)
}
