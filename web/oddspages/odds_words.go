package oddspages

import (
	"fmt"
	"strings"

	"tableside/engine/risk"
)

func pctText(p float64) string { return risk.Percent(p) }

func oddsWords(o *risk.Odds) oddsText {
	t := oddsText{Win: pctText(o.Win)}
	if o.Win > 0 {
		t.IfWin = fmt.Sprintf("%.1f", o.ExpectedIfWin)
	}
	t.Losses = fmt.Sprintf("you %.1f · defender %.1f", o.ExpectedAttackerLosses, o.ExpectedDefenderLosses)
	t.Kept = fmt.Sprintf("%.1f of your %d", o.ExpectedLeft, o.Attackers)
	first := o.Defenders[0]
	if first.MomPop {
		t.Title = fmt.Sprintf("%d attacking a Mom & Pop", o.Attackers)
		t.MomPopWay = "A Mom & Pop defends with one die roll of armies (1 to 6), rolled once the attack is announced; at least one round is then fought."
	} else {
		t.Title = fmt.Sprintf("%d attacking %d defending", o.Attackers, first.Armies)
	}
	if len(o.Steps) > 1 {
		t.Title += fmt.Sprintf(", then %d more", len(o.Steps)-1)
		for k, st := range o.Steps {
			t.Steps = append(t.Steps, fmt.Sprintf("Territory %d (%s): reached %s, taken %s", k+1, st.Defender, pctText(st.Reach), pctText(st.Conquer)))
		}
	}
	if bc := o.Steps[0].ByCount; bc != nil {
		parts := make([]string, len(bc))
		for i, p := range bc {
			parts[i] = fmt.Sprintf("%d: %s", i+1, pctText(p))
		}
		t.ByCount = "If its die shows " + strings.Join(parts, " · ")
	}
	if o.Stop > 1 {
		t.StopRule = fmt.Sprintf("Stopping once your territory is down to %d.", o.Stop)
	}
	t.Rules = []string{
		o.Convention,
		fmt.Sprintf("Each roll: the attacker throws up to 3 dice (never more than the armies that may attack), the defender up to %d; highest against highest, then second against second; the defender wins ties.", o.Dice.DefenderMax()),
		"Exact, not simulated: the chance of every possible roll is followed to every way the battle can end.",
	}
	if len(o.Steps) > 1 {
		t.Rules = append(t.Rules, fmt.Sprintf("Chain: after each territory falls, %d stays there and the rest attack the next one.", max(o.Leave, 1)))
	}
	return t
}
