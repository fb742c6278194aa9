package scorepad

import (
	"math/rand/v2"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// TestEveryOfferedMoveIsAcceptedInWholeGames writes scores for 1 to 4
// players through offered moves only, until the host ends the pad; every
// move offered to any seat or the host on every step must be accepted.
func TestEveryOfferedMoveIsAcceptedInWholeGames(t *testing.T) {
	choose := func(rng *rand.Rand, offers []enginetest.Offer) (enginetest.Offer, map[string]int) {
		o := offers[rng.IntN(len(offers))]
		if o.Move.Ends && rng.IntN(10) > 0 { // most rounds go on
			o = offers[0]
		}
		return o, map[string]int{"points": rng.IntN(41) - 10}
	}
	for n := 1; n <= 4; n++ {
		s := enginetest.New[*State](t, Rules{}, Settings{}, enginetest.Names(n)...)
		dice := func() engine.Dice { return enginetest.Faces() }
		steps := enginetest.PlayMoves(t, Rules{}, &s, enginetest.Seats(n), dice, choose, func(s *State) bool { return s.Over }, uint64(n), 500)
		if len(s.Entries) == 0 && steps > 1 {
			t.Fatalf("%d players: %d moves wrote no score", n, steps)
		}
	}
}

// TestScoresNotOfferedAreRefused: a phone is offered only its own score,
// and another seat's score or the end of the game sent from it is refused.
func TestScoresNotOfferedAreRefused(t *testing.T) {
	s := enginetest.New[*State](t, Rules{}, Settings{}, enginetest.Names(3)...)
	dice := func() engine.Dice { return enginetest.Faces() }
	if n := enginetest.NotOfferedRefused(t, Rules{}, &s, 3, dice); n != 6 {
		t.Fatalf("%d other seats' scores sent; want 6", n)
	}
	enginetest.RefusedAny(t, Rules{}, &s, enginetest.Cmd(1, CmdFinish, nil), enginetest.Faces())
	enginetest.RefusedAny(t, Rules{}, &s, enginetest.Cmd(1, CmdScore, map[string]int{"seat": 1, "points": maxPoints + 1}), enginetest.Faces())
}
