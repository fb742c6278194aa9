package riskclassic

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/conquestplay"
	"tableside/internal/enginetest"
)

// TestEveryOfferedMoveIsAcceptedInWholeGames plays whole games of 2 to 4
// players (with neutrals, defenders choosing their dice, set-up by claim
// and by deal) sending only offered moves; every move offered to any seat
// or the host on every step must be accepted (enginetest.MovesAccepted).
func TestEveryOfferedMoveIsAcceptedInWholeGames(t *testing.T) {
	conquestplay.WholeGames(t, Rules{}, []conquestplay.Whole{
		{"two players", 2, conquest.Settings{StartArmies: 24}, 1},
		{"three players, defenders choose", 3, conquest.Settings{StartArmies: 16}, 2},
		{"two players and a neutral", 2, conquest.Settings{Neutrals: 1, StartArmies: 16, DefendMost: true}, 3},
		{"four players, place many", 4, conquest.Settings{StartArmies: 12, PlaceMany: true, DefendMost: true}, 4},
	})
}

// offered reports whether cmd is among the moves offered to its seat.
func offered(s *conquest.State, cmd engine.Command) bool {
	for _, m := range (Rules{}).Moves(s, engine.Viewer{Seat: cmd.Seat}).Moves {
		if m.Type == cmd.Type && string(enginetest.MoveCmd(engine.Viewer{Seat: cmd.Seat}, m, nil).Data) == string(cmd.Data) {
			return true
		}
	}
	return false
}

// TestMovesNotOfferedAreRefused checks that what the sheet leaves out is
// refused with the state unchanged: another seat's moves, too many
// armies placed, an attack from a territory with 1 army, an attack on a
// territory that is no neighbour.
func TestMovesNotOfferedAreRefused(t *testing.T) {
	tb := newTable(t, 3, conquest.Settings{StartArmies: 16})
	tb.do(engine.Host, conquest.CmdStart, nil)
	dice := func() engine.Dice { return tb.dice }
	if n := enginetest.NotOfferedRefused(t, Rules{}, &tb.s, 3, dice); n == 0 {
		t.Fatal("the placer was offered nothing to send as the other seats")
	}
	tb.placeAll()
	p := tb.s.Turn
	refuse := func(what string, seat int, typ string, args any) {
		t.Helper()
		cmd := enginetest.Cmd(seat, typ, args)
		if offered(tb.s, cmd) {
			t.Fatalf("%s is offered", what)
		}
		enginetest.RefusedAny(t, Rules{}, &tb.s, cmd, tb.dice)
	}
	mine := -1
	for t, o := range tb.s.Owner {
		if o == p {
			mine = t
			break
		}
	}
	refuse("placing more than the build", p, conquest.CmdPlace, map[string]int{"territory": mine, "count": tb.s.Pool + 1})
	refuse("placing no army", p, conquest.CmdPlace, map[string]int{"territory": mine, "count": 0})
	if n := enginetest.NotOfferedRefused(t, Rules{}, &tb.s, 3, dice); n == 0 {
		t.Fatal("the turn player was offered no placement to send as the other seats")
	}
	tb.do(p, conquest.CmdPlace, map[string]int{"territory": mine, "count": tb.s.Pool})
	for t, o := range tb.s.Owner {
		if o != p {
			continue
		}
		for _, n := range tb.s.Map().Neighbours(riskID(t)) {
			if tb.s.Owner[n] != p && tb.s.Armies[t] == 1 {
				refuse("an attack from a territory with 1 army", p, conquest.CmdAttack, map[string]int{"from": t, "to": int(n)})
			}
		}
		for e, eo := range tb.s.Owner {
			if eo != p && !tb.s.Map().Adjacent(riskID(t), riskID(e)) {
				refuse("an attack on a territory that is no neighbour", p, conquest.CmdAttack, map[string]int{"from": t, "to": e})
				break
			}
		}
	}
	refuse("fortifying every army", p, conquest.CmdFortify, map[string]int{"from": mine, "to": mine, "count": tb.s.Armies[mine]})
	if n := enginetest.NotOfferedRefused(t, Rules{}, &tb.s, 3, dice); n == 0 {
		t.Fatal("the turn player was offered no attack to send as the other seats")
	}
	sheet := enginetest.MovesAccepted(t, Rules{}, tb.s, engine.Viewer{Seat: p}, dice)
	var last float64 = 2
	shown := 0
	for _, m := range sheet.Moves {
		if m.Type != conquest.CmdAttack || m.ID[:6] != "attack" {
			continue
		}
		if m.Chance == nil || *m.Chance > last {
			t.Fatalf("attack %q is out of order: chance %v after %v", m.Label, m.Chance, last)
		}
		last = *m.Chance
		if !m.Minor {
			shown++
		}
	}
	if shown == 0 || shown > conquest.BestAttacks {
		t.Fatalf("%d attacks shown at once; want 1 to %d, the rest under more", shown, conquest.BestAttacks)
	}
}

func riskID(t int) risk.TerritoryID { return risk.TerritoryID(t) }

// TestHostIsOfferedNoTradeOfCardsItMayNotSee: a trade's label names the
// cards, so the laptop is offered the turn player's trades only at a table
// that shows that hand on the laptop (LaptopHands); the player's own phone
// always is.
func TestHostIsOfferedNoTradeOfCardsItMayNotSee(t *testing.T) {
	for _, laptop := range []bool{false, true} {
		tb := startedTable(t, 2, conquest.Settings{StartArmies: 21, LaptopHands: laptop})
		p := tb.s.Turn
		tb.s.Hands[p] = []conquest.Card{{ID: 0, Territory: 0, Kind: "A", Label: "a"}, {ID: 1, Territory: 1, Kind: "A", Label: "b"}, {ID: 2, Territory: 2, Kind: "A", Label: "c"}}
		trades := func(v engine.Viewer) (n int) {
			for _, m := range (Rules{}).Moves(tb.s, v).Moves {
				if m.Type == conquest.CmdTrade {
					n++
				}
			}
			return n
		}
		if own, host := trades(engine.Viewer{Seat: p}), trades(engine.Viewer{Seat: engine.Host}); own != 1 || (host == 1) != laptop {
			t.Fatalf("laptop hands %v: the turn player's phone is offered %d trades and the host %d; want 1 and %d", laptop, own, host, map[bool]int{true: 1}[laptop])
		}
	}
}
