package takeover

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// The layout the scenario tests play on (rows 1-4, columns A-F):
//
//	     A    B    C    D    E    F
//	1   S1   S2   M3   C4   A5   S0
//	2   M1   M2   C0   A1   S3   C5
//	3   A2   C1   S4   M0   A3   M4
//	4   C2   A0   S5   M5   C3   A4
var testLayout = []string{
	"S1", "S2", "M3", "C4", "A5", "S0",
	"M1", "M2", "C0", "A1", "S3", "C5",
	"A2", "C1", "S4", "M0", "A3", "M4",
	"C2", "A0", "S5", "M5", "C3", "A4",
}

// Ana (seat 0) and Ben (seat 1) draft these coins.
var testCoins = map[int][]string{
	0: {"S1", "S2", "S3", "M1", "M2", "M3", "C0", "C1", "A0", "A5", "A4", "M5"},
	1: {"S0", "S4", "S5", "M0", "M4", "C2", "C3", "C4", "C5", "A1", "A2", "A3"},
}

type game struct {
	t *testing.T
	s *State
}

func newGame(t *testing.T, settings string) *game {
	t.Helper()
	return &game{t: t, s: enginetest.New[*State](t, Rules{}, settings, "Ana", "Ben")}
}

// dice always rolls the lowest face.
func dice() engine.Dice { return enginetest.Faces() }

// do runs a command and fails the test on refusal.
func (g *game) do(seat int, typ, data string) []engine.Event {
	g.t.Helper()
	return enginetest.Do(g.t, Rules{}, &g.s, enginetest.Cmd(seat, typ, data), dice())
}

func (g *game) try(seat int, typ, data string) ([]engine.Event, error) {
	return enginetest.Apply(Rules{}, &g.s, enginetest.Cmd(seat, typ, data), dice())
}

// refused checks a command is refused under the named rule and changes nothing.
func (g *game) refused(seat int, typ, data, rule string) string {
	g.t.Helper()
	return enginetest.Refused(g.t, Rules{}, &g.s, enginetest.Cmd(seat, typ, data), dice(), rule)
}

// started lays the test layout, drafts the test coins and conceals the
// given stocks, leaving Ana to move.
func started(t *testing.T, settings string, anaStock, benStock string) *game {
	t.Helper()
	g := newGame(t, settings)
	tiles, _ := json.Marshal(testLayout)
	g.do(engine.Host, CmdLay, `{"tiles":`+string(tiles)+`,"first":0}`)
	next := map[int]int{}
	for k := 0; k < Cells; k++ {
		seat := DraftSeat(0, 2, k)
		coin := testCoins[seat][next[seat]]
		next[seat]++
		g.do(seat, CmdDraft, `{"coin":"`+coin+`"}`)
	}
	g.do(0, CmdConceal, `{"stock":"`+anaStock+`"}`)
	g.do(1, CmdConceal, `{"stock":"`+benStock+`"}`)
	if g.s.Phase != PhasePlay || g.s.Turn != 0 {
		g.t.Fatalf("after the draft and concealment: phase %s, turn %d", g.s.Phase, g.s.Turn)
	}
	return g
}

func (g *game) coin(seat int, code string) (Coin, bool) {
	p := &g.s.Players[seat]
	i, ok := p.coin(code)
	if !ok {
		return Coin{}, false
	}
	return p.Coins[i], true
}
