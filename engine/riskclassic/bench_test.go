package riskclassic

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/enginetest"
)

// BenchmarkNeutralTurn is a whole neutral turn: build, shares, a rampage of
// 40 armies through single defenders, the card, the next turn.
func BenchmarkNeutralTurn(b *testing.B) {
	t := &testing.T{}
	tb := startedTable(t, 2, conquest.Settings{Neutrals: 1})
	tb.board(0)
	tb.own(1, 3, continentNames(risk.Australia)...)
	tb.own(2, 40, "Ukraine")
	tb.s.Turn, tb.s.Phase, tb.s.Pool = 1, conquest.PhaseAttack, 0
	start := tb.s.Clone()
	b.ResetTimer()
	for range b.N {
		tb.s = start.Clone()
		tb.do(1, conquest.CmdEndTurn, nil)
		for p := range 2 {
			tb.do(p, conquest.CmdPlace, map[string]int{"territory": id("Ukraine"), "count": tb.s.ToPlace[p]})
		}
	}
}

// BenchmarkMovesWithAttackOdds lists the turn player's moves on the same
// crowded board: every attack with its exact chance, sorted, and every
// fortifying move.
func BenchmarkMovesWithAttackOdds(b *testing.B) {
	t := &testing.T{}
	tb := reinforceScenario(t, conquest.Settings{})
	for i := range tb.s.Owner {
		tb.s.Owner[i], tb.s.Armies[i] = i%2, 30+i
	}
	tb.s.Pool, tb.s.Phase = 0, conquest.PhaseAttack
	b.ResetTimer()
	for range b.N {
		if sh := (Rules{}).Moves(tb.s, engine.Viewer{Seat: tb.s.Turn}); len(sh.Moves) == 0 {
			b.Fatal("no moves")
		}
	}
}

// BenchmarkDecideAttack is one blitz through Decide, whose copy of the
// state is the deep copy by hand (a JSON round trip before).
func BenchmarkDecideAttack(b *testing.B) {
	t := &testing.T{}
	tb := attackScenario(t)
	cmd := map[string]any{"from": id("Alaska"), "to": id("Kamchatka")}
	b.ResetTimer()
	for range b.N {
		if _, err := (Rules{}).Decide(tb.s, enginetest.Cmd(tb.s.Turn, conquest.CmdAttack, cmd), tb.dice); err != nil {
			b.Fatal(err)
		}
	}
}
