package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"tableside/engine/risk"
)

const oddsSynopsis = "odds ATTACKER DEFENDER [--chain D2,D3,...] [--stop N] [--leave K] [--mompop] [--defender-dice 1|2|3] [--json]"

// runOdds prints the exact odds of a battle or a chain of battles. Numbers
// are armies counted on the board: "odds 10 7" is 10 in the attacking
// territory (9 may attack) against 7.
func runOdds(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("odds", oddsSynopsis+"\n\nArmies are counted on the board: 'odds 10 7' is 10 in the attacking territory (9 may attack) against 7.\nWrite m for a Mom & Pop (Cold Cash Risk), whose defenders are one die roll.", stdout, stderr)
	chain := fs.String("chain", "", "further territories to attack one after the other, each from the one taken before: their defenders, comma-separated (m for a Mom & Pop)")
	stop := fs.String("stop", "", "stop rolling once the attacking territory is down to N armies on the board (default: fight to the end)")
	leave := fs.String("leave", "", "armies left in each conquered territory of a chain before the rest move on (default 1)")
	mompop := fs.Bool("mompop", false, "the defender is a Mom & Pop: its armies are one die roll, 1-6, and at least one round is fought")
	dice := fs.String("defender-dice", "", "house rule: the most dice the defender rolls (1, 2 or 3; default 2)")
	asJSON := fs.Bool("json", false, "print the whole answer as one JSON object")
	pos, err := parseFlags(fs, markNegatives(args))
	if err != nil {
		return err
	}
	for i := range pos {
		pos[i] = strings.TrimPrefix(pos[i], negMark)
	}
	in := risk.QueryText{Chain: *chain, Stop: *stop, Leave: *leave, DefenderDice: *dice, MomPop: *mompop}
	switch {
	case len(pos) == 2:
		in.Attackers, in.Defender = pos[0], pos[1]
	case len(pos) == 1 && *mompop:
		in.Attackers = pos[0]
	default:
		return usagef("give the attacking and the defending armies, as counted on the board: %s", oddsSynopsis)
	}
	q, err := risk.ParseQuery(in)
	if err != nil {
		return usagef("%v", err)
	}
	o, err := risk.Compute(q)
	if err != nil {
		return usagef("%v", err)
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(o)
	}
	return printOdds(stdout, o)
}

// isNegativeNumber reports whether a starts like a negative number ("-3"):
// a plain test, not a regexp compiled at every start of the binary.
func isNegativeNumber(a string) bool { return len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' }

// negMark lets a negative number typed as an army count ("odds -3 2") pass
// the flag parser as a positional argument, in its place, so the army check
// can refuse it in words instead of "flag provided but not defined".
const negMark = "\x00"

func markNegatives(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		prevTakesValue := i > 0 && !strings.Contains(args[i-1], "=") && valueFlag(args[i-1])
		if isNegativeNumber(a) && !prevTakesValue {
			out[i] = negMark + a
		}
	}
	return out
}

func valueFlag(a string) bool {
	switch strings.TrimLeft(a, "-") {
	case "chain", "stop", "leave", "defender-dice":
		return strings.HasPrefix(a, "-")
	}
	return false
}

// printOdds writes the short table a player reads at the table.
func printOdds(w io.Writer, o *risk.Odds) error {
	var b strings.Builder
	first := o.Defenders[0]
	fmt.Fprintf(&b, "%d attacking %s", o.Attackers, defenderWords(first))
	if len(o.Defenders) > 1 {
		fmt.Fprintf(&b, ", then a chain of %d more", len(o.Defenders)-1)
	}
	fmt.Fprintf(&b, "\n(%s)\n", o.Convention)
	if first.MomPop {
		fmt.Fprintf(&b, "Once a Mom & Pop is attacked, at least one round is fought.\n")
	}
	if o.Stop > 1 {
		fmt.Fprintf(&b, "Stopping once the attacking territory is down to %d.\n", o.Stop)
	}
	if o.Dice.DefenderDice != 0 && o.Dice.DefenderDice != 2 {
		fmt.Fprintf(&b, "House rule: the defender rolls at most %d dice.\n", o.Dice.DefenderDice)
	}
	fmt.Fprintf(&b, "\nWin: %s\n", pct(o.Win))
	if o.Win > 0 {
		fmt.Fprintf(&b, "If you win: %.1f armies on average in the territory you attack from, before moving in.\n", o.ExpectedIfWin)
	}
	fmt.Fprintf(&b, "Expected losses: you %.1f, the defender %.1f. You keep %.1f of your %d on the board.\n",
		o.ExpectedAttackerLosses, o.ExpectedDefenderLosses, o.ExpectedLeft, o.Attackers)
	if bc := o.Steps[0].ByCount; bc != nil {
		fmt.Fprintf(&b, "By the Mom & Pop's die:")
		for c, p := range bc {
			fmt.Fprintf(&b, "  %d: %s", c+1, pct(p))
		}
		fmt.Fprintln(&b)
	}
	if len(o.Steps) > 1 {
		fmt.Fprintf(&b, "\n%-10s %-16s %8s %8s\n", "Territory", "Defenders", "Reached", "Taken")
		for k, st := range o.Steps {
			fmt.Fprintf(&b, "%-10d %-16s %8s %8s\n", k+1, st.Defender.String(), pct(st.Reach), pct(st.Conquer))
		}
	}
	fmt.Fprintf(&b, "\nHow it ends (your armies on the board before moving in):\n")
	hidden := 0.0
	for _, x := range o.Outcomes() {
		if x.P < 0.0005 {
			hidden += x.P
			continue
		}
		fmt.Fprintf(&b, "  %-44s %7s  %s\n", x.Words(len(o.Steps) > 1), pct(x.P), strings.Repeat("#", int(x.P*60+0.5)))
	}
	if hidden > 0 {
		fmt.Fprintf(&b, "  (outcomes under 0.05%% each, %s in all, left out)\n", pct(hidden))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func defenderWords(d risk.Defender) string {
	if d.MomPop {
		return "a Mom & Pop (1-6 defenders, one die roll)"
	}
	return fmt.Sprintf("%d defending", d.Armies)
}

func pct(p float64) string { return risk.Percent(p) }
