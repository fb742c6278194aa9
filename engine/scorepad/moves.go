package scorepad

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
)

// StepScore is the score pad's one step: writing scores, until the host
// ends the game.
const StepScore = "score"

// Moves lists what viewer v may write now (engine.Mover): a phone its own
// seat's points (a Field within the pad's limits); the host any seat's,
// and the end of the game. Nothing once the game is over, and nothing for
// the public.
func (Rules) Moves(st engine.State, v engine.Viewer) engine.Sheet {
	s := st.(*State)
	sh := engine.Sheet{Step: StepScore, Text: "write scores", Moves: []engine.Move{}}
	if s.Over || v.Past || (v.Seat != engine.Host && (v.Seat < 0 || v.Seat >= len(s.Seats))) {
		return engine.Sheet{Moves: []engine.Move{}}
	}
	if v.Seat != engine.Host {
		// A phone's step is its next round on the pad's grid: it moves on
		// with each score the seat writes (Rounds).
		sh.Text = fmt.Sprintf("round %d: write your score", s.written(v.Seat)+1)
	}
	for seat, p := range s.Seats {
		if v.Seat != engine.Host && v.Seat != seat {
			continue
		}
		label := "Write my score"
		if v.IsHost() {
			label = "Write " + p.Name + "'s score"
		}
		data, _ := json.Marshal(map[string]int{"seat": seat})
		sh.Moves = append(sh.Moves, engine.Move{Step: StepScore, Seat: seat, Choice: engine.Choice{
			ID: fmt.Sprintf("score-%d", seat), Label: label, Type: CmdScore, Data: data,
			Fields: []engine.Field{{Name: "points", Label: "Points", Min: -maxPoints, Max: maxPoints},
				{Name: "note", Label: "Note", Max: maxNote, Text: true}}}})
	}
	if v.IsHost() {
		sh.Moves = append(sh.Moves, engine.Move{Step: StepScore, Seat: engine.Host, Ends: true,
			Confirm: "End the game now? The scores are final and no one can write another.",
			Choice:  engine.Choice{ID: "finish", Label: "End the game", Type: CmdFinish}})
	}
	return sh
}

var _ engine.Mover = Rules{}

// written counts the scores seat has written: its rounds on the grid.
func (s *State) written(seat int) int {
	n := 0
	for _, e := range s.Entries {
		if e.Seat == seat {
			n++
		}
	}
	return n
}
