package cashcrash

import "tableside/engine"

// Measure is the cards each player owns (hand and stake): the game's money,
// lost a stake at a time. How many cards a player owns is public; which
// cards they are is not, and the measure does not say.
func (Rules) Measure(st engine.State) []engine.Measure {
	s := st.(*State)
	m := engine.Measure{Label: "Cards owned", Unit: "cards", Values: make([]int, len(s.Seats))}
	for i := range s.Seats {
		if i < len(s.Players) {
			m.Values[i] = s.Players[i].Cards()
		}
	}
	return []engine.Measure{m}
}
