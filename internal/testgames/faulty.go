package testgames

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
)

// Faulty is a game with bugs on purpose: it counts like Tally, and each
// "panic" command makes one of its engine's methods panic, some after
// changing the state half-way. It proves that a bug in one game's rules is
// refused as a fault, never wedges the game, and never leaves a half-applied
// state behind.
type Faulty struct{ engine.Base }

// FaultyState is the counts, and the flags that make View or Result panic.
type FaultyState struct {
	Seats     []engine.Seat `json:"seats"`
	Counts    []int         `json:"counts"`
	Total     int           `json:"total"`
	Over      bool          `json:"over"`
	BadView   bool          `json:"badView,omitempty"`
	BadResult bool          `json:"badResult,omitempty"`
	// Bad names another read a screen makes that panics on this state:
	// "waiting", "moves" or "measure".
	Bad string `json:"bad,omitempty"`
}

// Faulty's commands. CmdAdd ({"seat": N}) adds one, as in Tally.
const (
	CmdFaultyFinish = "finish" // ends the game (Result: done)
	// CmdPanic makes a method panic: {"in": "decide"} panics in Decide after
	// scribbling on the state; "evolve" makes two events, the second of
	// which panics in Evolve after scribbling; "result" leaves a state whose
	// Result panics; "view" a state whose View panics; "describe" an event
	// whose Describe panics (the undo label); "feed" an event whose feed
	// lines panic; "waiting", "moves" and "measure" a state on which
	// that read panics (the turn bar, the move sheet, the charts).
	CmdPanic = "panic"
)

func (Faulty) Kind() string  { return "faulty" }
func (Faulty) Title() string { return "Faulty (test game)" }
func (Faulty) MinSeats() int { return 1 }
func (Faulty) MaxSeats() int { return 8 }

func (Faulty) New(setup engine.Setup) (engine.State, error) {
	return &FaultyState{Seats: setup.Seats, Counts: make([]int, len(setup.Seats))}, nil
}

type faultyData struct {
	Seat int    `json:"seat"`
	In   string `json:"in,omitempty"`
}

func (Faulty) Decide(st engine.State, cmd engine.Command, _ engine.Dice) ([]engine.Event, error) {
	s := st.(*FaultyState)
	var d faultyData
	if err := engine.Decode(cmd.Type, cmd.Data, &d); err != nil {
		return nil, err
	}
	switch cmd.Type {
	case CmdAdd:
		if d.Seat < 0 || d.Seat >= len(s.Seats) {
			return nil, engine.Refuse("no-such-seat", "There is no seat %d.", d.Seat+1)
		}
		return []engine.Event{engine.NewEvent("added", faultyData{Seat: d.Seat})}, nil
	case CmdFaultyFinish:
		return []engine.Event{engine.NewEvent("finished", nil)}, nil
	case CmdPanic:
		switch d.In {
		case "decide":
			s.Total += 1000 // the bug: Decide writes to the state, then dies
			panic("faulty: Decide panics")
		case "evolve":
			return []engine.Event{engine.NewEvent("added", faultyData{Seat: 0}), engine.NewEvent("boom", nil)}, nil
		case "result":
			return []engine.Event{engine.NewEvent("poison-result", nil)}, nil
		case "view":
			return []engine.Event{engine.NewEvent("poison-view", nil)}, nil
		case "describe":
			return []engine.Event{engine.NewEvent("mystery", nil)}, nil
		case "feed":
			return []engine.Event{engine.NewEvent("noisy", nil)}, nil
		case "waiting", "moves", "measure":
			return []engine.Event{engine.NewEvent("poison", faultyData{In: d.In})}, nil
		}
		return nil, engine.Refuse("unknown-panic", "Faulty cannot panic in %q.", d.In)
	}
	return nil, engine.Refuse("unknown-command", "Faulty does not know %q.", cmd.Type)
}

func (Faulty) Evolve(st engine.State, ev engine.Event) engine.State {
	s := st.(*FaultyState)
	switch ev.Type {
	case "added":
		d := engine.Payload[faultyData](ev)
		s.Counts[d.Seat]++
		s.Total++
	case "finished":
		s.Over = true
	case "boom":
		s.Counts[0] += 500 // half-way through, then the bug
		panic("faulty: Evolve panics")
	case "poison-result":
		s.BadResult = true
	case "poison-view":
		s.BadView = true
	case "poison":
		s.Bad = engine.Payload[faultyData](ev).In
	}
	return s
}

// FaultyView is everyone's counts.
type FaultyView struct {
	Counts []int `json:"counts"`
	Total  int   `json:"total"`
	Over   bool  `json:"over"`
}

func (Faulty) View(st engine.State, _ engine.Viewer) any {
	s := st.(*FaultyState)
	if s.BadView {
		panic("faulty: View panics")
	}
	return FaultyView{Counts: s.Counts, Total: s.Total, Over: s.Over}
}

// Describe labels commands for the undo button; a "mystery" event panics.
func (Faulty) Describe(st engine.State, ev engine.Event) string {
	s := st.(*FaultyState)
	switch ev.Type {
	case "added":
		d := engine.Payload[faultyData](ev)
		return fmt.Sprintf("%s added one", s.Seats[d.Seat].Name)
	case "mystery":
		panic("faulty: Describe panics")
	}
	return ev.Type
}

// Result: the game is over once finished; everyone scores their count.
func (Faulty) Result(st engine.State) (engine.Result, bool) {
	s := st.(*FaultyState)
	if s.BadResult {
		panic("faulty: Result panics")
	}
	if !s.Over {
		return engine.Result{}, false
	}
	var res engine.Result
	for i, n := range s.Counts {
		res.Scores = append(res.Scores, engine.Score{Seat: i, Points: n})
	}
	return res, true
}

// Feed tells the table each event in Describe's words; a "noisy" event's
// lines panic.
func (f Faulty) Feed(st engine.State, ev engine.Event) []engine.Line {
	if ev.Type == "noisy" {
		panic("faulty: Feed panics")
	}
	return []engine.Line{{To: engine.Public, Text: f.Describe(st, ev)}}
}

// Waiting: the table waits for the first seat, until the game is over.
func (Faulty) Waiting(st engine.State) (engine.Waiting, bool) {
	s := st.(*FaultyState)
	if s.Bad == "waiting" {
		panic("faulty: Waiting panics")
	}
	if s.Over {
		return engine.Waiting{}, false
	}
	return engine.Waiting{Seats: []int{0}, Text: "add one"}, true
}

// Moves offers the waited-for seat one tap, its decision: add one.
func (Faulty) Moves(st engine.State, v engine.Viewer) engine.Sheet {
	s := st.(*FaultyState)
	if s.Bad == "moves" {
		panic("faulty: Moves panics")
	}
	if s.Over || v.Seat != 0 || v.Past {
		return engine.Sheet{}
	}
	add := engine.Choice{Label: "Add one", Type: CmdAdd, Data: json.RawMessage(fmt.Sprintf(`{"seat":%d}`, v.Seat))}
	return engine.Sheet{Step: "add", Text: "add one", Moves: []engine.Move{{Choice: add, Step: "add", Seat: v.Seat, Decision: true}}}
}

// Measure is each seat's count, for the charts.
func (Faulty) Measure(st engine.State) []engine.Measure {
	s := st.(*FaultyState)
	if s.Bad == "measure" {
		panic("faulty: Measure panics")
	}
	return []engine.Measure{{Label: "Count", Unit: "adds", Values: append([]int(nil), s.Counts...)}}
}
