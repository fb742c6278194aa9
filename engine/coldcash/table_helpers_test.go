package coldcash_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
)

type M = map[string]any

// script is dice that roll the faces given, in order; Intn answers 0 unless
// told otherwise, so shuffles are fixed.
type script struct {
	t     testing.TB
	faces []int
	ints  []int
}

func (d *script) Roll(sides int) int {
	if len(d.faces) == 0 {
		d.t.Fatalf("the test rolled a die it did not script")
	}
	f := d.faces[0]
	d.faces = d.faces[1:]
	return f
}

func (d *script) Intn(n int) int {
	if len(d.ints) == 0 {
		return 0
	}
	v := d.ints[0] % n
	d.ints = d.ints[1:]
	return v
}

// game plays board-mode commands through Decide and Evolve, keeping the log
// so the end state can be checked against a replay.
type game struct {
	t     testing.TB
	setup engine.Setup
	s     *coldcash.State
	log   []engine.Event
	dice  *script
}

func newGame(t testing.TB, players int, board M) *game {
	t.Helper()
	names := []string{"Ana", "Ben", "Cy", "Dee", "Eve", "Fay"}
	setup := engine.Setup{}
	for i := 0; i < players; i++ {
		setup.Seats = append(setup.Seats, engine.Seat{Name: names[i]})
	}
	settings := M{"mode": "board"}
	for k, v := range board {
		settings[k] = v
	}
	setup.Settings, _ = json.Marshal(settings)
	st, err := coldcash.Rules{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return &game{t: t, setup: setup, s: st.(*coldcash.State), dice: &script{t: t}}
}

func (g *game) state() string {
	b, _ := json.Marshal(g.s)
	return string(b)
}

// do sends one command; a refusal must leave the state exactly as it was.
func (g *game) do(seat int, typ string, data M) error {
	g.t.Helper()
	raw, _ := json.Marshal(data)
	before := g.state()
	evs, err := coldcash.Rules{}.Decide(g.s, engine.Command{Type: typ, Seat: seat, Data: raw}, g.dice)
	if g.state() != before {
		g.t.Fatalf("%s: Decide changed the state", typ)
	}
	if err != nil {
		if !engine.IsRefusal(err) {
			g.t.Fatalf("%s: %v is not a refusal", typ, err)
		}
		return err
	}
	for _, e := range evs {
		coldcash.Rules{}.Evolve(g.s, e)
		g.log = append(g.log, e)
	}
	return nil
}

func (g *game) must(seat int, typ string, data M) {
	g.t.Helper()
	if err := g.do(seat, typ, data); err != nil {
		g.t.Fatalf("%s %v: %v (%s)", typ, data, err, g.s.Where())
	}
}

func (g *game) host(typ string, data M) { g.t.Helper(); g.must(engine.Host, typ, data) }

// refused asserts a command is refused under rule, the state unchanged.
func (g *game) refused(seat int, typ string, data M, rule string) {
	g.t.Helper()
	err := g.do(seat, typ, data)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		g.t.Fatalf("%s %v: got %v; want refusal %q", typ, data, err, rule)
	}
	if re.Rule != rule {
		g.t.Fatalf("%s %v: refused %q (%s); want %q", typ, data, re.Rule, re.Message, rule)
	}
}

// turn is the acting player's whole activity turn run by the host: place,
// the outcome (a command and its data, or "leave"), then take a card.
func (g *game) turn(at, outcome string, data M) {
	g.t.Helper()
	g.host("place", M{"territory": at})
	g.host(outcome, data)
	g.host("draw", nil)
}

// skipEarnings lets every company skip the earnings phase.
func (g *game) skipEarnings() {
	g.t.Helper()
	for g.s.Table.Phase == coldcash.PhaseEarnings {
		v := g.s.View(engine.Viewer{Seat: engine.Host})
		g.host("skip", M{"company": v.Table.Pending[0]})
	}
}

// replayed checks that the log rebuilds the same state, byte for byte.
func (g *game) replayed() {
	g.t.Helper()
	st, err := coldcash.Rules{}.New(g.setup)
	if err != nil {
		g.t.Fatal(err)
	}
	for _, e := range g.log {
		st = coldcash.Rules{}.Evolve(st, e)
	}
	b, _ := json.Marshal(st)
	if string(b) != g.state() {
		g.t.Fatal("replaying the log gave a different state")
	}
}

func (g *game) cash(seat int) int {
	return g.s.View(engine.Viewer{Seat: engine.Host}).Players[seat].Cash
}

func (g *game) holding(at string) string {
	h, ok := g.s.Table.Board.Land[at]
	switch {
	case !ok:
		return "empty"
	case h.Corp == "":
		return "mp"
	}
	return h.Corp + ":" + itoa(h.Teams)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func (g *game) expect(want ...string) {
	g.t.Helper()
	for _, w := range want {
		at, h, _ := strings.Cut(w, "=")
		if got := g.holding(at); got != h {
			g.t.Errorf("%s holds %s; want %s", at, got, h)
		}
	}
}

func (g *game) size(c string) int { return g.s.Sizes().Size(c) }
