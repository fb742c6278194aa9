package conquest

import "tableside/engine"

// Measure is, for every seat (rampaging neutrals left out), the territories
// it holds and the armies on them: both are on the board for all to see.
func Measure(st engine.State) []engine.Measure {
	s := st.(*State)
	seats := 0
	for _, p := range s.Players {
		if !p.Neutral {
			seats++
		}
	}
	terr := engine.Measure{Label: "Territories", Unit: "territories", Values: make([]int, seats)}
	armies := engine.Measure{Label: "Armies", Unit: "armies", Values: make([]int, seats)}
	for t, o := range s.Owner {
		if o >= 0 && o < seats && !s.Players[o].Neutral {
			terr.Values[o]++
			armies.Values[o] += s.Armies[t]
		}
	}
	return []engine.Measure{terr, armies}
}
