package enginetest

import (
	"encoding/json"
	"strings"
	"testing"

	"tableside/engine"
)

// ChoiceCmd is the command a phone sends for choice c: its data with each
// field at the given value (fields not named take their starting value),
// as the decision card's form merges them. A text field is left out unless
// a value is given, which is then its length. A pick ticks its first
// options, as many as it asks for (PickCmd ticks others).
func ChoiceCmd(seat int, c engine.Choice, values map[string]int) engine.Command {
	var ticks []int
	if c.Pick != nil {
		for i := range min(c.Pick.Count, len(c.Pick.Options)) {
			ticks = append(ticks, i)
		}
	}
	return PickCmd(seat, c, values, ticks)
}

// PickCmd is ChoiceCmd with the pick's options at the indexes ticks
// ticked (each index of c.Pick.Options; none when c has no pick).
func PickCmd(seat int, c engine.Choice, values map[string]int, ticks []int) engine.Command {
	data := map[string]json.RawMessage{}
	if len(c.Data) > 0 {
		json.Unmarshal(c.Data, &data) // a choice's data is a JSON object the engine made
	}
	for _, f := range c.Fields {
		if f.Text {
			// A few words, sent only when typed: a value given is their
			// length, in letters.
			if n, ok := values[f.Name]; ok {
				data[f.Name], _ = json.Marshal(strings.Repeat("a", n))
			}
			continue
		}
		v := f.Value
		if x, ok := values[f.Name]; ok {
			v = x
		}
		data[f.Name], _ = json.Marshal(v)
	}
	if c.Pick != nil {
		for _, i := range ticks {
			data[c.Pick.Key(c.Pick.Options[i].Value)] = json.RawMessage("true")
		}
	}
	cmd := engine.Command{Type: c.Type, Seat: seat}
	if len(data) > 0 {
		cmd.Data, _ = json.Marshal(data)
	}
	return cmd
}

// ChoicesAccepted asks r for seat's decision card in s (its move sheet
// filtered to its decision, engine.Sheet.Decision), and sends every
// choice back through Decide as that seat's command: each must be
// accepted, and none may change s. With limits, every field is also sent
// at its least and its most (one at a time), which must be accepted too,
// and one step beyond either, which must be refused: the limits shown are
// the rules' own. It returns the choices, for the caller's own checks.
func ChoicesAccepted(t testing.TB, r engine.Rules, s engine.State, seat int, dice func() engine.Dice, limits bool) []engine.Choice {
	t.Helper()
	mv, ok := r.(engine.Mover)
	if !ok {
		t.Fatalf("%s does not list its moves (engine.Mover)", r.Kind())
	}
	_, choices := mv.Moves(s, engine.Viewer{Seat: seat}).Decision()
	for _, c := range choices {
		if c.Label == "" || c.Type == "" {
			t.Errorf("choice %+v has no label or no command", c)
		}
		try := func(values map[string]int, want bool) {
			t.Helper()
			cmd := ChoiceCmd(seat, c, values)
			evs, ok := Decide(t, r, s, cmd, dice())
			switch {
			case want && !ok:
				_, err := r.Decide(s, cmd, dice())
				t.Errorf("seat %d's choice %q (%s %s) is refused: %v", seat, c.Label, cmd.Type, cmd.Data, err)
			case want && len(evs) == 0:
				t.Errorf("seat %d's choice %q (%s %s) is accepted but does nothing", seat, c.Label, cmd.Type, cmd.Data)
			case !want && ok:
				t.Errorf("seat %d's choice %q (%s %s) is accepted beyond its field's limits", seat, c.Label, cmd.Type, cmd.Data)
			}
		}
		try(nil, true)
		if !limits {
			continue
		}
		for _, f := range c.Fields {
			if f.Text {
				try(map[string]int{f.Name: f.Max}, true)
				try(map[string]int{f.Name: f.Max + 1}, false)
				continue
			}
			if f.Min > f.Max || f.Value < f.Min || f.Value > f.Max {
				t.Errorf("choice %q: field %s starts at %d outside %d..%d", c.Label, f.Name, f.Value, f.Min, f.Max)
			}
			try(map[string]int{f.Name: f.Min}, true)
			try(map[string]int{f.Name: f.Max}, true)
			try(map[string]int{f.Name: f.Min - 1}, false)
			try(map[string]int{f.Name: f.Max + 1}, false)
		}
	}
	return choices
}
