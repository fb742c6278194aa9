package pctw

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
)

// claimAll claims every tile in turn, each placer taking the first empty one.
func (tb *table) claimAll() {
	tb.t.Helper()
	for tb.s.Phase == conquest.PhaseClaim {
		for t, o := range tb.s.Owner {
			if o < 0 {
				tb.do(tb.s.Placer, conquest.CmdPlace, map[string]int{"territory": t})
				break
			}
		}
	}
}

func (tb *table) ownTile(p int) int {
	for t, o := range tb.s.Owner {
		if o == p {
			return t
		}
	}
	return -1
}

// The draft has the players reinforce their claimed tiles in turn by
// putting down an army: by default one army a command, and a second one is
// out of turn.
func TestReinforcingPutsOneArmyAtATimeInTurnByDefault(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{})
	tb.do(engine.Host, conquest.CmdStart, nil)
	tb.claimAll()
	// 21 tiles: Ana claimed 11, Ben 10; the placement passes to Ben.
	if tb.s.Phase != conquest.PhasePlace || tb.s.Placer != 1 || tb.s.ToPlace[0] != 5 || tb.s.ToPlace[1] != 6 {
		t.Fatalf("after claiming: phase %s, placer %d, left %v; want place, Ben, [5 6]", tb.s.Phase, tb.s.Placer, tb.s.ToPlace)
	}
	ben := tb.ownTile(1)
	tb.refused(1, conquest.CmdPlace, map[string]int{"territory": ben, "count": 2}, "one-at-a-time")
	tb.do(1, conquest.CmdPlace, map[string]int{"territory": ben})
	tb.refused(1, conquest.CmdPlace, map[string]int{"territory": ben}, "not-your-turn")
	if tb.s.Placer != 0 || tb.s.ToPlace[1] != 5 {
		t.Fatalf("after Ben's army: placer %d, Ben has %d left; want Ana, 5", tb.s.Placer, tb.s.ToPlace[1])
	}
}

// With the "several at a time" setting a player may reinforce with several
// armies at once; the others then place until they have put down as many.
func TestPlaceManySettingLetsPCTWReinforceSeveralAtOnce(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{PlaceMany: true})
	tb.do(engine.Host, conquest.CmdStart, nil)
	tb.claimAll()
	ben, ana := tb.ownTile(1), tb.ownTile(0)
	tb.refused(1, conquest.CmdPlace, map[string]int{"territory": ben, "count": 7}, "too-many")
	tb.do(1, conquest.CmdPlace, map[string]int{"territory": ben, "count": 3})
	for i := range 3 {
		if tb.s.Placer != 0 {
			t.Fatalf("Ana's catch-up army %d: placer %d; want Ana (placed %v)", i+1, tb.s.Placer, tb.s.Placed)
		}
		tb.do(0, conquest.CmdPlace, map[string]int{"territory": ana})
	}
	if tb.s.Placer != 1 {
		t.Fatalf("both placed 3: placer %d; want Ben, next in turn", tb.s.Placer)
	}
	tb.setUp2()
	if tb.s.Phase != conquest.PhaseReinforce || tb.s.Placed != nil {
		t.Fatalf("after set-up: phase %s, placed %v", tb.s.Phase, tb.s.Placed)
	}
}
