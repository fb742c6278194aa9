package riskclassic

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
)

// Up to four rampaging neutrals, and never more players than the six
// army colours.
func TestUpToFourNeutralsInSixColours(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{})
	tb.refused(engine.Host, conquest.CmdConfigure, map[string]any{"settings": conquest.Settings{Neutrals: 5}}, "settings")
	tb.do(engine.Host, conquest.CmdConfigure, map[string]any{"settings": conquest.Settings{Neutrals: 4}})
	if len(tb.s.Players) != 6 || tb.s.Players[5].Name != "Neutral 4" {
		t.Fatalf("2 players and 4 neutrals: %+v", tb.s.Players)
	}
	five := newTable(t, 5, conquest.Settings{})
	five.refused(engine.Host, conquest.CmdConfigure, map[string]any{"settings": conquest.Settings{Neutrals: 2}}, "settings")
}

// Start armies that the deal uses up (21 each for two players) leave
// nothing to place: the first turn begins at once.
func TestNothingLeftToPlaceStartsTheFirstTurnAtOnce(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{StartArmies: 21})
	tb.do(engine.Host, conquest.CmdStart, nil)
	if tb.s.Phase != conquest.PhaseReinforce || tb.s.Turn != 0 || tb.s.Pool != 7 {
		t.Fatalf("phase %s turn %d pool %d; want seat 0 reinforcing with 21 / 3 = 7 (this deal gives no whole continent)", tb.s.Phase, tb.s.Turn, tb.s.Pool)
	}
}
