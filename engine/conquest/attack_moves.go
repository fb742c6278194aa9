package conquest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	"tableside/engine"
	"tableside/engine/risk"
)

// BestAttacks is how many attacks a move sheet shows at once, the most
// likely to win first; the rest fold under "more" (engine.Move.Minor).
// Two, so they and "Stop attacking" are on a 360 x 740 phone's first
// screen with the turn's words above them.
const BestAttacks = 2

// planChance is the chance the attack planner plans for: four battles in
// five, what players usually mean by a safe attack.
const planChance = 0.8

// The folds of a long attack list: the less likely blitzes, the single
// rolls, and fortifying (which ends the attacks) during them.
const (
	GroupMoreAttacks = "More attacks"
	// GroupMoreTrades folds the sets of cards worth less than the best.
	GroupMoreTrades = "More trades"
	GroupOneRoll    = "One roll at a time"
	GroupFortifyNow = "Stop attacking and fortify"
	// The per-territory lists a phone folds, chosen on its map
	// (engine.Move.Map).
	GroupPlaceByName   = "Place by name"
	GroupFortifyByName = "Fortify by name"
)

// attacks lists every attack the turn player may make now: from each own
// territory with an army to spare onto each enemy neighbour, as a blitz
// (fought to the end, with its exact chance of taking the territory) and as
// one roll of the most dice (with its chance of taking it in that roll).
// A blitz from a territory too weak for a win four times in five says the
// armies that would need (the attack planner of docs/odds.md).
// Blitzes come best first, all but the best BestAttacks marked Minor; the
// single rolls follow, all Minor. A territory with one army never attacks.
func (b *moveBuilder) attacks(p int) {
	s := b.s
	var blitz, rolls []engine.Move
	needs := map[int]int{} // defenders -> the armies a planChance win needs, asked once per count
	fewest := func(q risk.Query) (int, error) {
		d := q.Defenders[0].Armies
		if n, ok := needs[d]; ok {
			return n, nil
		}
		n, err := risk.FewestArmies(q, planChance, risk.EngineLimits)
		needs[d] = n
		return n, err
	}
	for t, o := range s.Owner {
		if o != p || s.Armies[t] < 2 {
			continue
		}
		for _, nb := range s.m.Neighbours(riskID(t)) {
			n := int(nb)
			if s.Owner[n] == p {
				continue
			}
			a, d := s.Armies[t], s.Armies[n]
			m := engine.Move{Step: StepAttack, Seat: p, From: b.name(t), To: b.name(n), Concerns: []string{b.name(t), b.name(n)}}
			m.ID, m.Type = fmt.Sprintf("attack-%d-%d", t, n), CmdAttack
			m.Data = mustJSON(map[string]any{"from": t, "to": n})
			// One line a move: the step says "attack", the line where from
			// and how many, the chance its big number.
			m.Label = fmt.Sprintf("%s from %s · %d v %d", b.name(n), b.name(t), a, d)
			if odds, err := risk.Compute(risk.Query{Attackers: a, Defenders: []risk.Defender{{Armies: d}}}); err == nil {
				m.Chance, m.ChanceOf = engine.Chance(odds.Win), "win"
				m.Note = "blitz to the end"
				q := risk.Query{Attackers: a, Defenders: []risk.Defender{{Armies: d}}}
				if need, err := fewest(q); err == nil && need > a {
					m.Note += fmt.Sprintf(" · %s needs %d", risk.Percent(planChance), need) // the attack planner (docs/odds.md)
				}
			}
			blitz = append(blitz, m)
			r := m
			r.ID, r.Minor, r.Group = fmt.Sprintf("roll-%d-%d", t, n), true, GroupOneRoll
			r.Data = mustJSON(map[string]any{"from": t, "to": n, "mode": "roll"})
			one := OneRollTakes(a, d, 0)
			r.Chance, r.ChanceOf, r.Note = engine.Chance(one), "this roll", "one roll"
			rolls = append(rolls, r)
		}
	}
	slices.SortStableFunc(blitz, func(x, y engine.Move) int { return cmp.Compare(chanceOf(y), chanceOf(x)) })
	for i := range blitz {
		if blitz[i].Minor = i >= BestAttacks; blitz[i].Minor {
			blitz[i].Group = GroupMoreAttacks
		}
	}
	b.moves = append(b.moves, blitz...)
	b.moves = append(b.moves, rolls...)
}

func chanceOf(m engine.Move) float64 {
	if m.Chance == nil {
		return 0
	}
	return *m.Chance
}

// OneRollTakes is the exact chance that one roll of the most dice from a
// territory with attackers armies takes a territory with defenders armies,
// the defender rolling defendDice dice (0: the most it may).
func OneRollTakes(attackers, defenders, defendDice int) float64 {
	ad := risk.AttackDice(attackers)
	dd := risk.DiceRules{DefenderDice: defendDice}.DefendDice(defenders)
	if ad < 1 || dd < 1 {
		return 0
	}
	rc, err := risk.OneRoll(ad, dd)
	if err != nil || defenders > rc.Compared {
		return 0
	}
	// The defender loses Compared-j armies when the attacker loses j: the
	// territory falls when that is all of its armies.
	var ways int64
	for j := 0; j <= rc.Compared-defenders; j++ {
		ways += rc.Ways[j]
	}
	return float64(ways) / float64(rc.Of)
}

// holdChance is the exact chance that the territory under attack in d
// holds when its defender rolls dice dice in every roll.
func (s *State) holdChance(d Defence, dice int) (float64, bool) {
	a, n := s.Armies[d.From], s.Armies[d.To]
	if d.Mode == "roll" {
		ad := risk.AttackDice(a)
		if d.AttackDice > 0 {
			ad = d.AttackDice
		}
		dd := min(dice, n)
		rc, err := risk.OneRoll(ad, dd)
		if err != nil {
			return 0, false
		}
		if n > rc.Compared {
			return 1, true
		}
		var ways int64
		for j := 0; j <= rc.Compared-n; j++ {
			ways += rc.Ways[j]
		}
		return 1 - float64(ways)/float64(rc.Of), true
	}
	odds, err := risk.Compute(risk.Query{Attackers: a, Defenders: []risk.Defender{{Armies: n}}, Stop: d.Stop, Dice: risk.DiceRules{DefenderDice: dice}})
	if err != nil {
		return 0, false
	}
	return 1 - odds.Win, true
}

// defence is the defender's answer to an attack with virtual dice: 1 die
// or 2, each with its exact chance of holding the territory.
func (b *moveBuilder) defence() {
	s := b.s
	d := s.Defence
	if !b.may(d.Defender) {
		return
	}
	b.step, b.hint = StepDefend, fmt.Sprintf("%s attacks %s from %s", s.name(d.Attacker), b.tn(d.To), b.tn(d.From))
	most := risk.DiceRules{}.DefendDice(s.Armies[d.To])
	for n := 1; n <= most; n++ {
		label := "Defend with 1 die"
		if n > 1 {
			label = fmt.Sprintf("Defend with %d dice", n)
		}
		m := engine.Move{Step: StepDefend, Seat: d.Defender, From: b.name(d.From), To: b.name(d.To), Concerns: []string{b.name(d.From), b.name(d.To)}}
		if p, ok := s.holdChance(*d, n); ok {
			m.Chance, m.ChanceOf = engine.Chance(p), "hold"
		}
		b.add(m, fmt.Sprintf("defend-%d", n), label, CmdDefend, map[string]any{"dice": n})
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
