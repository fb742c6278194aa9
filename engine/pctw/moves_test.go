package pctw

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/enginetest"
)

// chooseConquest plays like a keen table: trades whenever it can, piles
// its build on one territory, blitzes where it is likely to win, moves
// everything in, and seldom fortifies, so whole games end in a few hundred
// moves. Every choice is among the offered moves.
func chooseConquest(s **conquest.State) enginetest.Chooser {
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
		case conquest.StepPlace:
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
	total := 0.0
	for _, o := range offers {
		total += weight(o)
	}
	x := rng.Float64() * total
	pick := offers[len(offers)-1]
	for _, o := range offers {
		if x -= weight(o); x < 0 {
			pick = o
			break
		}
	}
	values := map[string]int{}
	for _, f := range pick.Move.Fields {
		values[f.Name] = f.Min + rng.IntN(f.Max-f.Min+1)
		if f.Name == "count" && pick.Move.Step != conquest.StepFortify {
			values[f.Name] = f.Max // the whole build on one territory; everything moves in
		}
	}
	return pick, values
}

func over(s *conquest.State) bool { return s.Phase == conquest.PhaseOver }

// TestEveryOfferedMoveIsAcceptedInWholeGames plays whole games of 2 to 4
// players (claimed tile by tile, with and without the fortifying move)
// sending only offered moves; every move offered to any seat or the host
// on every step must be accepted (enginetest.MovesAccepted).
func TestEveryOfferedMoveIsAcceptedInWholeGames(t *testing.T) {
	for _, c := range []struct {
		name    string
		players int
		set     conquest.Settings
		seed    uint64
	}{
		{"two players", 2, conquest.Settings{}, 1},
		{"three players, fortifying, defenders choose", 3, conquest.Settings{Fortify: true}, 2},
		{"four players, place many", 4, conquest.Settings{PlaceMany: true, DefendMost: true}, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := enginetest.New[*conquest.State](t, Rules{}, c.set, enginetest.Names(c.players)...)
			d := enginetest.Seeded(c.seed, 5)
			dice := func() engine.Dice { return d }
			n := enginetest.PlayMoves(t, Rules{}, &s, enginetest.Seats(c.players), dice, chooseConquest(&s), func(s *conquest.State) bool { return s.Phase == conquest.PhaseOver }, c.seed, 3000)
			t.Logf("%s: won by %d after %d moves", c.name, s.Winner, n)
		})
	}
}

// TestMovesNotOfferedAreRefused: another seat's moves are refused with the
// state unchanged, in claiming and in a turn; so are too many armies, an
// attack from a tile with 1 army and one on a tile that is no neighbour,
// none of which is offered.
func TestMovesNotOfferedAreRefused(t *testing.T) {
	tb := newTable(t, 3, conquest.Settings{})
	tb.do(engine.Host, conquest.CmdStart, nil)
	dice := func() engine.Dice { return tb.d }
	if n := enginetest.NotOfferedRefused(t, Rules{}, &tb.s, 3, dice); n == 0 {
		t.Fatal("the claimer was offered nothing to send as the other seats")
	}
	tb.setUp2()
	if n := enginetest.NotOfferedRefused(t, Rules{}, &tb.s, 3, dice); n == 0 {
		t.Fatal("the turn player was offered nothing to send as the other seats")
	}
	p := tb.s.Turn
	refuse := func(what string, args map[string]int, typ string) {
		t.Helper()
		cmd := enginetest.Cmd(p, typ, args)
		for _, m := range (Rules{}).Moves(tb.s, engine.Viewer{Seat: p}).Moves {
			if m.Type == typ && string(enginetest.MoveCmd(engine.Viewer{Seat: p}, m, nil).Data) == string(cmd.Data) {
				t.Fatalf("%s is offered", what)
			}
		}
		enginetest.RefusedAny(t, Rules{}, &tb.s, cmd, tb.d)
	}
	mine := -1
	for t, o := range tb.s.Owner {
		if o == p {
			mine = t
			break
		}
	}
	refuse("placing more than the build", map[string]int{"territory": mine, "count": tb.s.Pool + 1}, conquest.CmdPlace)
	tb.do(p, conquest.CmdPlace, map[string]int{"territory": mine, "count": tb.s.Pool})
	one, far := 0, 0
	for t, o := range tb.s.Owner {
		if o != p {
			continue
		}
		for e, eo := range tb.s.Owner {
			switch {
			case eo == p:
			case tb.s.Armies[t] == 1 && tb.s.Map().Adjacent(risk.TerritoryID(t), risk.TerritoryID(e)):
				refuse("an attack from a tile with 1 army", map[string]int{"from": t, "to": e}, conquest.CmdAttack)
				one++
			case !tb.s.Map().Adjacent(risk.TerritoryID(t), risk.TerritoryID(e)):
				refuse("an attack on a tile that is no neighbour", map[string]int{"from": t, "to": e}, conquest.CmdAttack)
				far++
			}
		}
	}
	if one == 0 || far == 0 {
		t.Fatalf("%d attacks from 1 army and %d on no neighbour tried; want some of each", one, far)
	}
}
