package enginetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"tableside/engine"
)

// Cmd builds a command. data is the command's JSON: a string is taken as
// JSON text ("" for none), a json.RawMessage as it is, anything else is
// marshalled (nil becomes null).
func Cmd(seat int, typ string, data any) engine.Command {
	c := engine.Command{Type: typ, Seat: seat}
	switch d := data.(type) {
	case string:
		if d != "" {
			c.Data = json.RawMessage(d)
		}
	case json.RawMessage:
		c.Data = d
	default:
		c.Data, _ = json.Marshal(d)
	}
	return c
}

// Apply runs cmd through Decide and Evolve, as the tracker does, on the
// state *s; *s changes only when the command is accepted.
func Apply[S engine.State](r engine.Rules, s *S, cmd engine.Command, d engine.Dice) ([]engine.Event, error) {
	evs, err := r.Decide(*s, cmd, d)
	if err != nil {
		return nil, err
	}
	st := engine.State(*s)
	for _, e := range evs {
		st = r.Evolve(st, e)
		checkFeed(r, st, e)
	}
	*s = st.(S)
	return evs, nil
}

// checkFeed runs the game's Feed, as the tracker does just after each
// event, so every engine test also proves its feed never panics and
// addresses every line to a reader. A bad line panics: an engine bug.
func checkFeed(r engine.Rules, st engine.State, e engine.Event) {
	f, ok := r.(engine.Feeder)
	if !ok {
		return
	}
	for _, l := range f.Feed(st, e) {
		if l.Text == "" || l.To < engine.Public {
			panic(fmt.Sprintf("%s: feed line %+v after %s has no text or no reader", r.Kind(), l, e.Type))
		}
	}
}

// Do is Apply that fails the test when the command is refused.
func Do[S engine.State](t testing.TB, r engine.Rules, s *S, cmd engine.Command, d engine.Dice) []engine.Event {
	t.Helper()
	evs, err := Apply(r, s, cmd, d)
	if err != nil {
		t.Fatalf("%s %s by seat %d: %v", cmd.Type, cmd.Data, cmd.Seat, err)
	}
	return evs
}

// Refused checks that cmd is refused under the named rule and that the
// state is unchanged (its JSON before and after), and returns the message.
func Refused[S engine.State](t testing.TB, r engine.Rules, s *S, cmd engine.Command, d engine.Dice, rule string) string {
	t.Helper()
	before, _ := json.Marshal(*s)
	_, err := Apply(r, s, cmd, d)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s %s by seat %d: want refusal %q, got %v", cmd.Type, cmd.Data, cmd.Seat, rule, err)
	}
	if re.Rule != rule {
		t.Fatalf("%s %s by seat %d: refused as %q (%s), want %q", cmd.Type, cmd.Data, cmd.Seat, re.Rule, re.Message, rule)
	}
	if after, _ := json.Marshal(*s); string(before) != string(after) {
		t.Fatalf("%s %s: a refused command changed the state", cmd.Type, cmd.Data)
	}
	return re.Message
}

// Names are n seat names for tests that need no real ones: "A", "B", ...
func Names(n int) []string {
	var out []string
	for i := range n {
		out = append(out, string(rune('A'+i)))
	}
	return out
}

// New starts a game of r with a seat for each name; settings are the
// table's settings JSON, given as for Cmd's data ("" for none).
func New[S engine.State](t testing.TB, r engine.Rules, settings any, names ...string) S {
	t.Helper()
	setup := engine.Setup{Settings: Cmd(0, "", settings).Data}
	for _, n := range names {
		setup.Seats = append(setup.Seats, engine.Seat{Name: n})
	}
	st, err := r.New(setup)
	if err != nil {
		t.Fatalf("new %s: %v", r.Kind(), err)
	}
	return st.(S)
}
