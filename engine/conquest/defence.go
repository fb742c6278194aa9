package conquest

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/risk"
)

// The defender chooses its dice. An attack with virtual dice (one roll or a
// blitz) on a territory with 2 or more armies waits for the defending seat
// to answer 1 or 2 dice, unless the table set DefendMost or the defender is
// a rampaging neutral (nobody to ask: it rolls the most). The attacker's
// command decides only its own part. Typed real dice carry both sides'
// faces, so they never wait.

// virtual starts an attack with virtual dice: fought at once when the
// defender has no choice, else asked of the defender. defendDice is what an
// older screen might still send for the defender; the attacker may not
// choose it.
func (x *sim) virtual(d Defence, defendDice int) error {
	s := x.s
	if defendDice != 0 {
		return engine.Refuse("defender-chooses", "The defender chooses 1 or 2 dice: leave the defender's dice out of the attack.")
	}
	if d.Mode == "" {
		d.Mode = "blitz"
	}
	arm := risk.Armies{Attacker: s.Armies[d.From], Defender: s.Armies[d.To]}
	if arm.Attacker < 2 {
		return engine.Refuse("one-stays-home", "A territory with %d army cannot attack: one army must always stay home.", arm.Attacker)
	}
	if d.Mode == "roll" {
		if mx := risk.AttackDice(arm.Attacker); d.AttackDice < 0 || d.AttackDice > mx {
			return engine.Refuse("attack-dice", "With %d armies on the board the attacker rolls 1 to %d dice, not %d (one army stays home, 3 dice at most).", arm.Attacker, mx, d.AttackDice)
		}
	} else if arm.Attacker <= max(d.Stop, 1) {
		return engine.Refuse("stop-early", "The attacker would stop at %d armies but has only %d: there is nothing to roll.", d.Stop, arm.Attacker)
	}
	if arm.Defender < 2 || s.Settings.DefendMost || d.Defender < 0 || s.Players[d.Defender].Neutral {
		return x.roll(d, 0)
	}
	x.emit(EvDefenceAsked, d)
	return nil
}

// defend is the defender's answer: 1 or 2 dice, from the defending seat's
// phone or from the host for a defender without one.
func (x *sim) defend(a *defendArgs) error {
	s := x.s
	d := s.Defence
	if d == nil {
		return engine.Refuse("no-defence", "No attack is waiting for the defender's dice.")
	}
	if x.seat != engine.Host && x.seat != d.Defender {
		return engine.Refuse("defender-chooses", "Only %s (or the host for them) chooses how %s defends.", s.name(d.Defender), s.m.Name(riskID(d.To)))
	}
	mx := risk.DiceRules{}.DefendDice(s.Armies[d.To])
	if n := a.Dice; n < 1 || n > mx {
		return engine.Refuse("defend-dice", "%s defends with 1 to %d dice, not %d.", s.m.Name(riskID(d.To)), mx, n)
	}
	return x.roll(*d, a.Dice)
}

// roll fights an attack with virtual dice, the defender rolling dice (0:
// the most it may) in every roll of it.
func (x *sim) roll(d Defence, dice int) error {
	s := x.s
	arm := risk.Armies{Attacker: s.Armies[d.From], Defender: s.Armies[d.To]}
	dr := risk.DiceRules{DefenderDice: dice}
	b := Battle{Attacker: d.Attacker, Defender: d.Defender, From: d.From, To: d.To, Mode: d.Mode, Rolls: []risk.Roll{}}
	var end risk.Armies
	if d.Mode == "roll" {
		r, err := dr.RollDice(x.d, arm, d.AttackDice, 0)
		if err != nil {
			return err
		}
		b.Rolls, end = []risk.Roll{r}, r.After
	} else {
		bl, err := dr.BlitzDice(x.d, arm, d.Stop)
		if err != nil {
			return err
		}
		b.Rolls, end = bl.Rolls, bl.End
	}
	x.settle(b, arm, end)
	return nil
}

// markDecision flags, on seat's own sheet, the answer it owes that is not
// played on the map (engine.Move.Decision): the defender's dice, one tap
// per number the defending territory may roll; after a conquest, the
// armies the conqueror moves in, asked in words that name the territories.
// Every other step is played on the map, and every other seat has none.
func (s *State) markDecision(sh *engine.Sheet, seat int) {
	if seat < 0 || (s.Defence == nil && s.Pending == nil) {
		return
	}
	marked := false
	sh.MarkDecision(func(m engine.Move) bool {
		is := m.Step == StepDefend || m.Step == StepMove
		marked = marked || is
		return is
	})
	if p := s.Pending; p != nil && marked && s.Defence == nil {
		sh.Ask = fmt.Sprintf("move %d to %d armies from %s into %s", p.Min, p.Max, s.m.Name(riskID(p.From)), s.m.Name(riskID(p.To)))
	}
}

// defenceText says what the defender is asked, without names.
func (s *State) defenceText() string {
	d := s.Defence
	return fmt.Sprintf("defend %s with 1 or 2 dice", s.m.Name(riskID(d.To)))
}

// Waiting is what the table waits for, in every phase: the claimer or
// placer in set-up, the defender choosing dice, the turn player's step, the
// real players placing a neutral's build. Only the defender's choice is a
// tap (see Choices); the other steps are played on the map.
func Waiting(st engine.State) (engine.Waiting, bool) {
	s := st.(*State)
	if d := s.Defence; d != nil {
		return engine.Waiting{Seats: []int{d.Defender}, Text: s.defenceText(), Decision: "conquest.defend"}, true
	}
	one := func(seat int, format string, args ...any) (engine.Waiting, bool) {
		return engine.Waiting{Seats: []int{seat}, Text: fmt.Sprintf(format, args...)}, true
	}
	switch s.Phase {
	case PhaseSetup:
		return engine.Waiting{Seats: []int{}, Text: "choose the options and start"}, true
	case PhaseClaim:
		return one(s.Placer, "claim an empty territory")
	case PhasePlace:
		n := s.ToPlace[s.Placer]
		if s.NeutralToPlace != nil && s.NeutralToPlace[s.Placer] > 0 {
			return one(s.Placer, "place the neutral's start armies (%d left)", s.NeutralToPlace[s.Placer])
		}
		return one(s.Placer, "place start armies (%d left)", n)
	case PhaseReinforce, PhaseAttack:
		switch {
		case s.Pending != nil:
			return one(s.Turn, "move armies into %s", s.m.Name(riskID(s.Pending.To)))
		case s.Phase == PhaseReinforce && s.Pool > 0:
			return one(s.Turn, "place %d %s", s.Pool, armiesWord(s.Pool))
		}
		return one(s.Turn, "attack, or stop attacking")
	case PhaseFortify:
		return one(s.Turn, "fortify once, or end the turn")
	case PhaseNeutral:
		var seats []int
		for i, n := range s.ToPlace {
			if n > 0 {
				seats = append(seats, i)
			}
		}
		return engine.Waiting{Seats: seats, Text: "place the neutral's build"}, true
	}
	return engine.Waiting{}, false
}

func armiesWord(n int) string {
	if n == 1 {
		return "army"
	}
	return "armies"
}
