package testgames

import (
	"fmt"

	"tableside/engine"
)

// Turns is the turn clock's test game: a fixed script of what the table
// waits for (Ana buys, Ben answers the Festival merger, then both vote at
// once), each answered by the seat's "answer"; the game ends after the
// vote. Each seat's view holds a private word, so a test can show that the
// clock's screens carry none of it.
type Turns struct{ engine.Base }

// TurnsState is the step of the script and who has answered it.
type TurnsState struct {
	Seats    []engine.Seat `json:"seats"`
	Step     int           `json:"step"`
	Answered []bool        `json:"answered"`
	Answers  []int         `json:"answers"`
}

// TurnsScript is what the table waits for, step by step.
var TurnsScript = []engine.Waiting{
	{Seats: []int{0}, Text: "buy up to 3 shares"},
	{Seats: []int{1}, Text: "the Festival merger"},
	{Seats: []int{0, 1}, Text: "vote to end the game"},
}

// CmdAnswer answers what the table waits for from the sending seat.
const CmdAnswer = "answer"

func (Turns) Kind() string  { return "turns" }
func (Turns) Title() string { return "Turns (test game)" }
func (Turns) MinSeats() int { return 2 }
func (Turns) MaxSeats() int { return 4 }

func (Turns) New(setup engine.Setup) (engine.State, error) {
	n := len(setup.Seats)
	return &TurnsState{Seats: setup.Seats, Answered: make([]bool, n), Answers: make([]int, n)}, nil
}

func (Turns) Decide(st engine.State, cmd engine.Command, _ engine.Dice) ([]engine.Event, error) {
	s := st.(*TurnsState)
	if cmd.Type != CmdAnswer {
		return nil, engine.Refuse("unknown-command", "Turns does not know %q.", cmd.Type)
	}
	w, ok := Turns{}.Waiting(s)
	if !ok {
		return nil, engine.Refuse("game-over", "The game is over.")
	}
	if !w.Owes(cmd.Seat) {
		return nil, engine.Refuse("not-waited", "The table is not waiting for seat %d.", cmd.Seat+1)
	}
	return []engine.Event{engine.NewEvent("answered", cmd.Seat)}, nil
}

func (Turns) Evolve(st engine.State, ev engine.Event) engine.State {
	s := st.(*TurnsState)
	seat := engine.Payload[int](ev)
	s.Answered[seat] = true
	s.Answers[seat]++
	for _, want := range TurnsScript[s.Step].Seats {
		if !s.Answered[want] {
			return s
		}
	}
	s.Step++
	clear(s.Answered)
	return s
}

// TurnsView is the answers so far, and a seat's private word.
type TurnsView struct {
	Step    int    `json:"step"`
	Answers []int  `json:"answers"`
	Private string `json:"private,omitempty"`
}

func (Turns) View(st engine.State, v engine.Viewer) any {
	s := st.(*TurnsState)
	out := TurnsView{Step: s.Step, Answers: s.Answers}
	if v.Seat >= 0 {
		out.Private = TurnsPrivate(v.Seat)
	}
	return out
}

// TurnsPrivate is the private word seat's view holds.
func TurnsPrivate(seat int) string { return fmt.Sprintf("PRIVATE-WORD-OF-SEAT-%d", seat) }

// Waiting follows the script: the seats still to answer the step.
func (Turns) Waiting(st engine.State) (engine.Waiting, bool) {
	s := st.(*TurnsState)
	if s.Step >= len(TurnsScript) {
		return engine.Waiting{}, false
	}
	w := TurnsScript[s.Step]
	var seats []int
	for _, seat := range w.Seats {
		if seat < len(s.Seats) && !s.Answered[seat] {
			seats = append(seats, seat)
		}
	}
	return engine.Waiting{Seats: seats, Text: w.Text}, true
}

// Moves offers each seat the table waits for one tap, its decision:
// answer.
func (Turns) Moves(st engine.State, v engine.Viewer) engine.Sheet {
	w, ok := Turns{}.Waiting(st)
	if !ok || v.Past || v.Seat < 0 || !w.Owes(v.Seat) {
		return engine.Sheet{}
	}
	answer := engine.Move{Choice: engine.Choice{Label: "Answer", Type: CmdAnswer}, Step: "decide", Seat: v.Seat, Decision: true}
	return engine.Sheet{Step: "decide", Text: w.Text, Moves: []engine.Move{answer}}
}

// Result: the game ends after the vote; every seat scores its answers.
func (Turns) Result(st engine.State) (engine.Result, bool) {
	s := st.(*TurnsState)
	if s.Step < len(TurnsScript) {
		return engine.Result{}, false
	}
	var r engine.Result
	for i, n := range s.Answers {
		r.Scores = append(r.Scores, engine.Score{Seat: i, Points: n})
	}
	return r, true
}
