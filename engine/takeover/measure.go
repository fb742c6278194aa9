package takeover

import "tableside/engine"

// Measure is each player's worth in millions as the final score would count
// it now (stock coins at their corporation's worth plus cash coins at face
// value), then the stock part alone. Which coins a player holds, and which
// side up, is secret until the game ends, so both are Secret: a phone
// charts its own line, and everyone sees every line once the scores are
// laid open.
func (Rules) Measure(st engine.State) []engine.Measure {
	s := st.(*State)
	worth := engine.Measure{Label: "Worth (stock and cash)", Unit: "millions", Secret: true, Values: make([]int, len(s.Seats))}
	stock := engine.Measure{Label: "Stock value", Unit: "millions", Secret: true, Values: make([]int, len(s.Seats))}
	for _, l := range s.Scores() {
		if l.Seat >= 0 && l.Seat < len(s.Seats) {
			worth.Values[l.Seat], stock.Values[l.Seat] = l.Total, l.Stocks
		}
	}
	return []engine.Measure{worth, stock}
}
