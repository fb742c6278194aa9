package testgames

import (
	"fmt"

	"tableside/engine"
)

// Tally is the load test's game: every command adds one to a seat's count.
// Its view stays the same size however long it runs (unlike a score pad,
// whose list of entries grows), and each seat sees a private number of its
// own, so a load run exercises per-seat views the way a real game does.
type Tally struct{ engine.Base }

// TallyState is the counts.
type TallyState struct {
	Seats  []engine.Seat `json:"seats"`
	Counts []int         `json:"counts"`
	Total  int           `json:"total"`
}

// CmdAdd adds one to a seat: {"seat": N}. The host may add to any seat, a
// phone only to its own.
const CmdAdd = "add"

func (Tally) Kind() string  { return "tally" }
func (Tally) Title() string { return "Tally (load test)" }
func (Tally) MinSeats() int { return 1 }
func (Tally) MaxSeats() int { return 12 }

func (Tally) New(setup engine.Setup) (engine.State, error) {
	return &TallyState{Seats: setup.Seats, Counts: make([]int, len(setup.Seats))}, nil
}

func (Tally) Decide(st engine.State, cmd engine.Command, _ engine.Dice) ([]engine.Event, error) {
	s := st.(*TallyState)
	if cmd.Type != CmdAdd {
		return nil, engine.Refuse("unknown-command", "Tally does not know %q.", cmd.Type)
	}
	var d struct {
		Seat int `json:"seat"`
	}
	if err := engine.Decode(cmd.Type, cmd.Data, &d); err != nil {
		return nil, err
	}
	if d.Seat < 0 || d.Seat >= len(s.Seats) {
		return nil, engine.Refuse("no-such-seat", "There is no seat %d.", d.Seat+1)
	}
	if cmd.Seat != engine.Host && cmd.Seat != d.Seat {
		return nil, engine.Refuse("own-tally-only", "You can only add to your own tally.")
	}
	return []engine.Event{engine.NewEvent("added", d)}, nil
}

func (Tally) Evolve(st engine.State, ev engine.Event) engine.State {
	s := st.(*TallyState)
	d := engine.Payload[struct {
		Seat int `json:"seat"`
	}](ev)
	s.Counts[d.Seat]++
	s.Total++
	return s
}

// TallyView is what a viewer sees: the players, everyone's counts, and for
// a seat a private line of its own. The names let the load test tell one
// game's views from another's (a cross-game leak).
type TallyView struct {
	Names   []string `json:"names"`
	Counts  []int    `json:"counts"`
	Total   int      `json:"total"`
	Private string   `json:"private,omitempty"`
}

func (Tally) View(st engine.State, v engine.Viewer) any {
	s := st.(*TallyState)
	out := TallyView{Counts: s.Counts, Total: s.Total}
	for _, seat := range s.Seats {
		out.Names = append(out.Names, seat.Name)
	}
	if v.Seat >= 0 && v.Seat < len(s.Seats) {
		out.Private = fmt.Sprintf("seat %d private count %d", v.Seat, s.Counts[v.Seat]*7)
	}
	return out
}

// Waiting: the table nominally waits for the seat after the last one counted.
func (Tally) Waiting(st engine.State) (engine.Waiting, bool) {
	s := st.(*TallyState)
	return engine.Waiting{Seats: []int{s.Total % len(s.Seats)}, Text: "add one"}, true
}
