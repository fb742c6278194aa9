package cashcrash

import (
	"math/rand/v2"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// chooseCashCrash bids low and challenges often, so rounds end quickly
// and cards are lost: whole games end in a few hundred moves.
func chooseCashCrash(rng *rand.Rand, offers []enginetest.Offer) (enginetest.Offer, map[string]int) {
	weight := func(o enginetest.Offer) float64 {
		m := o.Move
		switch {
		case m.Minor:
			return 0.05
		case m.Type == CmdSell:
			return 3
		}
		return 1
	}
	pick := enginetest.Weighted(rng, offers, weight)
	values := map[string]int{}
	for _, f := range pick.Move.Fields {
		values[f.Name] = f.Min + rng.IntN(min(2, f.Max-f.Min+1))
	}
	return pick, values
}

// over reports whether the game has ended.
func over(s *State) bool { return s.Phase == PhaseOver }

// TestEveryOfferedMoveIsAcceptedInWholeGames plays whole games of 2 to 4
// players under each rule set, with and without doubling, sending only
// offered moves; every move offered to any seat or the host on every step
// must be accepted.
func TestEveryOfferedMoveIsAcceptedInWholeGames(t *testing.T) {
	for i, c := range []struct {
		players int
		set     Settings
	}{
		{2, Settings{}},
		{3, Settings{Doubling: true}},
		{2, Settings{Variant: Endurance, Doubling: true}},
		{4, Settings{Variant: Blitz, Doubling: true, Raise: RaiseFree}},
		{3, Settings{Variant: Blitz}},
	} {
		s := enginetest.New[*State](t, Rules{}, c.set, enginetest.Names(c.players)...)
		d := enginetest.Seeded(uint64(i), 3)
		steps := enginetest.PlayMoves(t, Rules{}, &s, enginetest.Seats(c.players), func() engine.Dice { return d }, chooseCashCrash,
			over, uint64(i), 3000)
		t.Logf("%d players, %+v: %s won after %d moves", c.players, c.set, s.name(s.Winner), steps)
	}
}

// TestMovesNotOfferedAreRefused: stakes offered to the others are refused
// from a seat that has staked, bids offered to one seat from another, with the state unchanged; the host picks no
// player's cards.
func TestMovesNotOfferedAreRefused(t *testing.T) {
	g := newGame(t, "")
	g.do(0, CmdStake, `{"cards":[3,4]}`)
	if n := enginetest.NotOfferedRefused(t, Rules{}, &g.s, 3, dice); n == 0 {
		t.Fatal("no stake was offered to send as another seat")
	}
	if ms := (Rules{}).Moves(g.s, engine.Viewer{Seat: engine.Host}).Moves; len(ms) != 0 {
		t.Fatalf("the host is offered %d moves while players stake in secret", len(ms))
	}
	g.stake("", "1,2", "1,2")
	if n := enginetest.NotOfferedRefused(t, Rules{}, &g.s, 3, dice); n == 0 {
		t.Fatal("no bid was offered to send as another seat")
	}
	enginetest.RefusedAny(t, Rules{}, &g.s, enginetest.Cmd(0, CmdBid, bid(maxQty+1, "G")), dice())
}

// The secret stake is one move, "Stake 2 cards", whose options are the
// cards of the hand, each named with its goods: never a button for each
// pair (45 of them from 10 cards). Every pair ticked is accepted (the
// walk of enginetest.MovesAccepted); one card, three, a card twice or one
// not in the hand are refused with the problem named, and nothing changes.
func TestStakeIsOneMoveOfTwoCardsTicked(t *testing.T) {
	g := newGame(t, "")
	sh := enginetest.MovesAccepted(t, Rules{}, g.s, engine.Viewer{Seat: 0}, dice)
	var stakes []engine.Move
	for _, m := range sh.Moves {
		if m.Type == CmdStake {
			stakes = append(stakes, m)
		}
	}
	hand := uniq(g.s.Players[0].Hand)
	if len(stakes) != 1 || stakes[0].Pick == nil || stakes[0].Label != "Stake 2 cards" || stakes[0].Pick.Count != 2 || len(stakes[0].Pick.Options) != len(hand) {
		t.Fatalf("the stake is offered as %d moves (%+v); want one, \"Stake 2 cards\", ticking 2 of the %d cards in hand", len(stakes), stakes, len(hand))
	}
	if o := stakes[0].Pick.Options[0]; o.Value != hand[0] || o.Label != g.s.cardName(hand[0]) {
		t.Errorf("the first option is %+v; want card %d named %q", o, hand[0], g.s.cardName(hand[0]))
	}
	for data, want := range map[string]string{
		`{"card.1":true}`: "Stake 2 cards",
		`{"card.1":true,"card.2":true,"card.3":true}`: "Stake 2 cards",
		`{"cards":[1,1]}`:                "Card 1 is named twice",
		`{"card.1":true,"card.99":true}`: "Card 99 is not in your hand",
	} {
		if msg := enginetest.RefusedAny(t, Rules{}, &g.s, enginetest.Cmd(0, CmdStake, data), dice()); !strings.Contains(msg, want) {
			t.Errorf("stake %s: refused with %q; want it to say %q", data, msg, want)
		}
	}
	g.do(0, CmdStake, `{"card.1":true,"card.4":true}`)
	if p := g.s.Players[0]; !p.Ready || len(p.Staked) != 2 {
		t.Errorf("after staking cards 1 and 4, Ana is ready %v with %v staked", p.Ready, p.Staked)
	}
}
