package web

import (
	"fmt"
	"strings"

	"tableside/engine/risk"
)

// battleMoment is the newest battle as every screen tells it, the same in
// every game that fights one (RISK, Piecepack Conquers the World, Cold Cash
// Risk's hostile takeovers): who attacked whom, each side's dice of the last
// roll apart and in that side's colour, the losses of the whole battle,
// taken or held, and the attacker's chance of taking the territory before
// the battle and after it. The TV draws it large in its moment area, the
// host beside the map, a phone as one line (partials/moments.html).
type battleMoment struct {
	// Key names the battle, so a screen plays its roll once, when it is new.
	Key                string
	Attacker, Defender string // "Ana", "Festival (Ben)", "the Mom & Pop"
	// AttColour and DefColour are the classes that paint each side's dice
	// in its colour (a company's co-c2, a RISK player's cq-red); the names
	// beside the dice say whose they are, so colour is never the only sign.
	AttColour, DefColour string
	From, To             string // territory names
	AttDice, DefDice     []int  // the last roll's faces, highest first
	AttLost, DefLost     int    // the whole battle's losses
	Rolls                int    // how many rolls the battle took (a blitz: several)
	Taken                bool
	// Before and After are the attacker's exact chance of taking the
	// territory (fighting on to the end) before the first roll and after the
	// last: 1 once taken, 0 once it can attack no more.
	Before, After float64
}

// BeforePct and AfterPct write the chances as the move sheet does ("36 %").
func (m battleMoment) BeforePct() string { return pct(m.Before) }
func (m battleMoment) AfterPct() string  { return pct(m.After) }

// pct rounds a chance to a whole percentage, never to 0 or 100 while the
// battle could still go either way.
func pct(p float64) string {
	n := int(p*100 + 0.5)
	switch {
	case p > 0 && n == 0:
		return "<1 %"
	case p < 1 && n == 100:
		return ">99 %"
	}
	return fmt.Sprintf("%d %%", n)
}

// fromRolls fills what every game's battle shares: the last roll's faces,
// the whole battle's losses, and the chances before and after, from the
// armies each roll left (risk.Roll.After).
func fromRolls(rolls []risk.Roll, taken bool) *battleMoment {
	first, last := rolls[0], rolls[len(rolls)-1]
	m := &battleMoment{AttDice: last.Attacker, DefDice: last.Defender, Rolls: len(rolls), Taken: taken}
	for _, r := range rolls {
		m.AttLost += r.AttackerLost
		m.DefLost += r.DefenderLost
	}
	m.Before = takeChance(first.After.Attacker+first.AttackerLost, first.After.Defender+first.DefenderLost)
	m.After = takeChance(last.After.Attacker, last.After.Defender)
	if taken {
		m.After = 1
	}
	return m
}

// takeChance is the exact chance that a attacking armies (one of them
// staying home) take a territory held by d, fighting to the end: the number
// on the move sheet's attack.
func takeChance(a, d int) float64 {
	if d <= 0 {
		return 1
	}
	if a < 2 {
		return 0
	}
	o, err := risk.Compute(risk.Query{Attackers: a, Defenders: []risk.Defender{{Armies: d}}})
	if err != nil {
		return 0
	}
	return o.Win
}

// facesKey writes a roll's faces as a short string ("65v41").
func facesKey(att, def []int) string {
	var b strings.Builder
	for _, f := range att {
		fmt.Fprint(&b, f)
	}
	b.WriteByte('v')
	for _, f := range def {
		fmt.Fprint(&b, f)
	}
	return b.String()
}
