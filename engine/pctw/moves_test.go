package pctw

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/conquestplay"
	"tableside/internal/enginetest"
)

// TestEveryOfferedMoveIsAcceptedInWholeGames plays whole games of 2 to 4
// players (claimed tile by tile, with and without the fortifying move)
// sending only offered moves; every move offered to any seat or the host
// on every step must be accepted (enginetest.MovesAccepted).
func TestEveryOfferedMoveIsAcceptedInWholeGames(t *testing.T) {
	conquestplay.WholeGames(t, Rules{}, []conquestplay.Whole{
		{"two players", 2, conquest.Settings{}, 1},
		{"three players, fortifying, defenders choose", 3, conquest.Settings{Fortify: true}, 2},
		{"four players, place many", 4, conquest.Settings{PlaceMany: true, DefendMost: true}, 3},
	})
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
