package risk

import "fmt"

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

// Words says an outcome for people; chain marks the territory it ended at.
func (x Outcome) Words(chain bool) string {
	where := ""
	if chain {
		where = fmt.Sprintf(" at territory %d", x.Step+1)
	}
	switch {
	case x.Won:
		return fmt.Sprintf("you win with %d left", x.Left)
	case x.TooFew:
		return fmt.Sprintf("you take territory %d, too few to go on", x.Step+1)
	default:
		return fmt.Sprintf("defender holds%s with %d", where, x.Left)
	}
}

// Percent writes a chance for people with one decimal, never rounding a
// chance that is not certain to 100% or one that is not impossible to 0%.
func Percent(p float64) string {
	switch {
	case p > 0 && p < 0.0005:
		return "<0.1%"
	case p < 1 && p >= 0.9995:
		return ">99.9%"
	}
	return fmt.Sprintf("%.1f%%", 100*p)
}
