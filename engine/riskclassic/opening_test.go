package riskclassic_test

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/riskclassic"
	"tableside/internal/conquestplay"
	"tableside/internal/enginetest"
)

// "First move" is said while the first player's first build is due, and
// never again in a whole game: not in the first player's second turn (it
// was, when the round count was read as starting at 1), nor in anyone
// else's.
func TestTheFirstMoveIsExplainedOnlyAtTheFirstBuild(t *testing.T) {
	t.Parallel()
	for _, players := range []int{2, 3} {
		s, _ := randomStart(t, riskclassic.Rules{}, conquest.Settings{}, players, 3)
		if !conquest.FirstMove(s) {
			t.Fatalf("%d players: the first build (turn %d, round %d) is not the first move", players, s.Turn, s.Round)
		}
		past, again := false, false
		over := func(s *conquest.State) bool {
			first := s.Phase == conquest.PhaseReinforce && s.Turn == s.Settings.First
			past = past || !first
			if past && conquest.FirstMove(s) {
				t.Fatalf("%d players: round %d, turn %d, phase %s is explained as the first move", players, s.Round, s.Turn, s.Phase)
			}
			again = again || (past && first)
			return conquestplay.Over(s)
		}
		d := enginetest.Seeded(5, 5)
		enginetest.PlayMoves(t, riskclassic.Rules{}, &s, enginetest.Seats(players), func() engine.Dice { return d }, conquestplay.Keen(&s), over, 5, 3000)
		if !again {
			t.Fatalf("%d players: the game ended before the first player's second build", players)
		}
	}
}
