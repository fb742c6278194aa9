package web

import (
	"fmt"
	"strings"

	"tableside/engine/coldcash"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
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

// Battle is the newest battle of this game, or nil when none was fought
// (or it was typed as losses alone, without dice to show).
func (p gamePage) Battle() *battleMoment {
	switch v := p.View.(type) {
	case conquest.View:
		return conquestBattle(v)
	case pctw.View:
		return conquestBattle(v.View)
	case coldcash.View:
		return coldcashBattle(v)
	}
	return nil
}

// conquestBattle tells the RISK family's last battle.
func conquestBattle(v conquest.View) *battleMoment {
	b := v.Last
	if b == nil || len(b.Rolls) == 0 || b.To < 0 || b.To >= len(v.Territories) || b.From < 0 || b.From >= len(v.Territories) {
		return nil
	}
	m := fromRolls(b.Rolls, b.Conquered)
	m.Attacker, m.Defender = seatName(v.Players, b.Attacker), seatName(v.Players, b.Defender)
	m.AttColour, m.DefColour = playerColour(v.Players, b.Attacker), playerColour(v.Players, b.Defender)
	m.From, m.To = v.Territories[b.From].Name, v.Territories[b.To].Name
	m.Key = fmt.Sprintf("%d-%d-%d-%d-%s", b.Attacker, b.From, b.To, len(b.Rolls), facesKey(m.AttDice, m.DefDice))
	return m
}

// playerColour is a RISK-family player's colour class.
func playerColour(ps []conquest.PlayerView, i int) string {
	if i < 0 || i >= len(ps) {
		return "die-none"
	}
	return "cq-" + ps[i].Colour
}

// coldcashBattle tells the newest battle of a hostile takeover.
func coldcashBattle(v coldcash.View) *battleMoment {
	if v.Table == nil || v.Table.Last == nil || len(v.Table.Last.Rolls) == 0 {
		return nil
	}
	b := v.Table.Last
	m := fromRolls(b.Rolls, b.Taken)
	m.Attacker, m.AttColour = companySide(v, b.Attacker)
	m.Defender, m.DefColour = "the Mom & Pop", "die-none"
	if b.Defender != "" {
		m.Defender, m.DefColour = companySide(v, b.Defender)
	}
	m.From, m.To = territoryName(v.Table, b.From), territoryName(v.Table, b.To)
	m.Key = fmt.Sprintf("%s-%s-%s-%d-%s", b.Attacker, b.From, b.To, len(b.Rolls), facesKey(m.AttDice, m.DefDice))
	return m
}

// companySide names a company and its CEO ("Festival (Ben)") and gives its
// colour class.
func companySide(v coldcash.View, id string) (string, string) {
	for _, c := range v.Companies {
		if c.ID == id {
			if c.CEOName != "" {
				return c.Name + " (" + c.CEOName + ")", "co-" + id
			}
			return c.Name, "co-" + id
		}
	}
	return id, "co-" + id
}

// territoryName is a Cold Cash Risk territory's name.
func territoryName(t *coldcash.TableView, id string) string {
	for _, x := range t.Territories {
		if x.ID == id {
			return x.Name
		}
	}
	return id
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
