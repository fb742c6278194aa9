package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"tableside/engine/risk"
)

// planAnswer is `odds --plan --json`: the plan, and the odds of the armies
// typed when there were some.
type planAnswer struct {
	Odds *risk.Odds `json:"odds,omitempty"`
	Plan *risk.Plan `json:"plan"`
}

// runPlan answers `odds ... --plan CHANCE`: the odds of the attackers typed
// (if any), then the fewest armies for the chance, from the same parser and
// engine as the odds.
func runPlan(in risk.QueryText, chance string, asJSON bool, stdout io.Writer) error {
	q, p, err := risk.ParsePlanQuery(in, chance)
	if err != nil {
		return usagef("%v", err)
	}
	var ans planAnswer
	if q.Attackers > 0 {
		if ans.Odds, err = risk.Compute(q); err != nil {
			return usagef("%v", err)
		}
	}
	if ans.Plan, err = risk.MakePlan(q, p, risk.EngineLimits); err != nil {
		return usagef("%v", err)
	}
	if asJSON {
		return json.NewEncoder(stdout).Encode(ans)
	}
	if ans.Odds != nil {
		if err := printOdds(stdout, ans.Odds); err != nil {
			return err
		}
		fmt.Fprintln(stdout)
	}
	return printPlan(stdout, ans.Plan)
}

// printPlan writes the plan as a player reads it: how many, how sure, what
// is left to move in, and how far along a chain.
func printPlan(w io.Writer, p *risk.Plan) error {
	var b strings.Builder
	o := p.Odds
	fmt.Fprintf(&b, "Plan for %s: %s\n", pct(p.Chance), planNeedWords(p))
	if p.FewerCannot {
		fmt.Fprintf(&b, "With %d: win %s (fewer cannot make this attack).\n", p.Need, pct(o.Win))
	} else {
		fmt.Fprintf(&b, "With %d: win %s; with %d: %s.\n", p.Need, pct(o.Win), p.Need-1, pct(p.Fewer))
	}
	fmt.Fprintf(&b, "\nWith %d, armies that move into the last territory when it falls (%s):\n", p.Need, planHomeWords(p))
	fmt.Fprintf(&b, "  %-8s %8s %10s\n", "Armies", "Exactly", "At least")
	hidden := 0.0
	for r, x := range p.InLast {
		if x < 0.0005 {
			hidden += x
			continue
		}
		fmt.Fprintf(&b, "  %-8d %8s %10s\n", r, pct(x), pct(p.AtLeast(r)))
	}
	if hidden > 0 {
		fmt.Fprintf(&b, "  (counts under 0.05%% each, %s in all, left out)\n", pct(hidden))
	}
	if len(o.Steps) > 1 {
		fmt.Fprintf(&b, "\nHow far %d gets:\n%-10s %-16s %8s %8s\n", p.Need, "Territory", "Defenders", "Reached", "Taken")
		for k, st := range o.Steps {
			fmt.Fprintf(&b, "%-10d %-16s %8s %8s\n", k+1, st.Defender.String(), pct(st.Reach), pct(st.Conquer))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// planNeedWords is the answer in the board's count: "12 on the board in the
// attacking territory (11 attack, one stays home)".
func planNeedWords(p *risk.Plan) string {
	return fmt.Sprintf("%d on the board in the attacking territory (%d attack, one stays home).", p.Need, p.Need-1)
}

// planHomeWords says who stays behind in the territory the last attack
// comes from.
func planHomeWords(p *risk.Plan) string {
	if p.Home == 1 {
		return "one stays behind"
	}
	return fmt.Sprintf("%d stay behind in each territory taken", p.Home)
}
