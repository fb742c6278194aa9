package coldcash_test

import (
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// A whole game from the opening bell, kept by the host with the table's own
// deck: founding with the Mom & Pop chain, absorption, a merger agreed on
// the CEO's phone with its bonus and disposal, a tied stockholders' vote,
// every earnings choice, and a closing bell refused for small sizes.
func TestGameFoundAbsorbMergeMeetingEarnings(t *testing.T) {
	g := newGame(t, 3, M{"deck": "table"})
	g.refused(engine.Host, "place", M{"territory": "siam"}, "opening-bell-first")
	g.host("open", M{"first": []string{"siam", "alaska", "peru"}})
	// Alaska comes first alphabetically: Ben, then clockwise Cy, Ana.
	if v := g.s.View(engine.Viewer{Seat: engine.Host}); v.Table.Order[0] != "Ben" || v.Table.Order[2] != "Ana" || v.Turn != 1 {
		t.Fatalf("order %v turn %d", v.Table.Order, v.Turn)
	}
	g.expect("siam=mp", "alaska=mp", "peru=mp")

	// cycle 1
	g.refused(0, "place", M{"territory": "india"}, "not-your-turn")
	g.refused(engine.Host, "place", M{"territory": "alaska"}, "empty-territory-only")
	g.refused(engine.Host, "hire", M{"company": "c1"}, "wrong-phase")
	g.host("place", M{"territory": "kamchatka"})
	g.refused(engine.Host, "absorb", M{"company": "c1"}, "absorb-bordering-only")
	g.host("found", M{"company": "c1"})
	g.expect("kamchatka=c1:3", "alaska=c1:1")
	g.must(1, "buy", M{"company": "c1", "count": 2}) // size 2, cheap: $200
	g.refused(1, "meeting", M{"company": "c1", "nominee": 0}, "one-action")
	g.must(1, "draw", nil)
	g.turn("venezuela", "found", M{"company": "c3"})
	g.expect("venezuela=c3:3", "peru=c3:1")
	g.host("place", M{"territory": "india"})
	g.host("leave", nil)
	g.must(0, "buy", M{"company": "c3", "count": 1}) // size 2, medium: $300
	g.must(0, "draw", nil)
	if g.s.Table.Phase != coldcash.PhaseEarnings || g.s.Table.Step != "" {
		t.Fatalf("phase %s", g.s.Table.Phase)
	}
	// earnings: Ben hires for c1 (2 territories: 0 teams), Cy pays dividends
	g.refused(2, "dividends", M{"company": "c3"}, "earnings-order")
	g.must(1, "hire", M{"company": "c1", "place": M{}})
	g.must(2, "dividends", M{"company": "c3"}) // $300 / 10 = $30 a share
	if g.cash(0) != 6000-300+30 || g.cash(1) != 6000-400 || g.cash(2) != 6000+30 {
		t.Fatalf("cash %d %d %d", g.cash(0), g.cash(1), g.cash(2))
	}

	// cycle 2: Ben founds Luxor in China, taking India and Siam along.
	if g.s.Table.Phase != coldcash.PhaseActivity || g.s.Table.Cycle != 2 || g.s.Turn != 1 {
		t.Fatalf("phase %s cycle %d turn %d", g.s.Table.Phase, g.s.Table.Cycle, g.s.Turn)
	}
	g.turn("china", "found", M{"company": "c2"})
	g.expect("china=c2:3", "india=c2:1", "siam=c2:1")
	if g.size("c2") != 3 || g.size("c1") != 2 {
		t.Fatalf("sizes %d %d", g.size("c2"), g.size("c1"))
	}
	// Cy's Mom & Pop in Mongolia borders both of Ben's companies: Luxor
	// (size 3) absorbs Tower (size 2) once Ben agrees for both.
	g.host("place", M{"territory": "mongolia"})
	g.host("merge", M{"companies": []string{"c1", "c2"}})
	g.refused(2, "consent", M{"company": "c1", "agree": true}, "ceo-consents")
	g.refused(engine.Host, "draw", nil, "merger-awaits-consent")
	g.must(1, "consent", M{"company": "c1", "agree": true})
	g.must(1, "consent", M{"company": "c2", "agree": true})
	// Tower's bonus at its size before the merger (2: $200): Ben alone holds
	// 3, so he takes 10 x 200 + 5 x 200 = $3,000, then sells the 3 at $200.
	if g.s.Merger == nil {
		t.Fatal("no disposal round")
	}
	g.refused(engine.Host, "draw", nil, "merger-in-progress")
	g.must(1, "dispose", M{"choice": "sell-all"})
	g.expect("mongolia=c2:1", "kamchatka=c2:3", "alaska=c2:1")
	if g.s.Table.Board.InPlay("c1") || g.size("c2") != 6 || g.cash(1) != 5600+3000+600 {
		t.Fatalf("c1 in play %v, c2 size %d, Ben %d", g.s.Table.Board.InPlay("c1"), g.size("c2"), g.cash(1))
	}
	g.host("draw", nil)
	// Ana's Mom & Pop in Japan is absorbed; then she calls a meeting of
	// American and nominates herself: 1 share for, Cy's 1 against: a tie
	// keeps Cy.
	g.host("place", M{"territory": "japan"})
	g.host("absorb", M{"company": "c2"})
	g.must(0, "meeting", M{"company": "c3", "nominee": 0}) // nominating oneself is accepting
	g.refused(0, "accept", M{"accept": true}, "already-accepted")
	g.refused(1, "vote", M{"for": true}, "visible-shares-vote")
	g.must(0, "vote", M{"for": true})
	g.refused(0, "vote", M{"for": true}, "vote-once")
	g.must(2, "vote", M{"for": false})
	if ceo := g.s.View(engine.Viewer{Seat: engine.Host}).Companies[2].CEO; ceo != 2 {
		t.Fatalf("American's CEO is %d after a tie", ceo)
	}
	g.host("draw", nil)

	// earnings: Luxor (7 territories) downsizes: 2 teams fired, double
	// dividends ($600 price: 2 x $60 on Ben's 1 share); American restructures.
	if h := g.s.View(engine.Viewer{Seat: engine.Host}).Table.Sizes[0]; h.Company != "c2" || h.Hire != 2 || h.Size != 7 {
		t.Fatalf("Luxor %+v", h)
	}
	g.refused(1, "downsize", M{"company": "c2", "remove": M{"china": 3}}, "keep-one-team")
	g.must(1, "downsize", M{"company": "c2", "remove": M{"china": 2}})
	g.expect("china=c2:1")
	if g.cash(1) != 9200+120 {
		t.Fatalf("Ben %d", g.cash(1))
	}
	g.refused(2, "restructure", M{"company": "c3", "moves": []M{{"from": "venezuela", "to": "japan", "teams": 1}}}, "move-own-land")
	g.must(2, "restructure", M{"company": "c3", "from1": "venezuela", "to1": "peru", "teams1": 2, "from2": "peru", "to2": "venezuela", "teams2": 1}) // a form's rows
	g.expect("venezuela=c3:2", "peru=c3:2")

	// cycle 3: the closing bell cannot ring with sizes 7 and 2.
	g.refused(1, "declare", nil, "closing-bell-sizes")
	g.replayed()
}

// A hostile takeover that captures a tower: the defeated company's size
// counts its remaining territories and the tower, not what it lost earlier
// in the turn; bonuses and the sale price are halved.
func TestGameTakeoverByTowerCaptureHalvesPayouts(t *testing.T) {
	// cycles 1 to 3: Ana founds Festival in Egypt (with North Africa) and buys 2, Ben American in Brazil (with Peru) and buys 1 of Festival
	g := festivalAndAmerican(t, M{}, M{"company": "c5", "count": 2}, M{"company": "c5", "count": 1})
	// American holds South America: 4 territories / 3 + 2 = 3 teams
	g.must(0, "skip", M{"company": "c5"})
	g.refused(1, "hire", M{"company": "c3", "place": M{"brazil": 2}}, "hire-count")
	g.must(1, "hire", M{"company": "c3", "place": M{"brazil": 3}})
	g.expect("brazil=c3:6", "egypt=c5:3", "north-africa=c5:1", "congo=c5:1", "east-africa=c5:1")
	if g.size("c5") != 4 || g.size("c3") != 6 {
		t.Fatalf("sizes %d %d", g.size("c5"), g.size("c3"))
	}
	// cycle 4
	g.turn("south-africa", "leave", nil)
	g.host("place", M{"territory": "madagascar"})
	g.host("leave", nil)
	g.refused(0, "takeover", M{"company": "c3"}, "not-your-turn")
	g.refused(engine.Host, "takeover", M{"company": "c5"}, "ceo-only-takeover")
	g.must(1, "takeover", M{"company": "c3"})
	g.refused(1, "attack", M{"from": "brazil", "to": "peru"}, "attack-other")
	g.refused(1, "attack", M{"from": "brazil", "to": "egypt"}, "attack-bordering")
	g.refused(1, "attack", M{"from": "venezuela", "to": "central-america"}, "attack-needs-two-teams")
	g.refused(1, "draw", nil, "takeover-in-progress")
	g.must(1, "attack", M{"from": "brazil", "to": "north-africa", "attackerLost": 0, "defenderLost": 1})
	g.refused(1, "attack", M{"from": "brazil", "to": "north-africa"}, "move-in-first")
	g.must(1, "occupy", M{"teams": 4})
	g.refused(1, "attack", M{"from": "north-africa", "to": "western-europe"}, "no-empty-territory")
	g.must(1, "attack", M{"from": "north-africa", "to": "egypt", "attackerFaces": []int{6, 6, 5}, "defenderFaces": []int{2, 1}})
	g.must(1, "attack", M{"from": "north-africa", "to": "egypt", "attackerFaces": []int{6, 6}, "defenderFaces": []int{2}})
	g.must(1, "occupy", M{"teams": 2})
	// Festival's tower fell: size 3 (Egypt, East Africa, Congo; North Africa
	// was lost earlier this turn), medium: $400. Halved: majority 10 x 400 / 2
	// = $2,000 to Ana (3 shares), minority 5 x 400 / 2 = $1,000 to Ben (1).
	m := g.s.View(engine.Viewer{Seat: engine.Host}).Merger
	if m == nil || !m.Hostile || m.Size != 3 || m.Price != 400 || m.SalePrice != 200 || m.Ratio != 4 {
		t.Fatalf("takeover %+v", m)
	}
	g.must(1, "dispose", M{"choice": "sell-all"}) // Ben first: the maker
	g.must(0, "dispose", M{"choice": "sell-all"})
	if g.cash(0) != 5400+2000+600 || g.cash(1) != 5700+1000+200 {
		t.Fatalf("cash %d %d", g.cash(0), g.cash(1))
	}
	g.expect("egypt=c3:2", "east-africa=c3:1", "congo=c3:1", "north-africa=c3:2", "brazil=c3:2")
	if g.s.Table.Board.InPlay("c5") || g.s.Table.Frozen != nil {
		t.Fatal("Festival is still in play")
	}
	// the one free move ends the attacks
	g.refused(1, "move", M{"from": "congo", "to": "south-africa", "teams": 1}, "move-own-land")
	g.must(1, "move", M{"from": "brazil", "to": "venezuela", "teams": 1})
	g.refused(1, "attack", M{"from": "egypt", "to": "middle-east"}, "attacks-before-free-move")
	g.must(1, "takeover.end", nil)
	g.must(1, "draw", nil)
	g.replayed()
}
