package risk

import (
	"math"
	"strconv"
	"strings"

	"tableside/engine"
)

// QueryText is a battle question as a person typed it, on the command line
// or in the odds form. ParseQuery is the one place such text becomes a
// Query, so the CLI and the page accept and refuse exactly the same things.
type QueryText struct {
	Attackers    string // armies in the attacking territory
	Defender     string // armies defending, or "m" for a Mom & Pop
	Chain        string // further territories, comma-separated: "3,2,m"
	Stop         string // stop once the attacking territory is down to this many
	Leave        string // armies left in each conquered territory of a chain
	DefenderDice string // house rule: the most dice the defender rolls
	MomPop       bool   // the (first) defender is a Mom & Pop
}

// maxText bounds any one field: longer is not a battle anyone typed.
const maxText = 400

// ParseQuery reads and checks a typed question. Its refusals name the field
// and the rule, in words for the table.
func ParseQuery(in QueryText) (Query, error) {
	a, err := ParseArmies("attacking armies", in.Attackers)
	if err != nil {
		return Query{}, err
	}
	q, err := parseRest(in)
	if err != nil {
		return Query{}, err
	}
	q.Attackers = a
	if err := q.Validate(); err != nil {
		return Query{}, err
	}
	return q, nil
}

// ParsePlanQuery reads a planner's question: the battle as ParseQuery reads
// it, but the attacking armies may be left out (the planner finds them),
// and the chance to plan for. With the attackers typed, the question is
// checked whole (Attackers is set); without, Attackers is 0.
func ParsePlanQuery(in QueryText, chance string) (Query, float64, error) {
	var q Query
	var err error
	if strings.TrimSpace(in.Attackers) != "" {
		q, err = ParseQuery(in)
	} else {
		q, err = parseRest(in)
	}
	if err != nil {
		return Query{}, 0, err
	}
	p, err := ParseChance(chance) // after the battle, as the form reads
	if err != nil {
		return Query{}, 0, err
	}
	return q, p, nil
}

// ParseChance reads the chance to plan for: "80%", "80" or "0.8" (a number
// above 1 is a percentage).
func ParseChance(s string) (float64, error) {
	t := strings.TrimSpace(s)
	pc := strings.HasSuffix(t, "%")
	t = strings.TrimSpace(strings.TrimSuffix(t, "%"))
	p, err := strconv.ParseFloat(t, 64)
	if t == "" || err != nil || len(t) > 12 || math.IsNaN(p) || math.IsInf(p, 0) {
		return 0, engine.Refuse("plan-chance", "The chance to plan for must be a number like 80%% or 0.8, not %q.", clip(strings.TrimSpace(s)))
	}
	if pc || p > 1 {
		p /= 100
	}
	return p, CheckChance(p)
}

// parseRest reads everything of a typed question but the attacking armies.
func parseRest(in QueryText) (Query, error) {
	var q Query
	var err error
	def := strings.TrimSpace(in.Defender)
	switch {
	case in.MomPop && def != "" && !isMomPop(def):
		return Query{}, engine.Refuse("mompop", "A Mom & Pop's defenders are rolled (1-6): leave the defending armies out, or write m.")
	case in.MomPop || def != "":
		if in.MomPop {
			def = "m"
		}
		d, err := ParseDefender(def)
		if err != nil {
			return Query{}, err
		}
		q.Defenders = []Defender{d}
	default:
		return Query{}, engine.Refuse("no-defender", "Say how many armies defend (or tick Mom & Pop).")
	}
	if strings.TrimSpace(in.Chain) != "" {
		more, err := ParseChain(in.Chain)
		if err != nil {
			return Query{}, err
		}
		q.Defenders = append(q.Defenders, more...)
	}
	if q.Stop, err = optional("The stop count (armies left on the board)", in.Stop); err != nil {
		return Query{}, err
	}
	if q.Leave, err = optional("The armies left in each conquered territory", in.Leave); err != nil {
		return Query{}, err
	}
	if dd := strings.TrimSpace(in.DefenderDice); dd != "" {
		n, err := strconv.Atoi(dd)
		if err != nil || n < 1 || n > 3 {
			return Query{}, engine.Refuse("defender-dice", "The defender rolls 1, 2 or 3 dice at most, not %q.", clip(dd))
		}
		q.Dice.DefenderDice = n
	}
	return q, nil
}

// ParseArmies reads a count of armies: a whole number from 1 to MaxArmies.
func ParseArmies(what, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, engine.Refuse("not-a-number", "Give the %s as a number.", what)
	}
	if len(s) > 12 {
		return 0, engine.Refuse("too-many-armies", "The %s %q is more than any table has; the odds go up to %d.", what, clip(s), MaxArmies)
	}
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return 0, engine.Refuse("not-a-number", "The %s must be a whole number, not %q.", what, clip(s))
	case n < 1:
		return 0, engine.Refuse("no-armies", "The %s must be at least 1, not %d: armies on the board are counted from 1.", what, n)
	case n > MaxArmies:
		return 0, engine.Refuse("too-many-armies", "%d %s is more than any table has; the odds go up to %d.", n, what, MaxArmies)
	}
	return n, nil
}

// ParseDefender reads one defending territory: its armies, or m for a Mom & Pop.
func ParseDefender(s string) (Defender, error) {
	if isMomPop(s) {
		return Defender{MomPop: true}, nil
	}
	n, err := ParseArmies("defending armies", s)
	return Defender{Armies: n}, err
}

func isMomPop(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "m", "mompop", "mom&pop", "mom & pop":
		return true
	}
	return false
}

// ParseChain reads the further territories of a chain: "3, 2, m".
func ParseChain(s string) ([]Defender, error) {
	if len(s) > maxText {
		return nil, engine.Refuse("chain-too-long", "That chain is longer than the map allows (at most %d territories).", MaxChain)
	}
	parts := strings.Split(s, ",")
	if len(parts) >= MaxChain {
		return nil, engine.Refuse("chain-too-long", "A chain of %d territories is longer than the map allows (at most %d).", len(parts)+1, MaxChain)
	}
	out := make([]Defender, 0, len(parts))
	for i, p := range parts {
		if strings.TrimSpace(p) == "" {
			return nil, engine.Refuse("chain", "The chain has an empty place at position %d: write the defenders of each further territory, separated by commas (3,2,m).", i+1)
		}
		d, err := ParseDefender(p)
		if err != nil {
			return nil, engine.Refuse("chain", "Chain entry %d: %v", i+1, err)
		}
		out = append(out, d)
	}
	return out, nil
}

// optional reads a small setting that may be left empty (0).
func optional(what, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || len(s) > 12 {
		return 0, engine.Refuse("not-a-number", "%s must be a whole number, not %q.", what, clip(s))
	}
	if n < 1 {
		return 0, engine.Refuse("not-a-number", "%s must be 1 or more, not %d.", what, n)
	}
	return n, nil
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}
