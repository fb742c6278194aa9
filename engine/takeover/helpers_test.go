package takeover

import (
	"encoding/json"
	"errors"
	"testing"

	"tableside/engine"
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

// fixedDice answers every roll with its faces in order (then zeros).
type fixedDice struct{ faces []int }

func (d *fixedDice) next() int {
	if len(d.faces) == 0 {
		return 0
	}
	f := d.faces[0]
	d.faces = d.faces[1:]
	return f
}
func (d *fixedDice) Roll(sides int) int { return 1 + d.next()%sides }
func (d *fixedDice) Intn(n int) int     { return d.next() % n }

type game struct {
	t *testing.T
	s *State
}

func newGame(t *testing.T, settings string) *game {
	t.Helper()
	setup := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}}
	if settings != "" {
		setup.Settings = json.RawMessage(settings)
	}
	st, err := Rules{}.New(setup)
	if err != nil {
		t.Fatalf("new: %v", err)
	}
	return &game{t: t, s: st.(*State)}
}

// do runs a command and fails the test on refusal.
func (g *game) do(seat int, typ, data string) []engine.Event {
	g.t.Helper()
	evs, err := g.try(seat, typ, data)
	if err != nil {
		g.t.Fatalf("%s %s by seat %d: %v", typ, data, seat, err)
	}
	return evs
}

func (g *game) try(seat int, typ, data string) ([]engine.Event, error) {
	cmd := engine.Command{Type: typ, Seat: seat}
	if data != "" {
		cmd.Data = json.RawMessage(data)
	}
	evs, err := Rules{}.Decide(g.s, cmd, &fixedDice{})
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		g.s = Rules{}.Evolve(g.s, e).(*State)
	}
	return evs, nil
}

// refused checks a command is refused under the named rule and changes nothing.
func (g *game) refused(seat int, typ, data, rule string) string {
	g.t.Helper()
	before, _ := json.Marshal(g.s)
	_, err := g.try(seat, typ, data)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		g.t.Fatalf("%s %s: want refusal %q, got %v", typ, data, rule, err)
	}
	if re.Rule != rule {
		g.t.Fatalf("%s %s: refused as %q (%s), want %q", typ, data, re.Rule, re.Message, rule)
	}
	after, _ := json.Marshal(g.s)
	if string(before) != string(after) {
		g.t.Fatalf("%s %s: a refused command changed the state", typ, data)
	}
	return re.Message
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
