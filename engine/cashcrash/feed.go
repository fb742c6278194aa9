package cashcrash

import (
	"fmt"

	"tableside/engine"
)

// Feed is Cash or Crash's engine.Feeder, called just after e: the table
// reads e's story; at a reveal the loser and
// the winner of the challenge read what it cost or saved them, with the
// count that decided it.
func (Rules) Feed(st engine.State, e engine.Event) []engine.Line {
	s := st.(*State)
	var ls engine.Lines
	// The bids and the challenges are this game's battles: the TV's ticker
	// carries them.
	tick := e.Type == EvBid || e.Type == EvChallenged || e.Type == EvDoubled || e.Type == EvRevealed
	for _, l := range s.story(e) {
		if tick {
			ls.Tick(l, "")
		} else {
			ls.Public(l, "")
		}
	}
	if e.Type != EvRevealed {
		return ls
	}
	r := engine.Payload[revealData](e).Reveal
	other := r.Bidder
	if r.Loser == r.Bidder {
		other = r.Challenger
	}
	lost := fmt.Sprintf("You lost the challenge to %s: your %d staked card(s) are gone", s.name(other), len(r.Lost))
	if r.Extra > 0 {
		lost += fmt.Sprintf(", and %d more for the double", r.Extra)
	}
	ls.Seat(r.Loser, 0, lost, r.Explain)
	ls.Seat(other, 0, fmt.Sprintf("You won the challenge against %s", s.name(r.Loser)), r.Explain)
	return ls
}
