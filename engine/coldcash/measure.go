package coldcash

import (
	"tableside/engine"
	"tableside/ledger"
)

// Measure is each player's net worth: cash plus every share at this
// moment's prices, in bank and board mode alike. Hidden shares count in the
// seat's own line only: everyone else (the host too, as in View) sees cash
// plus the visible shares, during the game and after it, so the chart never
// tells the table what a seat kept hidden. At the end every share has been
// sold in the final payout, so the last point is the same for everyone.
func (Rules) Measure(st engine.State) []engine.Measure {
	s := st.(*State)
	byID := s.prices()
	prices := s.Book.Prices(byID)
	m := engine.Measure{Label: "Net worth", Money: true,
		Values: s.Book.NetWorths(prices, nil), Public: make([]int, len(s.Seats))}
	for seat := range s.Seats {
		w := s.Book.Balance(ledger.Account(seat))
		for id, price := range byID {
			w += s.Visible(seat, id) * price
		}
		m.Public[seat] = w
	}
	return []engine.Measure{m}
}
