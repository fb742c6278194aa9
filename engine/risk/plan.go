package risk

import (
	"fmt"

	"tableside/engine"
)

// Plan answers the planner's question: the fewest armies that take every
// territory of a battle or chain with at least a chosen chance, and what
// those armies may expect. Exact: the fewest is found over every starting
// count at once (winCurve), and its answer is the odds engine's own
// (Compute), so the planner and the odds page never disagree.
type Plan struct {
	// Chance is the chance asked for (above 0, below 1).
	Chance float64 `json:"chance"`
	// Need is the fewest armies on the board in the attacking territory
	// (one stays home) whose chance to take the last territory is at least
	// Chance.
	Need int `json:"need"`
	// Fewer is the chance with one army fewer; FewerCannot says one fewer
	// could not make this attack at all (one stays home, the stop count,
	// the armies left behind).
	Fewer       float64 `json:"fewer"`
	FewerCannot bool    `json:"fewerCannot,omitempty"`
	// Home is how many armies stay in the territory the last attack comes
	// from (1 for a single battle, the chain's leave count otherwise).
	Home int `json:"home"`
	// InLast[r] is the chance, with Need, that the last territory falls and
	// r armies move into it: every survivor of the last attack.
	InLast []float64 `json:"inLast"`
	// Odds is the whole answer with Need, as the odds page gives it; its
	// Steps say how far Need gets along a chain.
	Odds *Odds `json:"odds"`
}

// PlanLimits bound how far the planner looks: the engine's own limits for
// the command line, tighter ones for a page anyone on the Wi-Fi may ask.
type PlanLimits struct {
	MaxArmies int   // the most armies on the board it tries
	MaxWork   int64 // attacking armies x defenders, summed over the chain
}

// EngineLimits are the planner's limits when nothing tighter is asked for.
var EngineLimits = PlanLimits{MaxArmies: MaxArmies, MaxWork: MaxWork}

// AtLeast is the chance the last territory falls with at least r armies to
// move into it.
func (p *Plan) AtLeast(r int) float64 {
	s := 0.0
	for i := max(r, 0); i < len(p.InLast); i++ {
		s += p.InLast[i]
	}
	return s
}

// MakePlan finds the fewest armies that take q's chain with at least chance.
// q.Attackers is ignored (the player's own count is a separate question
// for Compute); its other fields (the defenders, stop, leave, dice) hold.
func MakePlan(q Query, chance float64, lim PlanLimits) (*Plan, error) {
	need, least, w, err := fewest(q, chance, lim)
	if err != nil {
		return nil, err
	}
	return planWith(q, chance, need, least, w)
}

// FewestArmies is MakePlan's first answer alone: the fewest armies on the
// board that take q's chain with at least chance, for screens that show it
// beside an attack's odds.
func FewestArmies(q Query, chance float64, lim PlanLimits) (int, error) {
	need, _, _, err := fewest(q, chance, lim)
	return need, err
}

// fewest searches the win curve, growing it until the chance is reached
// or the limits are: it returns the fewest, the least that may attack at
// all, and the curve (w[f]: the chance with f attacking).
func fewest(q Query, chance float64, lim PlanLimits) (need, least int, w []float64, err error) {
	if err := CheckChance(chance); err != nil {
		return 0, 0, nil, err
	}
	least = leastAttackers(q)
	q.Attackers = least
	if err := q.Validate(); err != nil {
		return 0, 0, nil, err
	}
	per := q.Work() / int64(least) // work per attacking army
	top := min(lim.MaxArmies, MaxArmies, int(lim.MaxWork/per))
	if top < least {
		return 0, 0, nil, engine.Refuse("plan-too-big", "%s is too big to plan for here.", q.describe())
	}
	size := min(top, max(least, firstGuess(q)))
	for {
		w = winCurve(q, size-1)
		for a := least; a <= size; a++ {
			if w[a-1] >= chance {
				return a, least, w, nil
			}
		}
		if size >= top {
			return 0, 0, nil, engine.Refuse("plan-too-big", "Even %d attacking win %s only %s of the time, short of the %s asked for; the planner looks no further than %d.",
				size, q.target(), Percent(w[size-1]), Percent(chance), top)
		}
		size = min(top, 2*size)
	}
}

// planWith fills the plan for need armies from the win curve and Compute.
func planWith(q Query, chance float64, need, least int, w []float64) (*Plan, error) {
	q.Attackers = need
	o, err := Compute(q)
	if err != nil {
		return nil, fmt.Errorf("plan %d attacking: %w", need, err)
	}
	p := &Plan{Chance: chance, Need: need, FewerCannot: need == least, Home: 1, Odds: o}
	if !p.FewerCannot {
		p.Fewer = w[need-2]
	}
	if len(q.Defenders) > 1 {
		p.Home = q.leave()
	}
	p.InLast = make([]float64, max(0, len(o.Conquered)-p.Home))
	for n, m := range o.Conquered {
		if n > p.Home {
			p.InLast[n-p.Home] = m
		}
	}
	return p, nil
}

// leastAttackers is the fewest armies on the board that may ask q at all:
// one stays home, the stop count must leave a roll (but for a Mom & Pop,
// which always fights a round), and the armies left behind must be fewer.
func leastAttackers(q Query) int {
	least := max(2, q.Leave+1)
	if len(q.Defenders) == 0 || !q.Defenders[0].MomPop {
		least = max(least, q.Stop+1)
	}
	return least
}

// firstGuess is where the search starts: the defenders and the armies
// left behind and a few more, which covers the usual chances (up to about
// 90%) in one pass; a higher chance doubles it once or twice.
func firstGuess(q Query) int {
	g := 8 + q.Stop + len(q.Defenders)*q.leave()
	for _, d := range q.Defenders {
		g += d.Max()
	}
	return g
}

// target says what is to be taken, for refusals.
func (q Query) target() string {
	if len(q.Defenders) == 1 {
		return "this battle"
	}
	return fmt.Sprintf("all %d territories", len(q.Defenders))
}

// CheckChance refuses a chance no plan can reach: a win is never certain.
func CheckChance(p float64) error {
	switch {
	case p != p || p <= 0:
		return engine.Refuse("plan-chance", "Plan for a chance above 0%%, like 80%%.")
	case p >= 1:
		return engine.Refuse("plan-chance", "No number of armies makes a win certain: plan for less than 100%%, like 80%% or 99%%.")
	}
	return nil
}
