package coldcash_test

import (
	"testing"

	"tableside/internal/testclient"
)

// attackReady is a board-mode takeover by American (Ben, 3 teams in
// Venezuela) facing the Mom & Pop in Central America, not yet announced.
func attackReady(t *testing.T) *game {
	g := newGame(t, 2, M{"deck": "table"})
	g.host("open", M{"first": []string{"siam", "peru"}}) // Ben leads
	g.turn("venezuela", "found", M{"company": "c3"})
	g.turn("central-america", "leave", nil)
	g.skipEarnings()
	g.host("place", M{"territory": "argentina"})
	g.host("leave", nil)
	g.must(1, "takeover", M{"company": "c3"})
	g.expect("venezuela=c3:3", "central-america=mp")
	return g
}

func refusedSaying(t *testing.T, g *game, data M, rule, says string) {
	t.Helper()
	g.refused(1, "attack", data, rule)
	testclient.Refused(t, g.do(1, "attack", data), rule, says)
}

func TestMomAndPopDefenceDieTypedFromARealDie(t *testing.T) {
	g := attackReady(t)
	f := func(extra M) M {
		m := M{"from": "venezuela", "to": "central-america"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	for _, bad := range []any{7, 0, -1, "x", "2.5", ""} {
		refusedSaying(t, g, f(M{"momPop": bad}), "defence-die", "one die")
	}
	g.must(1, "attack", f(M{"momPop": 4})) // no die rolled
	g.expect("central-america=mp")
	if h := g.s.Table.Board.Land["central-america"]; h.Teams != 4 {
		t.Fatalf("the Mom & Pop defends with %d teams; the die showed 4", h.Teams)
	}
	// announced once: the next command is a round of combat
	refusedSaying(t, g, f(M{"momPop": 3}), "defence-roll-once", "needs no defence roll")
	g.replayed()
}

func TestRealDiceFacesMustBeTheDiceEachSideMayRoll(t *testing.T) {
	g := attackReady(t)
	f := func(att, def any) M {
		return M{"from": "venezuela", "to": "central-america", "attackerFaces": att, "defenderFaces": def}
	}
	g.must(1, "attack", M{"from": "venezuela", "to": "central-america", "momPop": 2})
	// Venezuela's 3 teams roll at most 2 dice; the Mom & Pop's 2 at most 2
	refusedSaying(t, g, f([]int{6, 5, 4}, []int{1}), "attack-dice", "The attacker rolls at most 2 dice with 3 teams in Venezuela (one stays home); 3 faces were typed.")
	refusedSaying(t, g, f([]int{6, 5}, []int{1, 1, 1}), "defend-dice", "The defender rolls at most 2 dice with 2 teams in Central America; 3 faces were typed.")
	refusedSaying(t, g, f([]int{6, 5}, []int{}), "dice-count", "0 defender faces were typed")
	refusedSaying(t, g, f([]int{6, 7}, []int{1}), "die-face", "1 to 6, not 7")
	refusedSaying(t, g, f("6 five", []int{1}), "malformed", "faces of each die")
	refusedSaying(t, g, M{"from": "venezuela", "to": "central-america", "attackerLost": 3, "defenderLost": 0}, "one-stays-home", "at most 2 of its 3")
	// A Mom & Pop with 2 or more teams always defends with 2 dice.
	refusedSaying(t, g, f([]int{6, 5}, []int{1}), "mompop-defends-with-most", "The Mom & Pop in Central America rolls 2 dice with 2 or more teams, not 1")
	refusedSaying(t, g, M{"from": "venezuela", "to": "central-america", "defend": 1}, "mompop-defends-with-most", "rolls 2 dice")
	// one attacking die against its two: 3 beats the higher 2
	g.must(1, "attack", f([]int{3}, []int{2, 1}))
	if h := g.s.Table.Board.Land["central-america"]; h.Teams != 1 {
		t.Fatalf("after 3 v 2 the Mom & Pop has %d teams; want 1", h.Teams)
	}
	// a tie goes to the defender
	g.must(1, "attack", f([]int{4, 1}, []int{4}))
	g.expect("venezuela=c3:2")
	g.must(1, "attack", f([]int{6}, []int{5}))
	g.must(1, "occupy", M{"teams": 1})
	g.expect("venezuela=c3:1", "central-america=c3:1")
	g.replayed()
}

// Board mode with phoneTrades "confirm": the player on turn asks from the
// phone, the host confirms, and the turn's one action is then the buy.
func TestBoardModePhoneBuyWaitsForTheHostWhenTheTableConfirms(t *testing.T) {
	g := newGame(t, 2, M{"deck": "table", "phoneTrades": "confirm"})
	g.host("open", M{"first": []string{"siam", "peru"}}) // Ben leads
	g.host("place", M{"territory": "venezuela"})
	g.host("found", M{"company": "c3"})
	g.refused(0, "buy", M{"company": "c3", "count": 1}, "not-your-turn")
	g.must(1, "buy", M{"company": "c3", "count": 2})
	if g.s.Request == nil || g.s.Held(1, "c3") != 1 || g.s.Table.Action != "" {
		t.Fatalf("before the host confirms: request %+v, %d held", g.s.Request, g.s.Held(1, "c3"))
	}
	g.refused(1, "trade.confirm", nil, "host-only")
	g.host("trade.confirm", nil)
	if g.s.Request != nil || g.s.Held(1, "c3") != 3 || g.s.Table.Action != "buy" {
		t.Fatalf("after confirming: request %+v, %d held, action %q", g.s.Request, g.s.Held(1, "c3"), g.s.Table.Action)
	}
	g.refused(1, "sell", M{"company": "c3", "count": 1}, "one-action") // a request is checked like the trade
	g.must(1, "buy", M{"company": "c3", "count": 1})
	g.must(1, "trade.reject", nil) // the phone withdraws it
	if g.s.Request != nil || g.s.Held(1, "c3") != 3 {
		t.Fatal("a withdrawn request moved shares")
	}
	g.must(1, "buy", M{"company": "c3", "count": 1})
	g.must(1, "draw", nil) // the turn moves on: the open request is dropped
	if g.s.Request != nil || g.s.Held(1, "c3") != 3 {
		t.Fatal("the request outlived the turn")
	}
	g.replayed()
}
