package riskclassic

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/enginetest"
)

// newDice is the deterministic dice the tests roll.
func newDice(seed uint64) *enginetest.Dice { return enginetest.Seeded(seed, 7) }

type table struct {
	t    *testing.T
	s    *conquest.State
	dice *enginetest.Dice
	evs  []engine.Event
}

func newTable(t *testing.T, players int, set conquest.Settings) *table {
	t.Helper()
	return &table{t: t, s: enginetest.New[*conquest.State](t, Rules{}, set, enginetest.Names(players)...), dice: newDice(1)}
}

// startedTable is a table the host has started and whose every army is
// placed: the first player's turn, ready for a test to set its board.
func startedTable(t *testing.T, players int, set conquest.Settings) *table {
	t.Helper()
	tb := newTable(t, players, set)
	tb.do(engine.Host, conquest.CmdStart, nil)
	tb.placeAll()
	return tb
}

func (tb *table) try(seat int, typ string, args any) error {
	evs, err := enginetest.Apply(Rules{}, &tb.s, enginetest.Cmd(seat, typ, args), tb.dice)
	if err == nil {
		tb.evs = evs
	}
	return err
}

func (tb *table) do(seat int, typ string, args any) {
	tb.t.Helper()
	tb.evs = enginetest.Do(tb.t, Rules{}, &tb.s, enginetest.Cmd(seat, typ, args), tb.dice)
}

// refused checks that a command is refused under the named rule and that the
// state did not change.
func (tb *table) refused(seat int, typ string, args any, rule string) {
	tb.t.Helper()
	enginetest.Refused(tb.t, Rules{}, &tb.s, enginetest.Cmd(seat, typ, args), tb.dice, rule)
}

// placeAll plays the set-up placement to its end: each placer puts an army
// on their first allowed territory.
func (tb *table) placeAll() {
	tb.t.Helper()
	for tb.s.Phase == conquest.PhasePlace || tb.s.Phase == conquest.PhaseClaim {
		p := tb.s.Placer
		target := -1
		for t, o := range tb.s.Owner {
			switch {
			case tb.s.Phase == conquest.PhaseClaim && o < 0,
				tb.s.Phase == conquest.PhasePlace && tb.s.NeutralToPlace[p] > 0 && o >= 0 && tb.s.Players[o].Neutral && tb.s.NeutralLeft[o] > 0,
				tb.s.Phase == conquest.PhasePlace && tb.s.NeutralToPlace[p] == 0 && o == p:
				target = t
			}
			if target >= 0 {
				break
			}
		}
		tb.do(p, conquest.CmdPlace, map[string]int{"territory": target})
	}
}

func id(name string) int {
	t, ok := risk.Classic().Lookup(name)
	if !ok {
		panic(name)
	}
	return int(t)
}

// own gives player p the named territories with n armies each.
func (tb *table) own(p, n int, names ...string) {
	for _, name := range names {
		tb.s.Owner[id(name)], tb.s.Armies[id(name)] = p, n
	}
}

// board gives every territory to player p with 1 army, to start a scenario.
func (tb *table) board(p int) {
	for t := range tb.s.Owner {
		tb.s.Owner[t], tb.s.Armies[t] = p, 1
	}
}

func continentNames(c risk.ContinentID) []string {
	ct, _ := risk.Classic().Continent(c)
	var out []string
	for _, t := range ct.Territories {
		out = append(out, risk.Classic().Name(t))
	}
	return out
}

func lineFor(b conquest.Build, prefix string) (conquest.Line, bool) {
	for _, l := range b.Lines {
		if len(l.Why) >= len(prefix) && l.Why[:len(prefix)] == prefix {
			return l, true
		}
	}
	return conquest.Line{}, false
}
