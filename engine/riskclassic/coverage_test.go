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
