package coldcash_test

import (
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// festivalAndAmerican plays a two-seat table-deck game through its first
// three cycles: Ana founds Festival (c5) in Egypt with North Africa, Ben
// American (c3) in Brazil with Peru, each buying what anaBuys and benBuys
// say (nil: nothing) before drawing; then Festival takes East Africa and
// Congo, American Venezuela and Argentina (all of South America). board
// are the game's board settings.
func festivalAndAmerican(t *testing.T, board, anaBuys, benBuys M) *game {
	t.Helper()
	board["deck"] = "table"
	g := newGame(t, 2, board)
	g.host("open", M{"first": []string{"north-africa", "peru"}})
	g.host("place", M{"territory": "egypt"})
	g.host("found", M{"company": "c5"})
	if anaBuys != nil {
		g.must(0, "buy", anaBuys)
	}
	g.must(0, "draw", nil)
	g.host("place", M{"territory": "brazil"})
	g.host("found", M{"company": "c3"})
	if benBuys != nil {
		g.must(1, "buy", benBuys)
	}
	g.must(1, "draw", nil)
	g.skipEarnings()
	g.turn("east-africa", "absorb", M{"company": "c5"})
	g.turn("venezuela", "absorb", M{"company": "c3"})
	g.skipEarnings()
	g.turn("congo", "absorb", M{"company": "c5"})
	g.turn("argentina", "absorb", M{"company": "c3"})
	return g
}

// takeoverOnEgypt plays to Ben's hostile takeover with American, North
// Africa taken: Egypt (Festival's tower, 3 teams) borders it. Ana is
// Festival's CEO. board are the game's board settings.
func takeoverOnEgypt(t *testing.T, board M) *game {
	t.Helper()
	g := festivalAndAmerican(t, board, nil, nil)
	g.must(0, "skip", M{"company": "c5"})
	g.must(1, "hire", M{"company": "c3", "place": M{"brazil": 3}})
	g.turn("south-africa", "leave", nil)
	g.host("place", M{"territory": "madagascar"})
	g.host("leave", nil)
	g.must(1, "takeover", M{"company": "c3"})
	g.must(1, "attack", M{"from": "brazil", "to": "north-africa", "attackerLost": 0, "defenderLost": 1})
	g.must(1, "occupy", M{"teams": 4})
	g.expect("north-africa=c3:4", "egypt=c5:3")
	return g
}

// With the app's dice, the defending corporation's CEO chooses its dice:
// the attacker may not, and the attack waits for Ana's answer on her phone.
func TestDefendingCEOChoosesTheDice(t *testing.T) {
	g := takeoverOnEgypt(t, M{})
	g.refused(1, "attack", M{"from": "north-africa", "to": "egypt", "dice": 3, "defend": 1}, "defender-chooses")
	g.must(1, "attack", M{"from": "north-africa", "to": "egypt", "dice": 3})
	w, _ := coldcash.Rules{}.Waiting(g.s)
	if len(w.Seats) != 1 || w.Seats[0] != 0 || w.Decision != "takeover.defend" {
		t.Fatalf("waiting %+v; want Ana, Festival's CEO, to choose the defence", w)
	}
	_, choices := (coldcash.Rules{}).Moves(g.s, engine.Viewer{Seat: 0}).Decision()
	if len(choices) != 2 {
		t.Fatalf("Ana's answers %+v; want 1 or 2 dice", choices)
	}
	g.refused(1, "defend", M{"dice": 2}, "defender-chooses")
	g.refused(1, "attack", M{"from": "north-africa", "to": "egypt", "dice": 3}, "defence-pending")
	g.refused(0, "defend", M{"dice": 3}, "defend-dice")
	// Ana rolls 1 die: 3 attacking dice 6 5 4 against her 6: the attacker loses 1.
	g.dice.faces = []int{6, 5, 4, 6}
	g.must(0, "defend", M{"dice": 1})
	g.expect("north-africa=c3:3", "egypt=c5:3")
	if g.s.Table.Defence != nil {
		t.Fatal("the defence is still pending after the roll")
	}
	g.replayed()
}

// With defendMost, the defender always rolls the most dice and nobody is
// asked: 6 5 4 against 2 1 costs Festival 2 teams at once.
func TestDefendMostSettingSkipsTheQuestion(t *testing.T) {
	g := takeoverOnEgypt(t, M{"defendMost": true})
	g.dice.faces = []int{6, 5, 4, 2, 1}
	g.must(1, "attack", M{"from": "north-africa", "to": "egypt", "dice": 3})
	g.expect("north-africa=c3:4", "egypt=c5:1")
	if w, _ := (coldcash.Rules{}).Waiting(g.s); w.Decision == "takeover.defend" {
		t.Fatalf("waiting %+v with defendMost", w)
	}
	g.replayed()
}
