package coldcash_test

import (
	"sort"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
)

// lay rearranges the land for a test that starts from a prepared board:
// "territory=corp:teams" or "territory=mp"; the towers stay where play put
// them (each must be listed with its own company).
func (g *game) lay(items ...string) {
	g.t.Helper()
	land := map[string]board.Holding{}
	for _, it := range items {
		at, what, _ := strings.Cut(it, "=")
		if what == "mp" {
			land[at] = board.Holding{}
			continue
		}
		c, n, _ := strings.Cut(what, ":")
		var teams int
		for _, r := range n {
			teams = teams*10 + int(r-'0')
		}
		land[at] = board.Holding{Corp: c, Teams: teams}
	}
	for c, at := range g.s.Table.Board.Towers {
		if land[at].Corp != c {
			g.t.Fatalf("the layout moves %s's tower in %s", c, at)
		}
	}
	g.s.Table.Board.Land = land
	g.log = nil // the log no longer rebuilds this state
}

// foundThree opens a 3-player game and founds Tower (Ana, in Iceland),
// Luxor (Ben, in Ural) and American (Cy, in Peru).
func foundThree(t *testing.T, settings M) *game {
	g := newGame(t, 3, settings)
	g.host("open", M{"first": []string{"argentina", "brazil", "congo"}}) // Ana leads
	g.turn("iceland", "found", M{"company": "c1"})
	g.turn("ural", "found", M{"company": "c2"})
	g.turn("peru", "found", M{"company": "c3"})
	g.skipEarnings()
	return g
}

func TestGameMultipleMergerTieChosenByPlacingPlayer(t *testing.T) {
	g := foundThree(t, M{"deck": "table"})
	// Ukraine (empty) borders Scandinavia (Tower), Ural (Luxor) and Southern
	// Europe (American). Tower and Luxor are size 3, American size 2.
	g.lay("iceland=c1:3", "scandinavia=c1:1", "great-britain=c1:1",
		"ural=c2:3", "siberia=c2:1", "afghanistan=c2:1",
		"peru=c3:3", "southern-europe=c3:1")
	g.must(0, "place", M{"territory": "ukraine"})
	// Ana names Luxor first: on equal sizes it survives; Tower goes first
	// (size 3), then American (size 2). Her own Tower consents by her proposal.
	g.must(0, "merge", M{"companies": []string{"c2", "c1", "c3"}})
	p := g.s.Table.Proposal
	if p == nil || p.Merger.Survivor != "c2" || strings.Join(p.Merger.Defunct, ",") != "c1,c3" || strings.Join(p.Waiting, ",") != "c2,c3" {
		t.Fatalf("proposal %+v", p)
	}
	if owe := g.s.View(engine.Viewer{Seat: 2}).Me.Owe; !strings.Contains(owe, "American") {
		t.Fatalf("Cy owes %q", owe)
	}
	g.must(1, "consent", M{"company": "c2", "agree": true})
	g.must(2, "consent", M{"company": "c3", "agree": true})
	// Tower at size 3, cheap, $300: Ana alone: $3,000 + $1,500.
	g.must(0, "dispose", M{"choice": "sell-all"}) // 1 x $300
	// American at size 2, medium, $300: Cy alone: $4,500; he keeps his share.
	g.must(2, "dispose", M{"choice": "keep-all"})
	if g.s.Merger != nil {
		t.Fatal("merger not finished")
	}
	if g.cash(0) != 6000+4500+300 || g.cash(2) != 6000+4500 || g.cash(1) != 6000 {
		t.Fatalf("cash %d %d %d", g.cash(0), g.cash(1), g.cash(2))
	}
	g.expect("ukraine=c2:1", "iceland=c2:3", "peru=c2:3", "southern-europe=c2:1")
	if act := g.s.Table.Board.Active(); len(act) != 1 || act[0] != "c2" || g.size("c2") != 9 {
		t.Fatalf("active %v size %d", act, g.size("c2"))
	}
}

func TestGameRefusedMergerLeavesTheMomAndPop(t *testing.T) {
	g := foundThree(t, M{"deck": "table"})
	g.lay("iceland=c1:3", "scandinavia=c1:1", "ural=c2:3", "peru=c3:3")
	g.must(0, "place", M{"territory": "ukraine"})
	g.must(0, "merge", M{"companies": []string{"c1", "c2"}})
	g.must(1, "consent", M{"company": "c2", "agree": false})
	g.expect("ukraine=mp", "scandinavia=c1:1", "ural=c2:3")
	if g.s.Table.Proposal != nil || g.s.Merger != nil {
		t.Fatal("the merger went on")
	}
	// no change of mind: the outcome step is over
	g.refused(0, "found", M{"company": "c4"}, "wrong-step")
	g.refused(0, "absorb", M{"company": "c1"}, "wrong-step")
	g.must(0, "draw", nil)
}

// The app keeps the deck: each phone sees only its own hand, a card the
// player does not hold is refused, and the short game ends once the last
// territory card is gone.
func TestGameShortGameEndsWithTheLastCard(t *testing.T) {
	g := newGame(t, 2, M{"deck": "app", "ending": "short"})
	g.host("open", nil)
	v0 := g.s.View(engine.Viewer{Seat: 0})
	v1 := g.s.View(engine.Viewer{Seat: 1})
	if len(v0.Table.Hand) != 3 || len(v1.Table.Hand) != 3 || v0.Table.Hand[0].Card == v1.Table.Hand[0].Card {
		t.Fatalf("hands %v / %v", v0.Table.Hand, v1.Table.Hand)
	}
	if hv := g.s.View(engine.Viewer{Seat: engine.Host}); len(hv.Table.Hand) != 0 || hv.Table.HandSizes[0] != 3 {
		t.Fatal("the host sees a hand")
	}
	acting := g.s.Table.Order[0]
	other := g.s.View(engine.Viewer{Seat: 1 - acting}).Table.Hand[0].Card
	g.refused(acting, "place", M{"territory": other, "card": other}, "card-not-held")
	g.refused(acting, "declare", nil, "ending-option")
	for steps := 0; !g.s.Over; steps++ {
		if steps > 400 {
			t.Fatal("the short game never ended")
		}
		tb := g.s.Table
		seat := tb.Order[tb.Pos]
		switch {
		case tb.Phase == coldcash.PhaseEarnings:
			g.skipEarnings()
		case tb.Step == coldcash.StepPlace:
			v := g.s.View(engine.Viewer{Seat: seat})
			card := ""
			for _, c := range v.Table.Hand {
				if c.Usable {
					card = c.Card
					break
				}
			}
			at := card
			if board.IsWild(card) {
				at = firstEmpty(g)
			}
			g.must(seat, "place", M{"territory": at, "card": card})
			g.must(seat, "leave", nil)
			g.must(seat, "draw", nil)
		default:
			g.must(seat, "draw", nil)
		}
	}
	if g.s.Final == nil || g.s.Final.Reason != coldcash.EndShort || !g.s.Table.Deck.Exhausted() {
		t.Fatalf("final %+v", g.s.Final)
	}
	if _, ok := (coldcash.Rules{}).Result(g.s); !ok {
		t.Fatal("no result")
	}
	g.replayed()
}

func firstEmpty(g *game) string {
	ids := board.Classic().Territories()
	sort.Strings(ids)
	for _, id := range ids {
		if g.s.Table.Board.Empty(id) {
			return id
		}
	}
	return ""
}

// The long game ends when one company holds the whole map: here by taking
// the last Mom & Pop, which defends with a die roll of teams and must be
// fought at least one round.
func TestGameLongGameEndsWhenOneCompanyHoldsTheMap(t *testing.T) {
	g := newGame(t, 2, M{"deck": "table", "ending": "long"})
	g.host("open", M{"first": []string{"siam", "peru"}})
	g.turn("brazil", "found", M{"company": "c3"}) // Ben leads (Peru)
	g.turn("china", "leave", nil)
	g.skipEarnings()
	var items []string
	for _, id := range board.Classic().Territories() {
		switch id {
		case "siam": // left empty
		case "india":
			items = append(items, "india=c3:5")
		default:
			items = append(items, id+"=c3:1")
		}
	}
	g.lay(items...)
	g.host("place", M{"territory": "siam"})
	g.refused(engine.Host, "place", M{"territory": "siam"}, "wrong-step")
	g.host("leave", nil)
	g.refused(0, "takeover", M{"company": "c3"}, "not-your-turn")
	g.must(1, "takeover", M{"company": "c3"})
	g.dice.faces = []int{2}
	g.must(1, "attack", M{"from": "india", "to": "siam"}) // the Mom & Pop rolls 2 teams
	g.expect("siam=mp")
	if g.s.Table.Board.Land["siam"].Teams != 2 {
		t.Fatalf("Mom & Pop teams %d", g.s.Table.Board.Land["siam"].Teams)
	}
	g.refused(1, "takeover.end", nil, "mom-and-pop-one-round")
	g.dice.faces = []int{6, 6, 6, 1, 1}
	g.must(1, "attack", M{"from": "india", "to": "siam"})
	g.must(1, "occupy", M{"teams": 3})
	// Holding the map ends the game at once: the takeover's free move and
	// the rest of the turn never come.
	if !g.s.Over || g.s.Final.Reason != coldcash.EndLong || g.s.Table.Takeover != nil {
		t.Fatalf("over %v final %+v takeover %+v", g.s.Over, g.s.Final, g.s.Table.Takeover)
	}
	g.refused(1, "takeover.end", nil, "game-over")
	g.refused(engine.Host, "draw", nil, "game-over")
}

// The closing bell: declared by the player on turn at the start of the turn
// once one company is size 22 or more; the final payout follows.
func TestGameClosingBellDeclaredAtTheStartOfATurn(t *testing.T) {
	g := newGame(t, 2, M{"deck": "table"})
	g.host("open", M{"first": []string{"siam", "peru"}})
	g.turn("brazil", "found", M{"company": "c3"})
	g.must(0, "place", M{"territory": "china"})
	g.must(0, "leave", nil)
	g.must(0, "buy", M{"company": "c3", "count": 3})
	g.must(0, "draw", nil)
	g.skipEarnings()
	var items []string
	for _, c := range []string{"south-america", "africa", "north-america"} { // 19 + 10 = 29
		for _, id := range board.Classic().Members(c) {
			items = append(items, id+"=c3:1")
		}
	}
	g.lay(items...)
	g.must(1, "place", M{"territory": "siam"})
	g.refused(1, "declare", nil, "declare-at-start")
	g.must(1, "leave", nil)
	g.must(1, "draw", nil)
	g.refused(1, "declare", nil, "not-your-turn")
	g.must(0, "declare", nil)
	// American size 29, medium: $900. Ana holds 3, Ben 1: majority $9,000,
	// minority $4,500; then the shares sell at $900.
	r, ok := (coldcash.Rules{}).Result(g.s)
	if !ok || g.s.Final.Reason != coldcash.EndClosingBell {
		t.Fatalf("no result: %+v", g.s.Final)
	}
	ana, ben := r.Scores[0], r.Scores[1]
	if ana.Points != 6000-900+9000+2700 || ben.Points != 6000+4500+900 || !ana.Winner || ben.Winner {
		t.Fatalf("scores %+v", r.Scores)
	}
}

// Variable turn order: from the second cycle on, the order is drawn anew.
func TestGameVariableTurnOrderRedrawsEachCycle(t *testing.T) {
	g := newGame(t, 3, M{"deck": "table", "variableOrder": true})
	g.host("open", M{"first": []string{"siam", "alaska", "peru"}})
	if o := g.s.Table.Order; o[0] != 1 || o[1] != 2 || o[2] != 0 {
		t.Fatalf("first cycle order %v; want Ben, Cy, Ana (the cards)", o)
	}
	g.turn("china", "leave", nil)
	g.turn("brazil", "leave", nil)
	g.dice.ints = []int{0, 1} // the tiles: Cy draws 1, Ben 2, Ana 3
	g.turn("india", "leave", nil)
	if o := g.s.Table.Order; g.s.Table.Cycle != 2 || o[0] != 2 || o[1] != 1 || o[2] != 0 || g.s.Turn != 2 {
		t.Fatalf("cycle %d order %v turn %d", g.s.Table.Cycle, o, g.s.Turn)
	}
}

// With the table's own deck the host records the short game's end; in the
// standard game it is refused.
func TestGameShortGameWithTheTablesDeckEndsOnTheHostsWord(t *testing.T) {
	g := newGame(t, 2, M{"deck": "table", "ending": "short"})
	g.host("open", M{"first": []string{"siam", "peru"}})
	g.refused(0, "end", M{"reason": "short"}, "host-only")
	g.host("end", M{"reason": "short"})
	if !g.s.Over || g.s.Final.Reason != coldcash.EndShort {
		t.Fatalf("final %+v", g.s.Final)
	}
	s := newGame(t, 2, M{"deck": "table"})
	s.host("open", M{"first": []string{"siam", "peru"}})
	s.refused(engine.Host, "end", M{"reason": "short"}, "ending-option")
}

// Hidden shares carry no vote: a stockholder who hides every share is not
// asked, and the visible shares decide.
func TestGameMeetingHiddenSharesDoNotVote(t *testing.T) {
	g := newGame(t, 2, M{"deck": "table"})
	g.host("open", M{"first": []string{"siam", "peru"}}) // Ben leads
	g.turn("brazil", "found", M{"company": "c3"})
	g.host("place", M{"territory": "china"})
	g.host("leave", nil)
	g.must(0, "buy", M{"company": "c3", "count": 2})
	g.must(0, "draw", nil)
	g.skipEarnings()
	g.turn("argentina", "absorb", M{"company": "c3"}) // Ben
	g.must(1, "hide", M{"company": "c3", "hidden": 1})
	g.host("place", M{"territory": "india"})
	g.host("leave", nil)
	g.must(0, "meeting", M{"company": "c3", "nominee": 0}) // nominating herself, she accepts
	g.refused(1, "vote", M{"for": false}, "visible-shares-vote")
	g.must(0, "vote", M{"for": true})
	if ceo := g.s.View(engine.Viewer{Seat: engine.Host}).Companies[2].CEO; ceo != 0 {
		t.Fatalf("CEO %d; Ana's 2 visible shares should elect her", ceo)
	}
	// now Ana runs American: Ben may no longer take it over
	g.must(0, "draw", nil)
	g.skipEarnings()
	g.host("place", M{"territory": "venezuela"})
	g.host("absorb", M{"company": "c3"})
	g.refused(1, "takeover", M{"company": "c3"}, "ceo-only-takeover")
}
