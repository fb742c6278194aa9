package takeover

import (
	"math/rand/v2"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// chooseTakeover merges far more often than it passes or hands coins over,
// so games end by the board rather than by chance.
func chooseTakeover(rng *rand.Rand, offers []enginetest.Offer) (enginetest.Offer, map[string]int) {
	weight := func(o enginetest.Offer) float64 {
		switch o.Move.Step {
		case StepGive:
			return 0.02
		case StepPlay:
			if o.Move.Type == CmdPass {
				return 0.3
			}
			return 3
		}
		return 1
	}
	return enginetest.Weighted(rng, offers, weight), nil
}

// over reports whether the game has ended.
func over(s *State) bool { return s.Phase == PhaseOver }

// TestEveryOfferedMoveIsAcceptedInWholeGames plays whole games of 2 to 4
// players, from the deal through the draft and the secret stock to the
// last merge, sending only offered moves; every move offered to any seat
// or the host on every step must be accepted.
func TestEveryOfferedMoveIsAcceptedInWholeGames(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for _, end := range []string{EndAnyone, EndBoard} {
			s := enginetest.New[*State](t, Rules{}, Settings{EndWhen: end}, enginetest.Names(n)...)
			d := enginetest.Seeded(uint64(n), 9)
			steps := enginetest.PlayMoves(t, Rules{}, &s, enginetest.Seats(n), func() engine.Dice { return d }, chooseTakeover,
				over, uint64(n), 400)
			t.Logf("%d players, end %s: over after %d moves (%s)", n, end, steps, s.Reason)
		}
	}
}

// TestMovesNotOfferedAreRefused: in the draft and in play, another seat's
// moves are refused with the state unchanged.
func TestMovesNotOfferedAreRefused(t *testing.T) {
	s := enginetest.New[*State](t, Rules{}, Settings{}, enginetest.Names(3)...)
	d := enginetest.Seeded(1, 2)
	dice := func() engine.Dice { return d }
	enginetest.Do(t, Rules{}, &s, enginetest.Cmd(engine.Host, CmdDeal, nil), d)
	if n := enginetest.NotOfferedRefused(t, Rules{}, &s, 3, dice); n == 0 {
		t.Fatal("the drafter was offered no coin to send as the others")
	}
	for s.Phase != PhasePlay {
		for seat := range 3 {
			if ms := (Rules{}).Moves(s, engine.Viewer{Seat: seat}).Moves; len(ms) > 0 {
				enginetest.Do(t, Rules{}, &s, enginetest.MoveCmd(engine.Viewer{Seat: seat}, ms[0], nil), d)
				break
			}
		}
	}
	if n := enginetest.NotOfferedRefused(t, Rules{}, &s, 3, dice); n == 0 {
		t.Fatal("the player on turn was offered nothing to send as the others")
	}
}
