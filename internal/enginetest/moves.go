package enginetest

import (
	"encoding/json"
	"testing"

	"tableside/engine"
)

// MoveCmd is the command v sends for move m (fields at the values given,
// the others at their starting value), as a move sheet sends it.
func MoveCmd(v engine.Viewer, m engine.Move, values map[string]int) engine.Command {
	return ChoiceCmd(v.Seat, m.Choice, values)
}

// MovesAccepted asks the Mover r for everything v may do in s and sends
// every move back through Decide as v's command: each must be accepted and
// do something, and none may change s. Fields are also tried at their
// limits, and one beyond either, which must be refused. It returns the
// sheet for the caller's own checks.
func MovesAccepted(t testing.TB, r engine.Rules, s engine.State, v engine.Viewer, dice func() engine.Dice) engine.Sheet {
	t.Helper()
	return SheetsAccepted(t, r, s, []engine.Viewer{v}, dice)[0]
}

// SheetsAccepted is MovesAccepted for every viewer of one state, in
// order. The state is encoded once, before and after every move of every
// viewer is tried (not around each Decide, nor each viewer: in a whole
// game checked at every step the encoding was most of the cost): a Decide
// that changed it still fails here.
func SheetsAccepted(t testing.TB, r engine.Rules, s engine.State, vs []engine.Viewer, dice func() engine.Dice) []engine.Sheet {
	t.Helper()
	mv, ok := r.(engine.Mover)
	if !ok {
		t.Fatalf("%s does not list its moves (engine.Mover)", r.Kind())
	}
	before, _ := json.Marshal(s)
	defer func() {
		if after, _ := json.Marshal(s); string(before) != string(after) {
			seats := make([]int, len(vs))
			for i, v := range vs {
				seats[i] = v.Seat
			}
			t.Fatalf("viewers %v: a move's Decide changed the state it was given", seats)
		}
	}()
	sheets := make([]engine.Sheet, len(vs))
	for i, v := range vs {
		sheets[i] = movesAccepted(t, r, mv, s, v, dice)
	}
	return sheets
}

// movesAccepted tries every move of v's sheet (MovesAccepted).
func movesAccepted(t testing.TB, r engine.Rules, mv engine.Mover, s engine.State, v engine.Viewer, dice func() engine.Dice) engine.Sheet {
	t.Helper()
	sheet := mv.Moves(s, v)
	decide := func(cmd engine.Command) ([]engine.Event, bool) {
		evs, err := r.Decide(s, cmd, dice())
		if err != nil && !engine.IsRefusal(err) {
			t.Fatalf("%s %s: a fault, not a refusal: %v", cmd.Type, cmd.Data, err)
		}
		return evs, err == nil
	}
	for _, m := range sheet.Moves {
		if m.Label == "" || m.Type == "" {
			t.Errorf("move %+v has no label or no command", m)
		}
		if m.Chance != nil && (*m.Chance < 0 || *m.Chance > 1) {
			t.Errorf("move %q has a chance of %v, outside 0..1", m.Label, *m.Chance)
		}
		try := func(values map[string]int, want bool) {
			t.Helper()
			cmd := MoveCmd(v, m, values)
			evs, ok := decide(cmd)
			switch {
			case want && !ok:
				_, err := r.Decide(s, cmd, dice())
				t.Errorf("viewer %d's move %q (%s %s) is offered but refused: %v", v.Seat, m.Label, cmd.Type, cmd.Data, err)
			case want && len(evs) == 0:
				t.Errorf("viewer %d's move %q (%s %s) is accepted but does nothing", v.Seat, m.Label, cmd.Type, cmd.Data)
			case !want && ok:
				t.Errorf("viewer %d's move %q (%s %s) is accepted beyond its field's limits", v.Seat, m.Label, cmd.Type, cmd.Data)
			}
		}
		try(nil, true)
		if m.Pick != nil {
			picksAccepted(t, m, func(ticks []int, want bool) {
				t.Helper()
				cmd := PickCmd(v.Seat, m.Choice, nil, ticks)
				evs, ok := decide(cmd)
				switch {
				case want && !ok:
					_, err := r.Decide(s, cmd, dice())
					t.Errorf("viewer %d's move %q with %s ticked is offered but refused: %v", v.Seat, m.Label, cmd.Data, err)
				case want && len(evs) == 0:
					t.Errorf("viewer %d's move %q with %s ticked is accepted but does nothing", v.Seat, m.Label, cmd.Data)
				case !want && ok:
					t.Errorf("viewer %d's move %q is accepted with %s ticked, not the %d it asks for", v.Seat, m.Label, cmd.Data, m.Pick.Count)
				}
			})
		}
		for _, f := range m.Fields {
			if f.Text { // a few words: at most Max letters
				try(map[string]int{f.Name: f.Max}, true)
				try(map[string]int{f.Name: f.Max + 1}, false)
				continue
			}
			if f.Min > f.Max || f.Value < f.Min || f.Value > f.Max {
				t.Errorf("move %q: field %s starts at %d outside %d..%d", m.Label, f.Name, f.Value, f.Min, f.Max)
			}
			try(map[string]int{f.Name: f.Min}, true)
			try(map[string]int{f.Name: f.Max}, true)
			try(map[string]int{f.Name: f.Min - 1}, false)
			try(map[string]int{f.Name: f.Max + 1}, false)
		}
	}
	return sheet
}
