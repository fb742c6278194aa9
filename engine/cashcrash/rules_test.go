package cashcrash

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

func TestCardSetIsEnteredOnceAndChecked(t *testing.T) {
	st, _ := Rules{}.New(engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}}})
	g := &game{t: t, s: st.(*State)}
	if !slices.Equal(CardSet(g.s), StandardSet) { // nothing typed: the standard set, so the game can start at once
		t.Fatalf("a new game's set is %+v; want the standard set", CardSet(g.s))
	}
	if _, err := (Rules{}).Decide(g.s, enginetest.Cmd(engine.Host, CmdStart, ``), dice()); err != nil {
		t.Fatalf("a game with the standard set does not start: %v", err)
	}
	g.refused(engine.Host, CmdConfigure, `{"card1":"GX"}`, "card-set")
	g.refused(engine.Host, CmdConfigure, `{"cards":["G"]}`, "card-set") // nine missing
	g.refused(0, CmdConfigure, testSetJSON, "host-only")
	g.do(engine.Host, CmdConfigure, testSetJSON)
	if got := CardSet(g.s); len(got) != 10 || got[9] != (Card{1, 1, 1}) || got[3] != (Card{Gold: 2}) {
		t.Fatalf("card set: %+v", got)
	}
	g.do(engine.Host, CmdConfigure, `{"variant":"blitz","card4":"2G 1W"}`) // edit one card, keep the rest
	if g.s.Settings.Variant != Blitz || g.s.Settings.Cards[3] != (Card{Gold: 2, Wheat: 1}) || g.s.Settings.Cards[0] != (Card{Gold: 1}) {
		t.Fatalf("settings after an edit: %+v", g.s.Settings)
	}
	g.refused(engine.Host, CmdConfigure, `{"variant":"speedy"}`, "setting-variant")
	// A set given in the settings (the previous game's) is used as is.
	b, _ := json.Marshal(Settings{Cards: g.s.Settings.Cards})
	st2, err := Rules{}.New(engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}}, Settings: b})
	if err != nil || len(st2.(*State).Settings.Cards) != 10 {
		t.Fatalf("a set from the settings: %v", err)
	}
}

func TestStakesArePrivateAndTheOpeningWaitsForAll(t *testing.T) {
	g := newGame(t, "")
	g.refused(engine.Host, CmdStake, `{"cards":[1,2]}`, "own-phone-only")
	g.refused(0, CmdStake, `{"cards":[1]}`, "stake-size")
	g.refused(0, CmdStake, `{"cards":[1,1]}`, "card-twice")
	g.do(0, CmdStake, `{"card.1":true,"card.4":true}`)
	g.refused(0, CmdStake, `{"cards":[2,3]}`, "already-staked")
	g.refused(0, CmdBid, bid(1, "G"), "not-bidding")
	g.do(1, CmdStake, `{"cards":[2,7]}`)
	g.do(2, CmdStake, `{"cards":[3,10]}`)
	if g.s.Phase != PhaseBid || g.s.Turn != 0 || !slices.Equal(g.s.Players[0].Staked, []int{1, 4}) {
		t.Fatalf("phase %s turn %d stake %v", g.s.Phase, g.s.Turn, g.s.Players[0].Staked)
	}
}

func TestClassicOpeningBidIsSimple(t *testing.T) {
	g := newGame(t, "")
	g.stake("1,4", "2,7", "3,10")
	g.refused(0, CmdBid, bid(2, "GO"), "opening-simple")
	g.refused(1, CmdBid, bid(2, "G"), "not-your-turn")
	g.refused(0, CmdAdd, add(2, 2, "G"), "open-first")
	g.refused(0, CmdSell, ``, "nothing-to-sell")
	g.do(0, CmdBid, bid(3, "Oil"))
	if g.s.Bid.String() != "3 Oil" || g.s.Turn != 1 {
		t.Fatalf("bid %v turn %d", g.s.Bid, g.s.Turn)
	}
}

func TestClassicRaiseKeepsTheGoods(t *testing.T) {
	g := newGame(t, "")
	g.stake("1,4", "2,7", "3,10")
	g.do(0, CmdBid, bid(3, "G"))
	msg := g.refused(1, CmdBid, bid(3, "G"), "raise-higher")
	if !strings.Contains(msg, "3 Gold") {
		t.Fatalf("message: %s", msg)
	}
	g.refused(1, CmdBid, bid(4, "O"), "raise-keeps-goods")
	g.refused(1, CmdBid, `{"qty":3,"goods":"G","bogus":1}`, "bad-input") // an unknown field is refused, not ignored
	g.do(1, CmdBid, `{"qty":3,"gold":true,"oil":true}`)                  // more goods at the same quantity
	g.refused(2, CmdBid, bid(2, "GOW"), "raise-keeps-goods")
	g.do(2, CmdBid, bid(5, "GO"))
	g.do(0, CmdBid, bid(5, "everything"))
	if g.s.Bid.String() != "5 of everything" || len(g.s.Ladder) != 4 {
		t.Fatalf("ladder %+v", g.s.Ladder)
	}
}

func TestFreeRaiseSettingAllowsAnyHigherQuantity(t *testing.T) {
	g := newGame(t, `{"raise":"free"}`)
	g.stake("1,4", "2,7", "3,10")
	g.do(0, CmdBid, bid(3, "G"))
	g.refused(1, CmdBid, bid(3, "O"), "raise-higher")
	g.do(1, CmdBid, bid(4, "O"))
	g.do(2, CmdBid, bid(4, "OW"))
	g.refused(0, CmdBid, bid(4, "GW"), "raise-higher") // same quantity, not a superset
}

func TestAddingACardRaisesAndChangesTheBid(t *testing.T) {
	g := newGame(t, "")
	g.stake("1,4", "2,7", "3,10")
	g.do(0, CmdBid, bid(3, "G"))
	g.refused(1, CmdAdd, add(5, 3, "O"), "add-card-raise")
	g.refused(1, CmdAdd, add(5, 4, "G"), "add-card-change")
	g.refused(1, CmdAdd, add(2, 4, "O"), "not-in-hand") // card 2 is staked already
	g.refused(engine.Host, CmdAdd, add(5, 4, "O"), "own-phone-only")
	g.do(1, CmdAdd, add(5, 4, "O"))
	if p := g.s.Players[1]; !slices.Equal(p.Staked, []int{2, 7, 5}) || len(p.Hand) != 7 || !g.s.Ladder[1].Added {
		t.Fatalf("Ben after adding: %+v", p)
	}
}

func TestAFifthInvestedCardIsRefused(t *testing.T) {
	g := newGame(t, "", "Ana", "Ben")
	g.stake("1,4", "2,7")
	g.do(0, CmdBid, bid(1, "G"))
	g.do(1, CmdAdd, add(3, 2, "W"))
	g.do(0, CmdBid, bid(2, "GW"))
	g.do(1, CmdAdd, add(5, 3, "O"))
	g.do(0, CmdBid, bid(3, "OW"))
	msg := g.refused(1, CmdAdd, add(6, 4, "G"), "stake-limit")
	if !strings.Contains(msg, "4 cards") {
		t.Fatalf("message: %s", msg)
	}
	g.do(1, CmdBid, bid(4, "OW")) // may still bid
}

func TestEnduranceBidsOneStepAtATime(t *testing.T) {
	g := newGame(t, `{"variant":"endurance"}`)
	g.refused(0, CmdStake, `{"cards":[1,4]}`, "stake-size")
	g.stake("1", "2", "3")
	g.refused(0, CmdBid, bid(2, "G"), "opening-one")
	g.do(0, CmdBid, bid(1, "G"))
	g.refused(1, CmdBid, bid(3, "G"), "raise-one-step")
	g.refused(1, CmdBid, bid(1, "GOW"), "raise-one-step")
	g.refused(1, CmdBid, bid(2, "GO"), "raise-one-step")
	g.do(1, CmdBid, bid(1, "GO"))
	g.do(2, CmdBid, bid(2, "GO"))
	g.refused(0, CmdAdd, add(4, 3, "GO"), "add-card-endurance") // combo
	g.refused(0, CmdAdd, add(4, 4, "W"), "add-card-endurance")  // more than one up
	g.do(0, CmdAdd, add(4, 3, "W"))
	g.do(1, CmdAdd, add(5, 4, "G"))
	g.do(2, CmdBid, bid(5, "G"))
	g.do(0, CmdAdd, add(6, 6, "O"))
	g.do(1, CmdBid, bid(7, "O"))
	g.do(2, CmdBid, bid(8, "O"))
	g.refused(0, CmdAdd, add(7, 9, "W"), "stake-limit") // Ana has 3 invested: Endurance's limit
}

func TestActingOutOfTurnIsRefusedExceptInBlitz(t *testing.T) {
	g := newGame(t, "")
	g.stake("1,4", "2,7", "3,10")
	g.do(0, CmdBid, bid(1, "G"))
	msg := g.refused(2, CmdBid, bid(2, "G"), "not-your-turn")
	if !strings.Contains(msg, "Ben") {
		t.Fatalf("message: %s", msg)
	}
	g.refused(2, CmdSell, ``, "not-your-turn")
	b := newGame(t, `{"variant":"blitz"}`)
	b.stake("1,4", "2,7", "3,10")
	b.do(0, CmdBid, bid(1, "G"))
	b.do(2, CmdBid, bid(2, "G")) // Cat jumps in
	if b.s.Turn != 0 {
		t.Fatalf("after Cat's out-of-turn bid, play continues to her left (Ana), not seat %d", b.s.Turn)
	}
	b.refused(2, CmdBid, bid(3, "G"), "own-bid")
	b.refused(2, CmdSell, ``, "own-bid")
}

// Stakes Ana 1+4 (GGG), Ben 2+7 (GOO), Cat 3+10 (GOWW): Gold 5, Oil 3, Wheat 2.
func TestChallengeLostByTheChallengerWhenTheBidHolds(t *testing.T) {
	g := newGame(t, "")
	g.stake("1,4", "2,7", "3,10")
	g.do(0, CmdBid, bid(5, "G"))
	g.do(1, CmdSell, ``)
	r := g.s.Last
	if r == nil || !r.Holds || r.Loser != 1 || !slices.Equal(r.Lost, []int{2, 7}) || r.Totals != (Card{5, 3, 2}) {
		t.Fatalf("reveal: %+v", r)
	}
	if !strings.Contains(r.Explain, "Gold 5 of 5") {
		t.Fatalf("explain: %s", r.Explain)
	}
	ben, ana := g.s.Players[1], g.s.Players[0]
	if len(ben.Hand) != 8 || !slices.Equal(ben.Lost, []int{2, 7}) || len(ana.Hand) != 10 {
		t.Fatalf("after the round: Ben %+v, Ana %+v", ben, ana)
	}
	if g.s.Round != 2 || g.s.Starter != 1 || g.s.Phase != PhaseStake {
		t.Fatalf("next round: %d starter %d phase %s", g.s.Round, g.s.Starter, g.s.Phase)
	}
}

func TestChallengeWonWhenTheBidFails(t *testing.T) {
	g := newGame(t, "")
	g.stake("1,4", "2,7", "3,10")
	g.do(0, CmdBid, bid(3, "G"))
	g.do(1, CmdBid, bid(3, "GW"))
	g.do(2, CmdBid, bid(4, "GW"))
	g.do(0, CmdSell, ``)
	r := g.s.Last
	if r.Holds || r.Loser != 2 || !strings.Contains(r.Explain, "Wheat 2 of 4 (short by 2)") {
		t.Fatalf("reveal: %+v", r)
	}
	if len(g.s.Players[2].Hand) != 8 || len(g.s.Players[0].Hand) != 10 {
		t.Fatal("Cat loses her two cards; Ana keeps hers")
	}
}

func TestLastPlayerWithCardsWins(t *testing.T) {
	g := newGame(t, "", "Ana", "Ben")
	for round := 0; g.s.Phase != PhaseOver; round++ {
		if round > 10 {
			t.Fatal("the game does not end")
		}
		a := g.s.Players[0].Hand
		g.stake(strings.Trim(strings.Join(strings.Fields(strings.Trim(jsonInts(a[:2]), "[]")), ","), ","), "1,2")
		if g.s.Starter == 0 {
			g.do(0, CmdBid, bid(99, "G"))
		} else {
			g.do(1, CmdBid, bid(1, "G"))
			g.do(0, CmdBid, bid(99, "G"))
		}
		g.do(1, CmdSell, ``)
	}
	if g.s.Winner != 1 || !g.s.Players[0].Out || !slices.Equal(g.s.Last.Eliminated, []int{0}) {
		t.Fatalf("winner %d, Ana out %v, last %+v", g.s.Winner, g.s.Players[0].Out, g.s.Last)
	}
	res, ok := Rules{}.Result(g.s)
	if !ok || !res.Scores[1].Winner || res.Scores[1].Points != 1 || res.Scores[0].Points != 0 {
		t.Fatalf("result %+v", res)
	}
	g.refused(1, CmdBid, bid(1, "G"), "game-over")
}

func jsonInts(xs []int) string { b, _ := json.Marshal(xs); return string(b) }

func TestRedZoneSwapOnlyWithFewCards(t *testing.T) {
	g := newGame(t, "", "Ana", "Ben")
	g.refused(0, CmdSwap, `{"give":1,"take":2}`, "red-zone")
	// Ana has lost six cards: four left, inside the red zone.
	p := &g.s.Players[0]
	p.Hand, p.Lost = []int{1, 2, 3, 4}, []int{5, 6, 7, 8, 9, 10}
	g.refused(0, CmdSwap, `{"give":5,"take":6}`, "not-in-hand")
	g.refused(0, CmdSwap, `{"give":1,"take":2}`, "not-in-discards")
	g.do(0, CmdSwap, `{"give":1,"take":10}`)
	if !slices.Equal(g.s.Players[0].Hand, []int{2, 3, 4, 10}) || !slices.Contains(g.s.Players[0].Lost, 1) {
		t.Fatalf("after the swap: %+v", g.s.Players[0])
	}
	g.refused(0, CmdSwap, `{"give":2,"take":5}`, "swap-once")
	g.do(0, CmdStake, `{"cards":[2,3]}`)
	// Blitz: the red zone applies with a full hand too.
	b := newGame(t, `{"variant":"blitz"}`, "Ana", "Ben")
	b.s.Players[0].Hand, b.s.Players[0].Lost = []int{1, 2, 3, 4, 5, 6, 7, 8, 9}, []int{10}
	b.do(0, CmdSwap, `{"give":1,"take":10}`)
}

func TestClassicLastCardTakesOneBackToStake(t *testing.T) {
	g := newGame(t, "", "Ana", "Ben")
	p := &g.s.Players[0]
	p.Hand, p.Lost = []int{5}, []int{1, 2, 3, 4, 6, 7, 8, 9, 10}
	g.refused(0, CmdStake, `{"cards":[5]}`, "recover-last-card")
	g.refused(0, CmdStake, `{"cards":[5],"recover":5}`, "not-in-discards")
	g.do(0, CmdStake, `{"cards":[5],"recover":9}`)
	if !slices.Equal(g.s.Players[0].Staked, []int{9, 5}) || !g.s.Players[0].Blurred {
		t.Fatalf("stake %v", g.s.Players[0].Staked)
	}
}

func TestDoublingPersistedDoublesTheLoss(t *testing.T) {
	g := newGame(t, `{"doubling":true}`)
	g.stake("1,4", "2,7", "3,10")
	g.do(0, CmdBid, bid(6, "G"))
	g.do(1, CmdSell, ``)
	if g.s.Phase != PhaseAnswer || g.s.Last != nil {
		t.Fatal("with doubling, SELL! waits for the challenged player's answer before revealing")
	}
	g.refused(1, CmdDouble, ``, "not-your-turn")
	g.do(0, CmdDouble, ``)
	g.refused(1, CmdSell, ``, "nothing-to-sell")
	g.do(1, CmdPersist, ``)
	if g.s.Phase != PhaseForfeit || g.s.Loser != 0 || g.s.Extra != 2 {
		t.Fatalf("Ana's bid fails (Gold 5 of 6): she owes two more cards; phase %s loser %d extra %d", g.s.Phase, g.s.Loser, g.s.Extra)
	}
	g.refused(0, CmdForfeit, `{"cards":[2]}`, "forfeit-count")
	g.refused(1, CmdForfeit, `{"cards":[2,3]}`, "nothing-to-forfeit")
	g.refused(0, CmdForfeit, `{"cards":[1,2]}`, "not-in-hand")
	g.do(0, CmdForfeit, `{"cards":[9,10]}`)
	if a := g.s.Players[0]; a.Cards() != 6 || !slices.Equal(a.Lost, []int{1, 4, 9, 10}) || g.s.Phase != PhaseStake {
		t.Fatalf("Ana after a doubled loss: %+v, phase %s", a, g.s.Phase)
	}
}

func TestDoublingWithdrawnChallengerMustRaise(t *testing.T) {
	g := newGame(t, `{"doubling":true}`)
	g.stake("1,4", "2,7", "3,10")
	g.do(0, CmdBid, bid(5, "G"))
	g.do(1, CmdSell, ``)
	g.do(0, CmdDouble, ``)
	g.do(1, CmdWithdraw, ``)
	g.refused(1, CmdSell, ``, "withdrawn-must-raise")
	g.do(1, CmdBid, bid(6, "G"))
	g.do(2, CmdSell, ``)
	g.do(1, CmdAccept, ``) // no double: an ordinary reveal
	if g.s.Last.Loser != 1 || g.s.Last.Doubled || g.s.Players[1].Cards() != 8 {
		t.Fatalf("reveal %+v", g.s.Last)
	}
}

func TestDoublingNeedsCardsToCoverTheExtraLoss(t *testing.T) {
	g := newGame(t, `{"doubling":true}`, "Ana", "Ben")
	g.s.Players[0].Hand, g.s.Players[0].Lost = []int{1, 2, 3}, []int{4, 5, 6, 7, 8, 9, 10}
	g.stake("1,2", "1,2")
	g.do(0, CmdBid, bid(1, "G"))
	g.do(1, CmdSell, ``)
	msg := g.refused(0, CmdDouble, ``, "double-needs-cards")
	if !strings.Contains(msg, "holds 1") {
		t.Fatalf("message: %s", msg)
	}
	// Ben, with a full hand, doubles against Ana who is short: if she loses
	// she loses everything.
	h := newGame(t, `{"doubling":true}`, "Ana", "Ben")
	h.s.Players[0].Hand, h.s.Players[0].Lost = []int{1, 2, 3}, []int{4, 5, 6, 7, 8, 9, 10}
	h.stake("1,2", "1,2")
	h.do(0, CmdBid, bid(1, "G"))
	h.do(1, CmdBid, bid(2, "G"))
	h.do(0, CmdSell, ``)
	h.do(1, CmdDouble, ``)
	h.do(0, CmdPersist, ``) // Gold: 1 + 1 = 2, the bid holds: Ana loses 2 + her last card
	if !h.s.Players[0].Out || h.s.Winner != 1 || h.s.Phase != PhaseOver {
		t.Fatalf("Ana should be eliminated: %+v", h.s.Players[0])
	}
}

func TestBlitzOutOfTurnChallengeWonRecoversTwoCards(t *testing.T) {
	g := newGame(t, `{"variant":"blitz"}`)
	g.s.Players[2].Hand, g.s.Players[2].Lost = []int{1, 2, 3, 4, 5, 6}, []int{7, 8, 9, 10}
	g.stake("1,4", "2,7", "3,5")
	g.do(0, CmdBid, bid(9, "G")) // Ben's turn, but Cat calls
	g.do(2, CmdSell, ``)
	if g.s.Phase != PhaseRecover || !g.s.Last.OutOfTurn || g.s.Last.Loser != 0 {
		t.Fatalf("phase %s reveal %+v", g.s.Phase, g.s.Last)
	}
	g.refused(2, CmdRecover, `{"cards":[7]}`, "recover-count")
	g.refused(1, CmdRecover, `{"cards":[7,8]}`, "nothing-to-recover")
	g.do(2, CmdRecover, `{"cards":[7,10]}`)
	if c := g.s.Players[2]; c.Cards() != 8 || !slices.Equal(c.Lost, []int{8, 9}) {
		t.Fatalf("Cat after recovering: %+v", c)
	}
	// On her own turn, a won challenge recovers nothing.
	g.stake("2,3", "2,7", "3,5")
	g.do(1, CmdBid, bid(9, "W"))
	g.do(2, CmdSell, ``)
	if g.s.Last.OutOfTurn || g.s.Players[2].Cards() != 8 {
		t.Fatalf("on-turn win: %+v, Cat %+v", g.s.Last, g.s.Players[2])
	}
}

func TestBlitzPlayerLeftWithOneCardIsEliminated(t *testing.T) {
	g := newGame(t, `{"variant":"blitz"}`)
	g.s.Players[1].Hand, g.s.Players[1].Lost = []int{1, 2, 3}, []int{4, 5, 6, 7, 8, 9, 10}
	g.stake("1,4", "1,2", "3,5")
	g.do(0, CmdBid, bid(1, "G"))
	g.do(1, CmdBid, bid(9, "G"))
	g.do(2, CmdSell, ``)
	if !g.s.Players[1].Out || g.s.Phase != PhaseStake || g.s.Starter != 2 {
		t.Fatalf("Ben, left with one card, is out: %+v; starter %d", g.s.Players[1], g.s.Starter)
	}
}
