package risk

// Outcome is one way an attack can end, for tables and charts.
type Outcome struct {
	// Step is the territory of the chain (from 0) where the attack ended.
	Step int `json:"step"`
	// Won: every territory fell and Left is the attacker's armies on the
	// board in the territory the last attack came from, before moving in.
	Won bool `json:"won"`
	// TooFew: territory Step fell, but too few armies were left to go on.
	TooFew bool `json:"tooFew,omitempty"`
	// Left is the defenders still standing in territory Step when the attack
	// stopped there (not Won, not TooFew); the attacker's armies when Won.
	Left int     `json:"left"`
	P    float64 `json:"p"`
}

// Outcomes lists every way the attack can end that has a chance above 0,
// from the defender's best to the attacker's best: held at the first
// territory by many, ..., by one, then further along the chain, and last
// every territory taken with few, ..., with many armies left.
func (o *Odds) Outcomes() []Outcome {
	var out []Outcome
	for k, st := range o.Steps {
		for j := len(st.Held) - 1; j >= 1; j-- {
			if st.Held[j] > 0 {
				out = append(out, Outcome{Step: k, Left: j, P: st.Held[j]})
			}
		}
		if st.TooFew > 0 {
			out = append(out, Outcome{Step: k, TooFew: true, P: st.TooFew})
		}
	}
	last := len(o.Steps) - 1
	for n, p := range o.Conquered {
		if p > 0 {
			out = append(out, Outcome{Step: last, Won: true, Left: n, P: p})
		}
	}
	return out
}
