package risk

import (
	"tableside/engine"
)

// Battles gathers a game's recorded throws into battles and measures each
// one, for the games' engine.LuckTeller. A battle is the consecutive throws
// of one attack from one territory into another: a throw that follows the
// last one on the same front, from the armies that throw left, continues
// it; anything else (another front, a new turn, a battle typed as losses
// only) ends it. A game calls Add for each battle event in log order and
// Break for every other event, then Done.
type Battles struct {
	done []engine.BattleLuck
	open *openBattle
}

type openBattle struct {
	att, def engine.Side
	from, to string
	rolls    []Roll
}

// Add takes the throws of one battle event. An event without throws (the
// table typed only the losses) has no dice to measure: it ends the battle
// before it and is left out.
func (bs *Battles) Add(att, def engine.Side, from, to string, rolls []Roll) {
	if len(rolls) == 0 {
		bs.Break()
		return
	}
	if o := bs.open; o != nil && o.att == att && o.def == def && o.from == from && o.to == to {
		last := o.rolls[len(o.rolls)-1].After
		if !last.Over() && last == rollStart(rolls[0]) {
			o.rolls = append(o.rolls, rolls...)
			return
		}
	}
	bs.Break()
	bs.open = &openBattle{att: att, def: def, from: from, to: to, rolls: append([]Roll(nil), rolls...)}
}

// Break ends the battle in progress.
func (bs *Battles) Break() {
	if o := bs.open; o != nil {
		b := MeasureThrows(o.rolls)
		b.Attacker, b.Defender, b.From, b.To = o.att, o.def, o.from, o.to
		bs.done = append(bs.done, b)
		bs.open = nil
	}
}

// Done ends the last battle and returns them all, in the order fought.
func (bs *Battles) Done() []engine.BattleLuck {
	bs.Break()
	if bs.done == nil {
		return []engine.BattleLuck{}
	}
	return bs.done
}

// rollStart is the board before a throw.
func rollStart(r Roll) Armies {
	return Armies{Attacker: r.After.Attacker + r.AttackerLost, Defender: r.After.Defender + r.DefenderLost}
}

// MeasureThrows measures one battle from its throws, in order (at least
// one): each throw against what its dice cost on average, and the ending
// against every ending of the same battle by the exact odds (Compute).
//
// The battle it is measured against starts from the armies before the first
// throw and is fought with the most dice the attacker may roll and the
// defender's dice as it chose them (one die if it rolled one whenever it
// could have rolled two, else the classic two). A battle the attacker broke
// off with armies to spare is measured as one that stops once the attacking
// territory is down to the count it stopped at. When that battle could not
// have ended this way (the attacker stopped right after a throw that cost
// it nothing, so a battle stopping at that count would have stopped
// before), a single throw is measured as that one throw; longer ones are
// not placed, and their throws still count in the luck index.
func MeasureThrows(rolls []Roll) engine.BattleLuck {
	start, end := rollStart(rolls[0]), rolls[len(rolls)-1].After
	b := engine.BattleLuck{StartAttacker: start.Attacker, StartDefender: start.Defender,
		EndAttacker: end.Attacker, EndDefender: end.Defender, Conquered: end.Defender <= 0}
	b.Stopped = !b.Conquered && end.Attacker > 1
	dr := chosenDice(rolls)
	for _, r := range rolls {
		ea, ed, err := ThrowExpectation(len(r.Attacker), len(r.Defender))
		if err != nil {
			// A throw the resolver made always has 1 to 3 dice a side;
			// a malformed one is measured as nothing expected.
			ea, ed = 0, 0
		}
		b.Throws = append(b.Throws, engine.ThrowLuck{AttackDice: len(r.Attacker), DefendDice: len(r.Defender),
			AttackerLost: r.AttackerLost, DefenderLost: r.DefenderLost, ExpectedAttackerLost: ea, ExpectedDefenderLost: ed})
	}
	q := Query{Attackers: start.Attacker, Defenders: []Defender{{Armies: start.Defender}}, Dice: dr}
	if b.Stopped {
		q.Stop = end.Attacker
	}
	pl, o, err := PlaceEnding(q, end)
	switch {
	case err == nil:
		b.ExpectedAttackerLosses, b.ExpectedDefenderLosses = o.ExpectedAttackerLosses, o.ExpectedDefenderLosses
	case len(rolls) == 1:
		r := rolls[0]
		if _, e := OneRoll(len(r.Attacker), len(r.Defender)); e != nil {
			return b
		}
		pl = place(throwEndings(start, len(r.Attacker), len(r.Defender)), keyOf(end))
		b.ExpectedAttackerLosses, b.ExpectedDefenderLosses = b.Throws[0].ExpectedAttackerLost, b.Throws[0].ExpectedDefenderLost
	default:
		return b
	}
	b.Placed = true
	b.P, b.Percentile, b.Lucky, b.Tail, b.OneIn = pl.P, pl.Percentile, pl.Lucky, pl.Tail, pl.OneIn
	return b
}

// chosenDice is the dice rules a battle's defender played by: one die when
// it rolled one in every throw in which it could have rolled two.
func chosenDice(rolls []Roll) DiceRules {
	could := false
	for _, r := range rolls {
		if rollStart(r).Defender >= 2 {
			could = true
			if len(r.Defender) != 1 {
				return DiceRules{}
			}
		}
	}
	if could {
		return DiceRules{DefenderDice: 1}
	}
	return DiceRules{}
}
