package cashcrash

import (
	"math/rand/v2"
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
