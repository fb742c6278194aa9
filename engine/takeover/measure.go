package takeover

import "tableside/engine"

// Measure is each player's worth, in millions, as the final score would
// count it now: stock coins at their corporation's worth plus cash coins
// at face value. Which coins a player holds, and which side up, is secret
// until the game ends, so the measure is Secret: a phone charts its own
// line, and everyone sees every line once the scores are laid open.
func (Rules) Measure(st engine.State) []engine.Measure {
	s := st.(*State)
	m := engine.Measure{Label: "Worth (stock and cash)", Unit: "millions", Secret: true, Values: make([]int, len(s.Seats))}
	for _, l := range s.Scores() {
		if l.Seat >= 0 && l.Seat < len(m.Values) {
			m.Values[l.Seat] = l.Total
		}
	}
	return []engine.Measure{m}
}
