package riskclassic

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/enginetest"
)

func TestStartArmiesByPlayerCountHouseTable(t *testing.T) {
	for n, want := range map[int]int{2: 40, 3: 35, 4: 30, 5: 25, 6: 20} {
		tb := newTable(t, n, conquest.Settings{})
		tb.do(engine.Host, conquest.CmdStart, nil)
		for p := range n {
			if got := tb.s.Count(p) + tb.s.ToPlace[p]; got != want {
				t.Fatalf("%d players: player %d has %d territories + %d to place = %d; want %d", n, p, tb.s.Count(p), tb.s.ToPlace[p], got, want)
			}
		}
	}
}

func TestDealSharesTheMapEvenlyAndPlacementStartsAfterLastCard(t *testing.T) {
	tb := newTable(t, 4, conquest.Settings{First: 1})
	tb.do(engine.Host, conquest.CmdStart, nil)
	// Dealt from seat 1: seats 1, 2 get 11 cards, seats 3, 0 get 10; the
	// last (42nd) card goes to seat 2, so seat 3 places first.
	want := map[int]int{1: 11, 2: 11, 3: 10, 0: 10}
	for p, n := range want {
		if tb.s.Count(p) != n {
			t.Fatalf("seat %d got %d territories; want %d", p, tb.s.Count(p), n)
		}
	}
	if tb.s.Placer != 3 {
		t.Fatalf("placement starts with seat %d; want 3 (after the last card)", tb.s.Placer)
	}
	for _, a := range tb.s.Armies {
		if a != 1 {
			t.Fatalf("a dealt territory has %d armies; want 1", a)
		}
	}
	if len(tb.s.Deck) != 44 {
		t.Fatalf("the deck for play has %d cards; want 42 + 2 jokers", len(tb.s.Deck))
	}
}

func TestPlacementOneArmyAtATimeInTurnOnOwnTerritory(t *testing.T) {
	tb := newTable(t, 3, conquest.Settings{})
	tb.do(engine.Host, conquest.CmdStart, nil)
	p := tb.s.Placer
	other := (p + 1) % 3
	var mine, theirs int
	for t, o := range tb.s.Owner {
		if o == p {
			mine = t
		}
		if o == other {
			theirs = t
		}
	}
	tb.refused(other, conquest.CmdPlace, map[string]int{"territory": theirs}, "not-your-turn")
	tb.refused(p, conquest.CmdPlace, map[string]int{"territory": mine, "count": 2}, "one-at-a-time")
	tb.refused(engine.Host, conquest.CmdPlace, map[string]int{"territory": mine, "count": tb.s.ToPlace[p]}, "one-at-a-time")
	tb.refused(p, conquest.CmdPlace, map[string]int{"territory": theirs}, "own-territory")
	tb.do(p, conquest.CmdPlace, map[string]int{"territory": mine})
	if tb.s.Armies[mine] != 2 || tb.s.Placer != other {
		t.Fatalf("after placing: %d armies, placer %d; want 2 and %d", tb.s.Armies[mine], tb.s.Placer, other)
	}
	// A second army straight after the first is out of turn: refused in
	// the table's words, nothing changed.
	msg := enginetest.Refused(t, Rules{}, &tb.s, enginetest.Cmd(p, conquest.CmdPlace, map[string]int{"territory": mine}), tb.dice, "not-your-turn")
	if want := "It is " + tb.s.Players[other].Name + "'s turn to place a start army"; !strings.Contains(msg, want) || !strings.Contains(msg, "one army at a time, in turn") {
		t.Fatalf("out-of-turn refusal %q; want it to say %q, one army at a time, in turn", msg, want)
	}
	if v := (Rules{}).View(tb.s, engine.Viewer{Seat: engine.Host}).(conquest.View); v.PlaceMost != 1 {
		t.Fatalf("the view offers %d armies at once; want 1", v.PlaceMost)
	}
	tb.placeAll()
	if tb.s.Phase != conquest.PhaseReinforce || tb.s.Turn != 0 {
		t.Fatalf("after set-up: phase %s, turn %d; want reinforce, seat 0", tb.s.Phase, tb.s.Turn)
	}
	for p := range 3 {
		if n := tb.s.Count(p); armiesOf(tb.s, p) != 35 {
			t.Fatalf("seat %d has %d armies on %d territories after set-up; want 35", p, armiesOf(tb.s, p), n)
		}
	}
}

func armiesOf(s *conquest.State, p int) int {
	n := 0
	for t, o := range s.Owner {
		if o == p {
			n += s.Armies[t]
		}
	}
	return n
}

func TestBasicBuildIsTerritoriesOverThreeWithMinimumThree(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{})
	tb.board(1)
	tb.own(0, 1, "Alaska", "Brazil", "Iceland", "Egypt", "Japan", "Peru", "Siam", "Ural") // 8 territories, scattered
	b := conquest.BuildFor(Variant, tb.s, 0)
	if b.Total != 3 || !strings.Contains(b.Lines[0].Why, "minimum of 3") {
		t.Fatalf("8 territories build %+v; want 3 with the minimum explained", b)
	}
	b = conquest.BuildFor(Variant, tb.s, 1) // 34 territories, no whole continent
	if l := b.Lines[0]; l.Armies != 11 || !strings.Contains(l.Why, "34 territories / 3") {
		t.Fatalf("34 territories: %+v; want 11", b)
	}
}

func TestContinentBonusesAtHouseValues(t *testing.T) {
	want := map[risk.ContinentID]int{risk.Africa: 3, risk.Asia: 7, risk.Australia: 2, risk.Europe: 5, risk.NorthAmerica: 5, risk.SouthAmerica: 2}
	for c, bonus := range want {
		tb := newTable(t, 2, conquest.Settings{})
		tb.board(1)
		tb.own(0, 1, continentNames(c)...)
		b := conquest.BuildFor(Variant, tb.s, 0)
		ct, _ := risk.Classic().Continent(c)
		l, ok := lineFor(b, "holds all of "+ct.Name)
		if !ok || l.Armies != bonus {
			t.Fatalf("%s: build %+v; want a line of %d", ct.Name, b, bonus)
		}
	}
}

func TestSetValuesAreFixedAndNeverGrow(t *testing.T) {
	cases := []struct {
		kinds []string
		want  int
	}{
		{[]string{"artillery", "artillery", "artillery"}, 10},
		{[]string{"cavalry", "cavalry", "cavalry"}, 8},
		{[]string{"infantry", "infantry", "infantry"}, 6},
		{[]string{"infantry", "cavalry", "artillery"}, 8},
		{[]string{"wild", "artillery", "artillery"}, 10},
		{[]string{"wild", "infantry", "infantry"}, 6},
		{[]string{"wild", "infantry", "cavalry"}, 8},
		{[]string{"wild", "wild", "infantry"}, 8},
	}
	for _, c := range cases {
		for _, sets := range []int{0, 5, 20} {
			if got, why := setValue(c.kinds, sets); got != c.want {
				t.Fatalf("%v after %d sets = %d (%s); want %d", c.kinds, sets, got, why, c.want)
			}
		}
	}
}

// reinforceScenario is a game in seat 0's reinforcement phase on a board the
// test lays out, with the given hand.
func reinforceScenario(t *testing.T, set conquest.Settings, hand ...conquest.Card) *table {
	tb := newTable(t, 2, set)
	tb.do(engine.Host, conquest.CmdStart, nil)
	tb.placeAll()
	tb.s.Hands[0] = hand
	return tb
}

func card(name string, kind risk.Symbol) conquest.Card {
	return conquest.Card{ID: id(name), Territory: id(name), Kind: string(kind), Label: name}
}

func TestTradeAddsSetValueAndTwoOnEachHeldCardTerritory(t *testing.T) {
	tb := reinforceScenario(t, conquest.Settings{},
		card("Alaska", risk.Artillery), card("Peru", risk.Artillery), card("Japan", risk.Artillery), card("Siam", risk.Infantry))
	tb.s.Owner[id("Alaska")], tb.s.Owner[id("Peru")], tb.s.Owner[id("Japan")] = 0, 0, 1
	pool, alaska, peru, japan := tb.s.Pool, tb.s.Armies[id("Alaska")], tb.s.Armies[id("Peru")], tb.s.Armies[id("Japan")]
	tb.do(0, conquest.CmdTrade, map[string][]int{"cards": {id("Alaska"), id("Peru"), id("Japan")}})
	if tb.s.Pool != pool+10 {
		t.Fatalf("pool %d after 3 artillery; want %d", tb.s.Pool, pool+10)
	}
	if tb.s.Armies[id("Alaska")] != alaska+2 || tb.s.Armies[id("Peru")] != peru+2 || tb.s.Armies[id("Japan")] != japan {
		t.Fatal("the +2 card bonus went to the wrong territories")
	}
	if _, ok := lineFor(*tb.s.Build, "card bonus placed on Alaska"); !ok {
		t.Fatalf("the build does not explain the card bonus: %+v", tb.s.Build)
	}
	if len(tb.s.Hands[0]) != 1 || len(tb.s.Discard) != 3 {
		t.Fatal("the traded cards did not leave the hand")
	}
}

func TestTradeRefusesWhatIsNotASet(t *testing.T) {
	tb := reinforceScenario(t, conquest.Settings{},
		card("Alaska", risk.Artillery), card("Peru", risk.Artillery), card("Japan", risk.Infantry), card("Siam", risk.Cavalry))
	tb.refused(0, conquest.CmdTrade, map[string][]int{"cards": {id("Alaska"), id("Peru"), id("Japan")}}, "not-a-set")
	tb.refused(0, conquest.CmdTrade, map[string][]int{"cards": {id("Alaska"), id("Alaska"), id("Peru")}}, "not-a-set")
	tb.refused(0, conquest.CmdTrade, map[string][]int{"cards": {id("Alaska"), id("Brazil"), id("Peru")}}, "not-your-card")
	tb.refused(1, conquest.CmdTrade, map[string][]int{"cards": {id("Alaska"), id("Japan"), id("Siam")}}, "not-your-turn")
	tb.do(0, conquest.CmdTrade, map[string][]int{"cards": {id("Alaska"), id("Japan"), id("Siam")}})
	tb.refused(0, conquest.CmdTrade, map[string][]int{"cards": {id("Peru")}}, "one-set-a-turn")
}

func TestFiveCardsForceATradeBeforePlacing(t *testing.T) {
	tb := reinforceScenario(t, conquest.Settings{},
		card("Alaska", risk.Artillery), card("Peru", risk.Artillery), card("Japan", risk.Artillery),
		card("Siam", risk.Infantry), card("Brazil", risk.Cavalry))
	var mine int
	for t, o := range tb.s.Owner {
		if o == 0 {
			mine = t
		}
	}
	tb.refused(0, conquest.CmdPlace, map[string]int{"territory": mine}, "must-trade")
	tb.refused(0, conquest.CmdEndTurn, nil, "must-trade")
	tb.do(0, conquest.CmdTrade, map[string][]int{"cards": {id("Alaska"), id("Peru"), id("Japan")}})
	tb.do(0, conquest.CmdPlace, map[string]int{"territory": mine, "count": tb.s.Pool})
	if tb.s.Pool != 0 {
		t.Fatal("the build was not all placed")
	}
}

func TestPlacingOnSomeoneElsesTerritoryIsRefused(t *testing.T) {
	tb := reinforceScenario(t, conquest.Settings{})
	var theirs int
	for t, o := range tb.s.Owner {
		if o == 1 {
			theirs = t
		}
	}
	tb.refused(0, conquest.CmdPlace, map[string]int{"territory": theirs}, "own-territory")
}

func TestEmpireRule(t *testing.T) {
	empire := func(set conquest.Settings, layout func(tb *table)) conquest.Build {
		tb := newTable(t, 2, set)
		tb.board(1)
		layout(tb)
		return conquest.BuildFor(Variant, tb.s, 0)
	}
	on := conquest.Settings{Empire: true}
	africa5 := func(tb *table) {
		tb.own(0, 1, "North Africa", "Egypt", "East Africa", "Congo", "South Africa")
	}
	if l, ok := lineFor(empire(on, africa5), "Empire: 5 linked territories in Africa"); !ok || l.Armies != 1 {
		t.Fatal("5 linked in Africa should be worth 1")
	}
	if _, ok := lineFor(empire(conquest.Settings{}, africa5), "Empire"); ok {
		t.Fatal("the Empire rule applied while it was off")
	}
	asia7 := func(tb *table) {
		tb.own(0, 1, "Ural", "Siberia", "Yakutsk", "Kamchatka", "Irkutsk", "Mongolia", "China")
	}
	if l, ok := lineFor(empire(on, asia7), "Empire: 7 linked territories in Asia"); !ok || l.Armies != 2 {
		t.Fatal("7 linked in Asia should be worth 2")
	}
	europe6 := func(tb *table) {
		tb.own(0, 1, "Great Britain", "Scandinavia", "Northern Europe", "Southern Europe", "Western Europe", "Ukraine")
	}
	if l, ok := lineFor(empire(on, europe6), "Empire: 6 linked territories in Europe"); !ok || l.Armies != 1 {
		t.Fatal("6 linked in Europe should be worth 1 (7 counts only in Asia and North America)")
	}
	split := func(tb *table) { // 4 + 3 in Asia, not linked to each other
		tb.own(0, 1, "Ural", "Siberia", "Yakutsk", "Kamchatka", "India", "Siam", "Middle East")
	}
	if _, ok := lineFor(empire(on, split), "Empire"); ok {
		t.Fatal("two unlinked groups of 4 and 3 made an empire")
	}
	withContinent := func(tb *table) {
		asia7(tb)
		tb.own(0, 1, continentNames(risk.Australia)...)
	}
	b := empire(on, withContinent)
	if l, ok := lineFor(b, "Empire rule: none"); !ok || l.Armies != 0 {
		t.Fatalf("holding Australia should stop every empire build: %+v", b)
	}
	if _, ok := lineFor(b, "Empire: "); ok {
		t.Fatal("an empire was counted while a continent is held")
	}
	two := func(tb *table) { africa5(tb); asia7(tb) }
	if b := empire(on, two); b.Total != 4+1+2 {
		t.Fatalf("Africa 5 and Asia 7 (12 territories): %+v; want 4 + 1 + 2", b)
	}
}

// attackScenario: seat 0 holds North America with 10 armies on Alaska; seat 1
// holds the rest with 2 armies each.
func attackScenario(t *testing.T) *table {
	tb := reinforceScenario(t, conquest.Settings{})
	tb.board(1)
	for t := range tb.s.Armies {
		tb.s.Armies[t] = 2
	}
	tb.own(0, 1, continentNames(risk.NorthAmerica)...)
	tb.s.Armies[id("Alaska")] = 10
	tb.s.Pool = 0
	return tb
}

func TestAttackRefusals(t *testing.T) {
	tb := attackScenario(t)
	at := func(from, to string) map[string]any { return map[string]any{"from": id(from), "to": id(to)} }
	tb.refused(0, conquest.CmdAttack, at("Alaska", "Japan"), "not-neighbour")
	tb.refused(0, conquest.CmdAttack, at("Alaska", "Alberta"), "attack-enemy")
	tb.refused(0, conquest.CmdAttack, at("Kamchatka", "Alaska"), "attack-from-own")
	tb.refused(0, conquest.CmdAttack, at("Greenland", "Iceland"), "one-stays-home")
	tb.refused(1, conquest.CmdAttack, at("Alaska", "Kamchatka"), "not-your-turn")
	tb.refused(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka"), "mode": "faces", "attFaces": "6 6 7", "defFaces": "1 1"}, "die-face")
}

func TestAttackWithTypedFacesThenMoveInAndFortify(t *testing.T) {
	tb := attackScenario(t)
	tb.do(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka"), "mode": "faces", "attFaces": "6 5 1", "defFaces": "4 4"})
	if tb.s.Owner[id("Kamchatka")] != 0 || tb.s.Pending == nil || tb.s.Pending.Min != 3 || tb.s.Pending.Max != 9 {
		t.Fatalf("after 6 5 1 against 4 4: owner %d, pending %+v; want seat 0 moving 3 to 9", tb.s.Owner[id("Kamchatka")], tb.s.Pending)
	}
	tb.refused(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka")}, "move-first")
	// The conqueror's phone is offered the move as one number with the
	// same limits, starting at all of them; nobody else is offered it.
	cs := enginetest.ChoicesAccepted(t, Rules{}, tb.s, 0, func() engine.Dice { return rolled(1) }, true)
	if len(cs) != 1 || len(cs[0].Fields) != 1 || cs[0].Fields[0].Min != 3 || cs[0].Fields[0].Max != 9 || cs[0].Fields[0].Value != 9 {
		t.Fatalf("the conqueror is offered %+v; want one move of 3 to 9, starting at 9", cs)
	}
	if text, _ := (Rules{}).Moves(tb.s, engine.Viewer{Seat: 0}).Decision(); text != "move 3 to 9 armies from Alaska into Kamchatka" {
		t.Fatalf("the conqueror's card says %q", text)
	}
	if _, other := (Rules{}).Moves(tb.s, engine.Viewer{Seat: 1}).Decision(); other != nil {
		t.Fatalf("the defeated seat is offered %+v", other)
	}
	tb.refused(0, conquest.CmdMove, map[string]int{"count": 2}, "move-count")
	tb.refused(0, conquest.CmdMove, map[string]int{"count": 10}, "move-count")
	tb.do(0, conquest.CmdMove, map[string]int{"count": 5})
	if tb.s.Armies[id("Alaska")] != 5 || tb.s.Armies[id("Kamchatka")] != 5 {
		t.Fatalf("after moving 5: Alaska %d, Kamchatka %d", tb.s.Armies[id("Alaska")], tb.s.Armies[id("Kamchatka")])
	}
	tb.do(0, conquest.CmdEndAttack, nil)
	tb.refused(0, conquest.CmdFortify, map[string]int{"from": id("Alaska"), "to": id("Quebec"), "count": 1}, "not-neighbour")
	tb.refused(0, conquest.CmdFortify, map[string]int{"from": id("Alaska"), "to": id("Alberta"), "count": 5}, "one-stays-home")
	hand := len(tb.s.Hands[0])
	tb.do(0, conquest.CmdFortify, map[string]int{"from": id("Alaska"), "to": id("Alberta"), "count": 4})
	if tb.s.Turn != 1 || len(tb.s.Hands[0]) != hand+1 {
		t.Fatalf("after fortifying: turn %d, hand %d; want seat 1's turn and a card drawn", tb.s.Turn, len(tb.s.Hands[0]))
	}
}

func TestEliminationPassesCardsAndForcesTradeAtSix(t *testing.T) {
	tb := newTable(t, 3, conquest.Settings{})
	tb.do(engine.Host, conquest.CmdStart, nil)
	tb.placeAll()
	tb.board(1)
	tb.own(0, 10, "Alaska")
	tb.own(2, 1, "Kamchatka")
	tb.s.Pool = 0
	tb.s.Hands[0] = []conquest.Card{card("Peru", risk.Infantry), card("Brazil", risk.Infantry), card("Egypt", risk.Cavalry)}
	tb.s.Hands[2] = []conquest.Card{card("Japan", risk.Artillery), card("Siam", risk.Artillery), card("China", risk.Artillery)}
	tb.do(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka"), "mode": "losses", "defLost": 1})
	if !tb.s.Players[2].Out || len(tb.s.Hands[0]) != 6 || len(tb.s.Hands[2]) != 0 {
		t.Fatalf("after taking seat 2's last territory: out %v, hands %d/%d", tb.s.Players[2].Out, len(tb.s.Hands[0]), len(tb.s.Hands[2]))
	}
	tb.do(0, conquest.CmdMove, map[string]int{"count": 1})
	tb.refused(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Alberta")}, "must-trade")
	tb.do(0, conquest.CmdTrade, map[string][]int{"cards": {id("Japan"), id("Siam"), id("China")}})
	if tb.s.MustTrade || tb.s.Pool != 10 {
		t.Fatalf("after trading down to 3 cards: must %v, pool %d; want free with 10 to place", tb.s.MustTrade, tb.s.Pool)
	}
	tb.refused(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Alberta")}, "place-first")
	tb.do(0, conquest.CmdPlace, map[string]int{"territory": id("Alaska"), "count": 10})
	tb.do(0, conquest.CmdEndTurn, nil)
	if tb.s.Turn != 1 {
		t.Fatalf("the turn passed to %d; want seat 1 (seat 2 is out)", tb.s.Turn)
	}
}

func TestBlitzConquersTheWorldAndEndsTheGame(t *testing.T) {
	tb := attackScenario(t)
	tb.board(0)
	tb.own(0, 50, "Alaska")
	tb.own(1, 1, "Kamchatka")
	tb.do(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka")})
	if tb.s.Phase != conquest.PhaseOver || tb.s.Winner != 0 {
		t.Fatalf("phase %s winner %d; want over, seat 0", tb.s.Phase, tb.s.Winner)
	}
	r, ok := Rules{}.Result(tb.s)
	if !ok || !r.Scores[0].Winner {
		t.Fatalf("result %+v", r)
	}
	tb.refused(1, conquest.CmdEndTurn, nil, "game-over")
}

func TestViewHidesOtherHandsAndTheDeck(t *testing.T) {
	tb := reinforceScenario(t, conquest.Settings{}, card("Alaska", risk.Artillery))
	tb.s.Hands[1] = []conquest.Card{card("Japan", risk.Infantry)}
	b, _ := json.Marshal(Rules{}.View(tb.s, engine.Viewer{Seat: 1}))
	if strings.Contains(string(b), `"label":"Alaska"`) || !strings.Contains(string(b), `"label":"Japan"`) {
		t.Fatalf("seat 1's view shows the wrong hand: %s", b)
	}
	for _, who := range []int{engine.Public, engine.Host} {
		b, _ := json.Marshal(Rules{}.View(tb.s, engine.Viewer{Seat: who}))
		if !strings.Contains(string(b), `"handOf":-1,"hand":[]`) || strings.Contains(string(b), `"kind":"artillery"`) {
			t.Fatalf("the view for %d shows a hand (the host, like the public, sees none): %s", who, b)
		}
	}
}

// A table without phones plays on the laptop: with the setting on, the
// host sees the hand of the player on turn (and only that one); the public
// still sees none.
func TestLaptopHandsSettingShowsTheTurnPlayersHandToTheHostOnly(t *testing.T) {
	tb := reinforceScenario(t, conquest.Settings{LaptopHands: true}, card("Alaska", risk.Artillery))
	tb.s.Hands[1] = []conquest.Card{card("Japan", risk.Infantry)}
	host, _ := json.Marshal(Rules{}.View(tb.s, engine.Viewer{Seat: engine.Host}))
	turn := tb.s.Turn
	want := `"label":"` + tb.s.Hands[turn][0].Label + `"`
	if !strings.Contains(string(host), want) || !strings.Contains(string(host), fmt.Sprintf(`"handOf":%d`, turn)) {
		t.Fatalf("with laptop hands, the host view lacks the turn player's hand: %s", host)
	}
	for seat, h := range tb.s.Hands {
		if seat != turn && len(h) > 0 && strings.Contains(string(host), `"label":"`+h[0].Label+`"`) {
			t.Fatalf("the host view shows seat %d's hand, which is not on turn: %s", seat, host)
		}
	}
	pub, _ := json.Marshal(Rules{}.View(tb.s, engine.Viewer{Seat: engine.Public}))
	if !strings.Contains(string(pub), `"handOf":-1,"hand":[]`) {
		t.Fatalf("the public view shows a hand: %s", pub)
	}
}

// Looking back (the timeline), the laptop shows no hand even with laptop
// hands on: whoever sits at the laptop now is the player on turn now, not
// the one on turn at that step.
func TestLaptopHandsAreNotShownToTheHostLookingBack(t *testing.T) {
	tb := reinforceScenario(t, conquest.Settings{LaptopHands: true}, card("Alaska", risk.Artillery))
	past, _ := json.Marshal(Rules{}.View(tb.s, engine.Viewer{Seat: engine.Host, Past: true}))
	if !strings.Contains(string(past), `"handOf":-1,"hand":[]`) || strings.Contains(string(past), `"label":"`+tb.s.Hands[tb.s.Turn][0].Label+`"`) {
		t.Fatalf("the host's view of a past step shows a hand: %s", past)
	}
	own, _ := json.Marshal(Rules{}.View(tb.s, engine.Viewer{Seat: tb.s.Turn, Past: true}))
	if !strings.Contains(string(own), `"label":"`+tb.s.Hands[tb.s.Turn][0].Label+`"`) {
		t.Fatalf("the turn player's own view of a past step lacks their hand: %s", own)
	}
}

func TestSetPricesListTheHouseRulesFixedWorthsInOrder(t *testing.T) {
	want := []SetPrice{{"three artillery", 10}, {"three cavalry", 8}, {"three infantry", 6}, {"one of each", 8}}
	got := SetPrices()
	if len(got) != len(want) {
		t.Fatalf("SetPrices() = %v; want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("SetPrices()[%d] = %v; want %v", i, got[i], want[i])
		}
	}
	for p := Variant.MinSeats; p <= Variant.MaxSeats; p++ {
		if StartTable[p] != 50-5*p {
			t.Errorf("StartTable[%d] = %d; want %d", p, StartTable[p], 50-5*p)
		}
	}
}

// The Parker Brothers rules the house keeps: a turn that began with 5 or 6
// cards may trade a second set; otherwise one set a turn. The screen offers
// a set exactly when the engine would take it.
func TestSecondSetAllowedWhenTheTurnBeganWithFiveOrSixCards(t *testing.T) {
	six := []conquest.Card{card("Alaska", risk.Artillery), card("Peru", risk.Artillery), card("Japan", risk.Artillery),
		card("Siam", risk.Infantry), card("Brazil", risk.Infantry), card("Egypt", risk.Infantry)}
	tb := reinforceScenario(t, conquest.Settings{}, six...)
	tb.s.TurnCards = 6 // the hand was laid out after the turn began
	pool := tb.s.Pool
	tb.do(0, conquest.CmdTrade, map[string][]int{"cards": {id("Alaska"), id("Peru"), id("Japan")}})
	v := Rules{}.View(tb.s, engine.Viewer{Seat: 0}).(conquest.View)
	if !v.CanTrade || len(v.Sets) != 1 {
		t.Fatalf("after the first of two sets the phone offers trade=%v sets=%v; want the infantry set", v.CanTrade, v.Sets)
	}
	tb.do(0, conquest.CmdTrade, map[string][]int{"cards": {id("Siam"), id("Brazil"), id("Egypt")}})
	// 3 artillery 10 + 3 infantry 6, plus 2 on each card's territory seat 0
	// holds (bonuses go on the board, not into the pool).
	if tb.s.Pool != pool+16 || tb.s.Traded != 2 {
		t.Fatalf("pool %d after two sets (want %d), traded %d", tb.s.Pool, pool+16, tb.s.Traded)
	}

	// A turn that began with 4 cards: one set only, and the screen offers
	// none after it (a fourth card plus two more laid in by the test make a
	// set the engine must still refuse).
	tb = reinforceScenario(t, conquest.Settings{}, six[:4]...)
	tb.s.TurnCards = 4
	tb.do(0, conquest.CmdTrade, map[string][]int{"cards": {id("Alaska"), id("Peru"), id("Japan")}})
	tb.s.Hands[0] = append(tb.s.Hands[0], six[4], six[5])
	v = Rules{}.View(tb.s, engine.Viewer{Seat: 0}).(conquest.View)
	if v.CanTrade {
		t.Fatalf("the phone offers a second set in a turn that began with 4 cards: %v", v.Sets)
	}
	tb.refused(0, conquest.CmdTrade, map[string][]int{"cards": {id("Siam"), id("Brazil"), id("Egypt")}}, "one-set-a-turn")
}
