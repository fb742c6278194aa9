package oddspages

import (
	"errors"
	"fmt"

	"tableside/engine"
	"tableside/engine/risk"
)

// defaultPlan is the chance the odds page plans for until the player says
// another: four battles in five is what players usually mean by "safe".
const defaultPlan = "80"

// planView is the planner's answer as the page shows it: the engine's
// numbers (risk.MakePlan) and the same in words, formatted once here so the
// page and its script print the same digits.
type planView struct {
	Chance      float64   `json:"chance"`
	Need        int       `json:"need"`
	Win         float64   `json:"win"`
	Fewer       float64   `json:"fewer"`
	FewerCannot bool      `json:"fewerCannot,omitempty"`
	InLast      []float64 `json:"inLast"`
	Taken       []float64 `json:"taken"` // each territory of the chain taken, with Need
	Text        planText  `json:"text"`
}

type planText struct {
	Need   string   `json:"need"`   // "For 80.0%: 18 on the board (17 attack, one stays home)."
	Sure   string   `json:"sure"`   // "With 18: win 81.7%; with 17: 76.5%."
	InLast []string `json:"inLast"` // "3 move in: 6.3% (at least 3: 75.5%)"
	Home   string   `json:"home"`   // who stays behind
	Steps  []string `json:"steps"`  // chain: "Territory 2 (3): taken 91.9%"
}

// planLimits keep a plan within the page's budget: no more armies than the
// page answers for, no more work than one odds question.
var planLimits = risk.PlanLimits{MaxArmies: webOddsMaxArmies, MaxWork: webOddsMaxWork}

// planOf plans for chance within the page's bounds. A plan the page will
// not look far enough for says so and names the laptop's command.
func planOf(q risk.Query, chance float64) (*planView, error) {
	p, err := risk.MakePlan(q, chance, planLimits)
	if err != nil {
		var re *engine.RuleError
		if errors.As(err, &re) && re.Rule == "plan-too-big" {
			return nil, engine.Refuse(re.Rule, "%s (tableside odds --plan on the laptop goes further)", re.Message)
		}
		return nil, err
	}
	v := &planView{Chance: p.Chance, Need: p.Need, Win: p.Odds.Win, Fewer: p.Fewer, FewerCannot: p.FewerCannot, InLast: p.InLast, Text: planWords(p)}
	for _, st := range p.Odds.Steps {
		v.Taken = append(v.Taken, st.Conquer)
	}
	return v, nil
}

// planAlone answers a question with no attacking armies typed: the plan is
// the whole answer, and its refusal the answer's.
func planAlone(in risk.QueryText, chance string) (*oddsAnswer, error) {
	q, p, err := risk.ParsePlanQuery(in, chance)
	if err != nil {
		return nil, err
	}
	if err := withinWebBudget(q); err != nil {
		return nil, err
	}
	v, err := planOf(q, p)
	if err != nil {
		return nil, err
	}
	return &oddsAnswer{Plan: v}, nil
}

// planWords says the plan for people.
func planWords(p *risk.Plan) planText {
	t := planText{Need: fmt.Sprintf("For %s: %d on the board in the attacking territory (%d attack, one stays home).", pctText(p.Chance), p.Need, p.Need-1)}
	if p.FewerCannot {
		t.Sure = fmt.Sprintf("With %d: win %s. Fewer cannot make this attack.", p.Need, pctText(p.Odds.Win))
	} else {
		t.Sure = fmt.Sprintf("With %d: win %s; with %d: %s.", p.Need, pctText(p.Odds.Win), p.Need-1, pctText(p.Fewer))
	}
	t.Home = "One stays behind; the rest may move in."
	if p.Home > 1 {
		t.Home = fmt.Sprintf("%d stay behind in each territory taken; the rest may move in.", p.Home)
	}
	for r, x := range p.InLast {
		if x >= 0.0005 {
			t.InLast = append(t.InLast, fmt.Sprintf("%d move in: %s (at least %d: %s)", r, pctText(x), r, pctText(p.AtLeast(r))))
		}
	}
	if steps := p.Odds.Steps; len(steps) > 1 {
		for k, st := range steps {
			t.Steps = append(t.Steps, fmt.Sprintf("Territory %d (%s): taken %s", k+1, st.Defender, pctText(st.Conquer)))
		}
	}
	return t
}
