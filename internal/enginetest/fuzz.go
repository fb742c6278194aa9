package enginetest

import (
	"encoding/json"
	"strings"
	"testing"

	"tableside/engine"
)

// Decide runs Decide on s as a fuzz target does: it fails t when the
// answer is an error that is not a rule refusal, or when Decide changed the
// state it was given (its JSON before and after). A panic fails the fuzzer
// by itself. ok is false on a refusal.
func Decide(t testing.TB, r engine.Rules, s engine.State, cmd engine.Command, d engine.Dice) (evs []engine.Event, ok bool) {
	t.Helper()
	before, _ := json.Marshal(s)
	evs, err := r.Decide(s, cmd, d)
	if after, _ := json.Marshal(s); string(before) != string(after) {
		t.Fatalf("%s %s: Decide changed the state it was given", cmd.Type, cmd.Data)
	}
	if err != nil && !engine.IsRefusal(err) {
		t.Fatalf("%s %s: a fault, not a refusal: %v", cmd.Type, cmd.Data, err)
	}
	return evs, err == nil
}

// Fuzz describes fuzzing every command type of a game, in several of its
// phases, with arbitrary payloads.
type Fuzz[S engine.State] struct {
	Rules engine.Rules
	Seeds []string // payloads for the seed corpus, each tried with every type
	Types []string // the command types; the fuzzer's typ picks one
	Seats int      // seats tried: seat%Seats - 1, so the host (-1) up to Seats-2
	// States are games in several phases, built once (the seed corpus runs
	// as a test, so t may fail).
	States func(t *testing.T) []S
	Clone  func(S) S          // a deep copy, so accepted commands leave the bases alone
	Dice   func() engine.Dice // fresh dice for each command
}

// Run fuzzes (data, typ, seat) against a copy of each state: Decide
// refuses or gives events (see Decide), payloads are sent as they come
// (invalid JSON and trailing bytes included: a payload that is not exactly
// one JSON object must be refused), and accepted events are evolved and
// viewed without a panic.
func (z Fuzz[S]) Run(f *testing.F) {
	for _, seed := range z.Seeds {
		for c := range z.Types {
			f.Add(seed, uint8(c), int8(0))
		}
	}
	var base []S
	f.Fuzz(func(t *testing.T, data string, typ uint8, seat int8) {
		if base == nil {
			base = z.States(t)
		}
		for _, b := range base {
			s := z.Clone(b)
			cmd := engine.Command{Type: z.Types[int(typ)%len(z.Types)], Seat: int(seat)%z.Seats - 1, Data: json.RawMessage(data)}
			evs, ok := Decide(t, z.Rules, s, cmd, z.Dice())
			if !ok {
				continue
			}
			if strings.TrimSpace(data) != "" && !json.Valid(cmd.Data) {
				t.Fatalf("%s %q: accepted a payload that is not valid JSON", cmd.Type, data)
			}
			st := engine.State(s)
			for _, e := range evs {
				st = z.Rules.Evolve(st, e)
			}
			z.Rules.View(st, engine.Viewer{Seat: 0})
		}
	})
}
