// Package conquestplay is a test player for the RISK-family engines (RISK
// and Piecepack Conquers the World), shared by their whole-game tests.
package conquestplay

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/enginetest"
)

// Keen plays like a keen table: trades whenever it can, piles
// its build on one territory, blitzes where it is likely to win, moves
// everything in, and seldom fortifies, so whole games end in a few hundred
// moves. Every choice is among the offered moves.
func Keen(s **conquest.State) enginetest.Chooser {
	return func(rng *rand.Rand, offers []enginetest.Offer) (enginetest.Offer, map[string]int) {
		return keenMove(*s, rng, offers)
	}
}

// front reports whether a move's territory borders an enemy: the build
// goes where it can attack.
func front(s *conquest.State, m engine.Move) bool {
	var d struct{ Territory int }
	if json.Unmarshal(m.Data, &d) != nil {
		return false
	}
	for _, n := range s.Map().Neighbours(risk.TerritoryID(d.Territory)) {
		if s.Owner[n] != s.Owner[d.Territory] {
			return true
		}
	}
	return false
}

func keenMove(s *conquest.State, rng *rand.Rand, offers []enginetest.Offer) (enginetest.Offer, map[string]int) {
	weight := func(o enginetest.Offer) float64 {
		m := o.Move
		switch m.Step {
		case conquest.StepPlace, conquest.StepStart:
			if s.Phase == conquest.PhaseReinforce && !front(s, m) {
				return 0.05
			}
			return 1
		case conquest.StepTrade:
			return 50
		case conquest.StepAttack:
			switch {
			case m.Type == conquest.CmdEndAttack:
				return 0.3
			case m.Chance == nil:
				return 0.01
			case m.Type == conquest.CmdAttack && m.ID[:4] == "roll":
				return 0.02
			case *m.Chance > 0.5:
				return 20 * *m.Chance
			}
			return 0.01
		case conquest.StepFortify:
			if m.Type == conquest.CmdEndTurn {
				return 1
			}
			return 0.01
		}
		return 1
	}
	pick := enginetest.Weighted(rng, offers, weight)
	values := map[string]int{}
	for _, f := range pick.Move.Fields {
		values[f.Name] = f.Min + rng.IntN(f.Max-f.Min+1)
		if f.Name == "count" && pick.Move.Step != conquest.StepFortify {
			values[f.Name] = f.Max // the whole build on one territory; everything moves in
		}
	}
	return pick, values
}

// Over reports whether the game has ended.
func Over(s *conquest.State) bool { return s.Phase == conquest.PhaseOver }

// Whole is one whole game to play (WholeGames): its name, players,
// settings and seed. An alias, so tests may list games without field names.
type Whole = struct {
	Name     string
	Players  int
	Settings conquest.Settings
	Seed     uint64
}

// WholeGames plays each game to its end, side by side, with the keen
// player sending only offered moves; every move offered to any seat or the
// host on every step must be accepted (enginetest.PlayMoves).
func WholeGames(t *testing.T, rules engine.Rules, games []Whole) {
	t.Parallel() // each game is its own state and dice: they run side by side
	for _, c := range games {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			s := enginetest.New[*conquest.State](t, rules, c.Settings, enginetest.Names(c.Players)...)
			d := enginetest.Seeded(c.Seed, 5)
			dice := func() engine.Dice { return d }
			n := enginetest.PlayMoves(t, rules, &s, enginetest.Seats(c.Players), dice, Keen(&s), Over, c.Seed, 3000)
			t.Logf("%s: won by %d after %d moves", c.Name, s.Winner, n)
		})
	}
}
