package coldcash_test

import (
	"testing"

	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
)

// longTable opens a 2-player long game (Ana leads) in which Tower, Ana's,
// holds every territory but Siam, where Ana places the last Mom & Pop; Ben
// holds no Tower yet and has his $6,000.
func longTable(t *testing.T, settings M) *game {
	g := newGame(t, 2, settings)
	g.host("open", M{"first": []string{"argentina", "brazil"}}) // Ana leads
	g.turn("iceland", "found", M{"company": "c1"})
	g.turn("peru", "leave", nil)
	g.skipEarnings()
	holdTheMap(g, "iceland=c1:3")
	return g
}

// holdTheMap lays the classic map but Siam: the holdings named (as
// "ural=c2:3") as written, every other territory one block of Tower (c1);
// then Ana places the last Mom & Pop on Siam.
func holdTheMap(g *game, named ...string) {
	var items []string
	for _, id := range board.Classic().Territories() {
		if id != "siam" {
			items = append(items, id+"=c1:1")
		}
	}
	g.lay(append(items, named...)...) // a later item for a territory wins
	g.must(0, "place", M{"territory": "siam"})
}

// Long game: the game ends when one corporation controls every territory,
// at that moment (the rulebook lets only the short game finish the turn):
// absorbing the last Mom & Pop ends it before anyone buys, and the payout is
// made on the shares as they stood.
func TestLongGameEndsTheMomentOneCorporationHoldsTheMap(t *testing.T) {
	g := longTable(t, M{"deck": "table", "ending": "long"})
	g.must(0, "absorb", M{"company": "c1"})
	if !g.s.Over || g.s.Final == nil || g.s.Final.Reason != coldcash.EndLong {
		t.Fatalf("the map is held and the game goes on: over %v final %+v (%s)", g.s.Over, g.s.Final, g.s.Where())
	}
	g.refused(0, "buy", M{"company": "c1", "count": 3}, "game-over")
	g.refused(0, "draw", nil, "game-over")
	r, ok := (coldcash.Rules{}).Result(g.s)
	if !ok || r.Scores[1].Points != 6000 {
		t.Fatalf("Ben bought nothing and holds no Tower: result %+v", r.Scores)
	}
}

// The other reading, a table's setting: the player who took the map
// finishes the turn (here buys 3 Tower) and the game ends when they take
// their card.
func TestLongEndTurnSettingLetsThePlayerFinishTheTurn(t *testing.T) {
	g := longTable(t, M{"deck": "table", "ending": "long", "longEnd": "turn"})
	g.must(0, "absorb", M{"company": "c1"})
	if g.s.Over {
		t.Fatal("with longEnd turn the game ended before the turn was finished")
	}
	g.must(0, "buy", M{"company": "c1", "count": 3})
	g.must(0, "draw", nil)
	if !g.s.Over || g.s.Final.Reason != coldcash.EndLong {
		t.Fatalf("after the draw: over %v final %+v", g.s.Over, g.s.Final)
	}
}

// A merger that leaves one corporation holding the map runs to its end
// (bonuses, then every holder's disposal), and the game ends then.
func TestLongGameEndsWhenTheMergerThatTakesTheMapIsSettled(t *testing.T) {
	g := newGame(t, 2, M{"deck": "table", "ending": "long"})
	g.host("open", M{"first": []string{"argentina", "brazil"}}) // Ana leads
	g.turn("iceland", "found", M{"company": "c1"})
	g.turn("ural", "found", M{"company": "c2"})
	g.skipEarnings()
	holdTheMap(g, "iceland=c1:3", "ural=c2:3", "china=c2:1")
	g.must(0, "merge", M{"companies": []string{"c1", "c2"}})
	g.must(1, "consent", M{"company": "c2", "agree": true})
	if g.s.Over || g.s.Merger == nil {
		t.Fatalf("the game ended before Luxor's holders disposed: over %v merger %v", g.s.Over, g.s.Merger != nil)
	}
	g.must(1, "dispose", M{"choice": "keep-all"})
	if !g.s.Over || g.s.Final.Reason != coldcash.EndLong {
		t.Fatalf("after the disposal: over %v final %+v (%s)", g.s.Over, g.s.Final, g.s.Where())
	}
}
