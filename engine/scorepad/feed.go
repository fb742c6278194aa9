package scorepad

import (
	"fmt"

	"tableside/engine"
)

// Feed is the score pad's engine.Feeder, called just after e: every score
// written, with the running total, for the table and for the player it
// counts for.
func (Rules) Feed(st engine.State, e engine.Event) []engine.Line {
	s := st.(*State)
	var ls engine.Lines
	switch e.Type {
	case EvScored:
		d := engine.Payload[Entry](e)
		if d.Seat < 0 || d.Seat >= len(s.Seats) {
			return nil
		}
		total := s.total(d.Seat)
		note := ""
		if d.Note != "" {
			note = " (" + string(d.Note) + ")"
		}
		why := fmt.Sprintf("Your total is now %d.", total)
		ls.Tick(fmt.Sprintf("%s scored %d%s: %d in all.", s.Seats[d.Seat].Name, d.Points, note, total), "")
		ls.Seat(d.Seat, 0, fmt.Sprintf("You scored %d%s", d.Points, note), why)
	case EvEnded:
		ls.Public("The scores are final.", "") // the winner card says the game is over, once
	}
	return ls
}

// total is seat's running total: the sums Evolve keeps, or the entries
// added up for a state built another way.
func (s *State) total(seat int) int {
	if len(s.sums) == len(s.Seats) {
		return s.sums[seat]
	}
	return s.Totals()[seat]
}
