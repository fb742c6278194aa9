package risk

import (
	"tableside/engine"
)

// Armies are the two sides of a battle as counted on the board: Attacker in
// the attacking territory (all but one may attack), Defender in the one attacked.
type Armies struct {
	Attacker int `json:"attacker"`
	Defender int `json:"defender"`
}

// Roll is one throw of the dice and what it cost each side.
type Roll struct {
	Attacker     []int  `json:"attacker"` // faces, highest first
	Defender     []int  `json:"defender"` // faces, highest first
	AttackerLost int    `json:"attackerLost"`
	DefenderLost int    `json:"defenderLost"`
	After        Armies `json:"after"` // the board after this roll
}

// Over reports whether no further roll is possible: the territory is taken,
// or the attacker has only the army that must stay home.
func (a Armies) Over() bool { return a.Defender <= 0 || a.Attacker <= 1 }

func (r DiceRules) checkBattle(a Armies) error {
	if err := r.check(); err != nil {
		return err
	}
	if a.Defender < 1 {
		return engine.Refuse("no-defender", "There is nobody to attack: the defending territory has %d armies.", a.Defender)
	}
	if a.Attacker < 2 {
		return engine.Refuse("one-stays-home", "A territory with %d army cannot attack: one army must always stay home.", a.Attacker)
	}
	return nil
}

// diceCounts checks the dice each side chose (0: as many as allowed).
func (r DiceRules) diceCounts(a Armies, att, def int) (int, int, error) {
	maxA, maxD := AttackDice(a.Attacker), r.DefendDice(a.Defender)
	if att == 0 {
		att = maxA
	}
	if def == 0 {
		def = maxD
	}
	if att < 1 || att > maxA {
		return 0, 0, engine.Refuse("attack-dice", "With %d armies on the board the attacker rolls 1 to %d dice, not %d (one army stays home, 3 dice at most).", a.Attacker, maxA, att)
	}
	if def < 1 || def > maxD {
		return 0, 0, engine.Refuse("defend-dice", "With %d armies the defender rolls 1 to %d dice, not %d.", a.Defender, maxD, def)
	}
	return att, def, nil
}

// RollDice throws once with virtual dice: attDice and defDice are the dice
// each side chose, 0 for as many as the rules allow. Every face is in the
// result, so a game can write it into its events.
func (r DiceRules) RollDice(d engine.Dice, a Armies, attDice, defDice int) (Roll, error) {
	if err := r.checkBattle(a); err != nil {
		return Roll{}, err
	}
	att, def, err := r.diceCounts(a, attDice, defDice)
	if err != nil {
		return Roll{}, err
	}
	af, df := make([]int, att), make([]int, def)
	for i := range af {
		af[i] = d.Roll(6)
	}
	for i := range df {
		df[i] = d.Roll(6)
	}
	return r.apply(a, af, df), nil
}

func (r DiceRules) apply(a Armies, af, df []int) Roll {
	al, dl := compare(af, df)
	return Roll{Attacker: sortedDesc(af), Defender: sortedDesc(df), AttackerLost: al, DefenderLost: dl,
		After: Armies{Attacker: a.Attacker - al, Defender: a.Defender - dl}}
}

// ResolveFaces settles a roll of real dice whose faces the table typed in.
func (r DiceRules) ResolveFaces(a Armies, att, def []int) (Roll, error) {
	if err := r.checkBattle(a); err != nil {
		return Roll{}, err
	}
	if len(att) == 0 || len(def) == 0 {
		return Roll{}, engine.Refuse("dice-count", "Type the faces of every die each side rolled: at least one each.")
	}
	if _, _, err := r.diceCounts(a, len(att), len(def)); err != nil {
		return Roll{}, err
	}
	for _, f := range append(append([]int(nil), att...), def...) {
		if f < 1 || f > 6 {
			return Roll{}, engine.Refuse("die-face", "A die shows 1 to 6, not %d.", f)
		}
	}
	return r.apply(a, att, def), nil
}

// ApplyLosses settles a battle the table fought with real dice and reports
// only the armies each side lost, over any number of rolls.
func (r DiceRules) ApplyLosses(a Armies, attLost, defLost int) (Armies, error) {
	if err := r.checkBattle(a); err != nil {
		return Armies{}, err
	}
	switch {
	case attLost < 0 || defLost < 0:
		return Armies{}, engine.Refuse("losses", "Losses are counted from 0 up, not %d and %d.", attLost, defLost)
	case attLost == 0 && defLost == 0:
		return Armies{}, engine.Refuse("losses", "Nobody lost an army: there was no roll to record.")
	case attLost > a.Attacker-1:
		return Armies{}, engine.Refuse("one-stays-home", "The attacker can lose at most %d of its %d armies: one stays home and never fights.", a.Attacker-1, a.Attacker)
	case defLost > a.Defender:
		return Armies{}, engine.Refuse("losses", "The defender has only %d armies to lose, not %d.", a.Defender, defLost)
	case attLost == a.Attacker-1 && defLost == a.Defender:
		return Armies{}, engine.Refuse("losses", "Both sides cannot run out together: the battle ends as soon as one of them does.")
	}
	return Armies{Attacker: a.Attacker - attLost, Defender: a.Defender - defLost}, nil
}

// Blitz is a battle rolled to its end, or until the attacker's territory is
// down to the stop count.
type Blitz struct {
	Start     Armies `json:"start"`
	End       Armies `json:"end"`
	Rolls     []Roll `json:"rolls"`
	Conquered bool   `json:"conquered"`
	Stopped   bool   `json:"stopped"` // the attacker reached its stop count with defenders left
}

// BlitzDice rolls with virtual dice, the most dice each side may roll, until
// the territory falls, the attacker has only its home army, or the attacking
// territory is down to stop armies on the board (stop <= 1: to the end).
// Every roll is listed. Each roll costs at least one army, so it ends.
func (r DiceRules) BlitzDice(d engine.Dice, a Armies, stop int) (Blitz, error) {
	if err := r.checkBattle(a); err != nil {
		return Blitz{}, err
	}
	stop = max(stop, 1)
	if a.Attacker <= stop {
		return Blitz{}, engine.Refuse("stop-early", "The attacker would stop at %d armies but has only %d: there is nothing to roll.", stop, a.Attacker)
	}
	return r.rollOn(d, Blitz{Start: a, Rolls: []Roll{}}, a, stop)
}

// BlitzMomPop attacks a Mom & Pop (Cold Cash Risk): its defenders are
// rolled first (one die), then at least one round is fought whatever the
// stop count says, and the battle goes on like BlitzDice. The count rolled
// is the Blitz's Start.Defender.
func (r DiceRules) BlitzMomPop(d engine.Dice, attackers, stop int) (Blitz, error) {
	if attackers < 2 {
		return Blitz{}, engine.Refuse("one-stays-home", "A territory with %d army cannot attack: one army must always stay home.", attackers)
	}
	a := Armies{Attacker: attackers, Defender: RollMomPop(d)}
	first, err := r.RollDice(d, a, 0, 0)
	if err != nil {
		return Blitz{}, err
	}
	return r.rollOn(d, Blitz{Start: a, Rolls: []Roll{first}}, first.After, max(stop, 1))
}

// rollOn rolls b's battle on from a, the most dice each side may roll,
// until the territory falls, the attacker has only its home army, or the
// attacking territory is down to stop armies; it lists every roll and
// says how the battle ended.
func (r DiceRules) rollOn(d engine.Dice, b Blitz, a Armies, stop int) (Blitz, error) {
	for !a.Over() && a.Attacker > stop {
		roll, err := r.RollDice(d, a, 0, 0)
		if err != nil {
			return Blitz{}, err
		}
		b.Rolls = append(b.Rolls, roll)
		a = roll.After
	}
	b.End, b.Conquered = a, a.Defender == 0
	b.Stopped = !b.Conquered && a.Attacker > 1
	return b, nil
}

// RollMomPop rolls a Mom & Pop's defenders (Cold Cash Risk): one die, 1 to 6,
// rolled after the attack is announced.
func RollMomPop(d engine.Dice) int { return d.Roll(6) }
