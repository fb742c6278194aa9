package riskclassic

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
)

// seeded is a deterministic engine.Dice for tests.
type seeded struct{ r *rand.Rand }

func newDice(seed uint64) *seeded    { return &seeded{rand.New(rand.NewPCG(seed, 7))} }
func (d *seeded) Roll(sides int) int { return d.r.IntN(sides) + 1 }
func (d *seeded) Intn(n int) int     { return d.r.IntN(n) }

type table struct {
	t    *testing.T
	s    *conquest.State
	dice *seeded
	evs  []engine.Event
}

func newTable(t *testing.T, players int, set conquest.Settings) *table {
	t.Helper()
	var seats []engine.Seat
	for i := range players {
		seats = append(seats, engine.Seat{Name: string(rune('A' + i))})
	}
	b, _ := json.Marshal(set)
	st, err := Rules{}.New(engine.Setup{Seats: seats, Settings: b})
	if err != nil {
		t.Fatal(err)
	}
	return &table{t: t, s: st.(*conquest.State), dice: newDice(1)}
}

func (tb *table) try(seat int, typ string, args any) error {
	b, _ := json.Marshal(args)
	st, evs, err := conquest.Apply(Rules{}, tb.s, engine.Command{Type: typ, Seat: seat, Data: b}, tb.dice)
	if err == nil {
		tb.s = st.(*conquest.State)
		tb.evs = evs
	}
	return err
}

func (tb *table) do(seat int, typ string, args any) {
	tb.t.Helper()
	if err := tb.try(seat, typ, args); err != nil {
		tb.t.Fatalf("%s %v: %v", typ, args, err)
	}
}

// refused checks that a command is refused under the named rule and that the
// state did not change.
func (tb *table) refused(seat int, typ string, args any, rule string) {
	tb.t.Helper()
	before, _ := json.Marshal(tb.s)
	err := tb.try(seat, typ, args)
	var re *engine.RuleError
	if err == nil {
		tb.t.Fatalf("%s %v was accepted; want refusal %q", typ, args, rule)
	}
	if !asRule(err, &re) || re.Rule != rule {
		tb.t.Fatalf("%s %v: refused with %v; want rule %q", typ, args, err, rule)
	}
	after, _ := json.Marshal(tb.s)
	if string(before) != string(after) {
		tb.t.Fatalf("a refused %s changed the state", typ)
	}
}

func asRule(err error, re **engine.RuleError) bool {
	r, ok := err.(*engine.RuleError)
	*re = r
	return ok
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
				tb.s.Phase == conquest.PhasePlace && tb.s.NeutralToPlace[p] > 0 && o >= 0 && tb.s.Players[o].Neutral,
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
