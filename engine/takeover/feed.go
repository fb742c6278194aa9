package takeover

import (
	"fmt"

	"tableside/engine"
)

// Feed is Takeover's engine.Feeder, called just after e: the table reads
// e's story; a player reads their private news in it (a gift of coins,
// stock cashed out) and, for their own secret stock choice, what they
// chose. A payment's Cash is the
// coins' value paid, so the payer's phone flashes it.
func (Rules) Feed(st engine.State, e engine.Event) []engine.Line {
	s := st.(*State)
	ls := s.story(e)
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
