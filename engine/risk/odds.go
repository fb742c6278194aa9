package risk

import (
	"fmt"

	"tableside/engine"
)

// ConventionFor says how the numbers of a battle with a attacking are
// counted, for screens and the command line to repeat wherever they appear.
func ConventionFor(a int) string {
	return fmt.Sprintf("Armies are counted on the board: %d attacking means %d stand in the attacking territory and %d of them may attack (one always stays home).", a, a, a-1)
}

// Limits that keep every question answerable at once.
const (
	MaxArmies = 100_000 // more armies than any table owns
	MaxChain  = 42      // a path visits each of the 42 territories at most once
	// MaxWork bounds the states an answer visits (attackers x defenders,
	// summed over a chain): about a second of work on a small laptop.
	MaxWork = 400_000_000
	// MomPopFaces: a Mom & Pop defends with one die's worth of armies.
	MomPopFaces = 6
)

// Defender is one territory under attack: its armies on the board, or a
// Mom & Pop (Cold Cash Risk) whose defenders are one die roll, 1 to 6, made
// once the attack is announced.
type Defender struct {
	Armies int  `json:"armies,omitempty"`
	MomPop bool `json:"momPop,omitempty"`
}

// Max is the most armies the territory can defend with.
func (d Defender) Max() int {
	if d.MomPop {
		return MomPopFaces
	}
	return d.Armies
}

func (d Defender) String() string {
	if d.MomPop {
		return "Mom & Pop (1-6)"
	}
	return fmt.Sprint(d.Armies)
}

// Query is a question about a battle or a chain of battles.
type Query struct {
	// Attackers stand in the attacking territory; all but one may attack.
	Attackers int `json:"attackers"`
	// Defenders are the territories attacked one after the other, each from
	// the one taken before it; one entry is a single battle.
	Defenders []Defender `json:"defenders"`
	// Stop: the attacker stops rolling once the territory it attacks from is
	// down to Stop armies on the board. 0 or 1: fight to the end.
	Stop int `json:"stop,omitempty"`
	// Leave is how many armies stay in each conquered territory of a chain
	// when the rest move on to the next attack (1 when 0).
	Leave int       `json:"leave,omitempty"`
	Dice  DiceRules `json:"dice"`
}

func (q Query) leave() int { return max(q.Leave, 1) }

// Validate refuses a question no table could ask, naming the rule.
func (q Query) Validate() error {
	if err := q.Dice.check(); err != nil {
		return err
	}
	switch {
	case q.Attackers < 2:
		return engine.Refuse("one-stays-home", "%d attacking cannot attack: one army always stays home, so an attack needs at least 2 on the board.", q.Attackers)
	case q.Attackers > MaxArmies:
		return engine.Refuse("too-many-armies", "%d armies is more than any table has; the odds go up to %d.", q.Attackers, MaxArmies)
	case len(q.Defenders) == 0:
		return engine.Refuse("no-defender", "Say how many armies defend.")
	case len(q.Defenders) > MaxChain:
		return engine.Refuse("chain-too-long", "A chain of %d territories is longer than the map allows (at most %d).", len(q.Defenders), MaxChain)
	case q.Stop < 0:
		return engine.Refuse("stop-early", "Stop early counts armies left on the board: 1 or more, not %d.", q.Stop)
	case q.Leave < 0 || q.Leave >= q.Attackers:
		return engine.Refuse("leave-behind", "Leave 1 or more armies in each conquered territory, and fewer than the %d attacking, not %d.", q.Attackers, q.Leave)
	}
	for i, d := range q.Defenders {
		if d.MomPop {
			continue
		}
		if d.Armies < 1 {
			return engine.Refuse("no-defender", "Territory %d of the chain has %d defenders: a territory always holds at least 1.", i+1, d.Armies)
		}
		if d.Armies > MaxArmies {
			return engine.Refuse("too-many-armies", "%d defending is more than any table has; the odds go up to %d.", d.Armies, MaxArmies)
		}
	}
	if q.Stop >= q.Attackers && !q.Defenders[0].MomPop {
		return engine.Refuse("stop-early", "Stopping at %d with %d on the board means never rolling: stop at fewer than %d.", q.Stop, q.Attackers, q.Attackers)
	}
	if w := q.Work(); w > MaxWork {
		return engine.Refuse("too-big", "%s is too big to work out exactly in a moment (%d million army pairs; the limit is %d million, e.g. 20,000 against 20,000).", q.describe(), w/1_000_000, MaxWork/1_000_000)
	}
	return nil
}

// Work is the number of states the exact answer visits, for the limit.
func (q Query) Work() int64 {
	var w int64
	for _, d := range q.Defenders {
		w += int64(q.Attackers) * int64(d.Max()+1)
	}
	return w
}

func (q Query) describe() string {
	s := fmt.Sprintf("%d against %s", q.Attackers, q.Defenders[0])
	if len(q.Defenders) > 1 {
		s += fmt.Sprintf(" and %d more territories", len(q.Defenders)-1)
	}
	return s
}

// Odds is the exact answer to a Query. Every chance is a probability from 0
// to 1, worked out over every possible roll (not simulated).
type Odds struct {
	Query
	Convention string `json:"convention"`
	// Win is the chance the attacker takes the last territory of the chain.
	Win   float64    `json:"win"`
	Steps []StepOdds `json:"steps"`
	// Attacker[n] is the chance the attack ends with n armies on the board in
	// the territory the last attack came from, before any move in (counted
	// like Attackers: the survivors plus those that stay there).
	Attacker []float64 `json:"attacker"`
	// Conquered[n] is the part of Attacker[n] in which every territory fell.
	Conquered []float64 `json:"conquered"`
	// ExpectedIfWin is the average of n over Conquered (0 if Win is 0).
	ExpectedIfWin float64 `json:"expectedIfWin"`
	// ExpectedLeft is the attacker's armies still on the board on average:
	// at home, left behind along the chain, and at the front.
	ExpectedLeft           float64 `json:"expectedLeft"`
	ExpectedAttackerLosses float64 `json:"expectedAttackerLosses"`
	ExpectedDefenderLosses float64 `json:"expectedDefenderLosses"`
}

// StepOdds is one territory of the chain.
type StepOdds struct {
	Defender
	// Reach is the chance this territory is attacked at all.
	Reach float64 `json:"reach"`
	// Conquer is the chance it falls.
	Conquer float64 `json:"conquer"`
	// Held[j] is the chance the attack ends here with j defenders still
	// standing (j >= 1; Held[0] is 0).
	Held []float64 `json:"held"`
	// TooFew is the chance it falls but too few armies are left to go on
	// (the chain stops there).
	TooFew float64 `json:"tooFew,omitempty"`
	// ByCount[c-1], for a Mom & Pop, is the chance it falls if its die shows c
	// (only for the first territory).
	ByCount                []float64 `json:"byCount,omitempty"`
	ExpectedAttackerLosses float64   `json:"expectedAttackerLosses"`
	ExpectedDefenderLosses float64   `json:"expectedDefenderLosses"`
}

// Compute answers a query exactly, by dynamic programming over the states
// (attacking armies, defending armies) of each battle.
func Compute(q Query) (*Odds, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	A, K, dmx := q.Attackers, q.leave(), q.Dice.DefenderMax()
	o := &Odds{Query: q, Convention: ConventionFor(A), Attacker: make([]float64, A+1), Conquered: make([]float64, A+1)}
	force := make([]float64, A) // force[f]: chance of arriving with f armies able to attack
	force[A-1] = 1
	for k, def := range q.Defenders {
		home := 1 // armies that stay in the territory attacked from
		if k > 0 {
			home = K
		}
		t := max(0, q.Stop-home) // stop once the attacking armies are down to t
		// A Mom & Pop fights at least one round once attacked. Only the first
		// battle can start at or below the stop count: later ones are
		// attacked only with armies to spare (see below), so the forced
		// round matters only there.
		w := weights(def)
		in := stepIn{force: force, defW: w, stop: t, forced: k == 0 && def.MomPop, dmax: dmx}
		out := sweep(in)
		st := StepOdds{Defender: def, Reach: sum(force), Conquer: sum(out.won), Held: out.held}
		st.ExpectedAttackerLosses = moment(force) - moment(out.won) - moment(out.heldForce)
		st.ExpectedDefenderLosses = st.Reach*moment(w) - moment(out.held)
		for f, m := range out.heldForce {
			o.Attacker[f+home] += m
		}
		if k == 0 && def.MomPop && len(q.Defenders) == 1 {
			st.ByCount = make([]float64, MomPopFaces)
			for c := 1; c <= MomPopFaces; c++ {
				wc := make([]float64, c+1)
				wc[c] = 1
				in.defW = wc
				st.ByCount[c-1] = sum(sweep(in).won)
			}
		}
		last := k == len(q.Defenders)-1
		var next []float64
		for r, m := range out.won {
			if m == 0 {
				continue
			}
			// Go on only with armies to spare over those left behind and
			// over the stop count of the next territory's attack.
			f := r - K
			if last || f <= 0 || f <= max(0, q.Stop-K) {
				o.Attacker[r+home] += m
				if last {
					o.Conquered[r+home] += m
				} else {
					st.TooFew += m
				}
				continue
			}
			if next == nil {
				next = make([]float64, len(out.won)-K)
			}
			next[f] += m
		}
		o.ExpectedAttackerLosses += st.ExpectedAttackerLosses
		o.ExpectedDefenderLosses += st.ExpectedDefenderLosses
		o.Steps = append(o.Steps, st)
		if next == nil {
			next = []float64{0}
		}
		force = next
	}
	o.Win = sum(o.Conquered)
	if o.Win > 0 {
		o.ExpectedIfWin = moment(o.Conquered) / o.Win
	}
	o.ExpectedLeft = float64(A) - o.ExpectedAttackerLosses
	return o, nil
}

// weights is the chance of each defender count: certain, or a die for a Mom & Pop.
func weights(d Defender) []float64 {
	w := make([]float64, d.Max()+1)
	if d.MomPop {
		for c := 1; c <= MomPopFaces; c++ {
			w[c] = 1.0 / MomPopFaces
		}
		return w
	}
	w[d.Armies] = 1
	return w
}

func sum(p []float64) float64 {
	s := 0.0
	for _, x := range p {
		s += x
	}
	return s
}

// moment is sum of i * p[i].
func moment(p []float64) float64 {
	s := 0.0
	for i, x := range p {
		s += float64(i) * x
	}
	return s
}
