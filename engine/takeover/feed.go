package takeover

import (
	"fmt"

	"tableside/engine"
)

// news is where the public history and each player's private notes stood
// before an event.
type news struct {
	history int
	notes   []int
}

func (s *State) mark() news {
	n := news{history: len(s.History), notes: make([]int, len(s.Players))}
	for i, p := range s.Players {
		n.notes[i] = len(p.Notes)
	}
	return n
}

// Feed is Takeover's engine.Feeder, called just after e: the table reads
// the lines e added to the public history; a player reads the private
// notes it added for them (a gift of coins, stock cashed out) and, for
// their own secret stock choice, what they chose. A payment's Cash is the
// coins' value paid, so the payer's phone flashes it.
func (Rules) Feed(st engine.State, e engine.Event) []engine.Line {
	s := st.(*State)
	var ls engine.Lines
	for _, l := range s.History[min(s.marks.history, len(s.History)):] {
		ls.Public(l, "")
	}
	for seat, p := range s.Players {
		from := len(p.Notes)
		if seat < len(s.marks.notes) {
			from = min(s.marks.notes[seat], from)
		}
		for _, n := range p.Notes[from:] {
			ls.Seat(seat, 0, n, "")
		}
	}
	switch e.Type {
	case EvConcealed:
		d := engine.Payload[concealData](e)
		ls.Public(s.name(d.Seat)+" chose stock and cash in secret.", "")
		ls.Seat(d.Seat, 0, fmt.Sprintf("You hold as stock: %s", stockList(d.Stock)),
			"Your stock coins score their corporation's stack at the end; the rest are cash. Only your phone knows which is which.")
	case EvMerged:
		m := engine.Payload[MergeData](e)
		if m.Cost > 0 {
			ls.Seat(m.Seat, -sumRanks(m.Paid), fmt.Sprintf("You paid %s (%d) to move %s onto %s", shortList(m.Paid), sumRanks(m.Paid), Short(m.Mover), Short(m.Absorbed)),
				fmt.Sprintf("Absorbing %s cost %d; the coins paid leave the game.", Short(m.Absorbed), m.Cost))
		}
	}
	return ls
}

func stockList(codes []string) string {
	if len(codes) == 0 {
		return "nothing (all cash)"
	}
	return shortList(codes)
}
