package conquest

import (
	"strconv"
	"strings"

	"tableside/engine"
	"tableside/engine/risk"
)

func (x *sim) attack(a *attackArgs) error {
	s := x.s
	p := s.Turn
	if err := x.inTurn(); err != nil {
		return err
	}
	if s.Pending != nil {
		return engine.Refuse("move-first", "Move armies into %s first (%d to %d).", s.m.Name(riskID(s.Pending.To)), s.Pending.Min, s.Pending.Max)
	}
	if err := x.forcedTrade(); err != nil {
		return err
	}
	if s.Pool > 0 {
		return engine.Refuse("place-first", "Place all %d reinforcements before attacking.", s.Pool)
	}
	from, err := x.territory(a.From, "territory to attack from")
	if err != nil {
		return err
	}
	to, err := x.territory(a.To, "territory to attack")
	if err != nil {
		return err
	}
	fn, tn := s.m.Name(riskID(from)), s.m.Name(riskID(to))
	switch {
	case s.Owner[from] != p:
		return engine.Refuse("attack-from-own", "%s belongs to %s: attack from one of your own territories.", fn, s.name(s.Owner[from]))
	case s.Owner[to] == p:
		return engine.Refuse("attack-enemy", "%s is your own territory: attack someone else's.", tn)
	case !s.m.Adjacent(riskID(from), riskID(to)):
		return engine.Refuse("not-neighbour", "%s does not border %s: attack only a neighbouring territory.", fn, tn)
	}
	switch a.Mode {
	case "", "blitz", "roll":
		return x.virtual(Defence{Attacker: p, Defender: s.Owner[to], From: from, To: to, Mode: a.Mode, AttackDice: a.AttackDice, Stop: a.Stop}, a.DefendDice)
	}
	arm := risk.Armies{Attacker: s.Armies[from], Defender: s.Armies[to]}
	var dr risk.DiceRules
	b := Battle{Attacker: p, Defender: s.Owner[to], From: from, To: to, Mode: a.Mode, Rolls: []risk.Roll{}}
	var end risk.Armies
	switch a.Mode {
	case "faces":
		af, err := faces(a.AttFaces, "attacker")
		if err != nil {
			return err
		}
		df, err := faces(a.DefFaces, "defender")
		if err != nil {
			return err
		}
		r, err := dr.ResolveFaces(arm, af, df)
		if err != nil {
			return err
		}
		b.Rolls, end = []risk.Roll{r}, r.After
	case "losses":
		if end, err = dr.ApplyLosses(arm, a.AttLost, a.DefLost); err != nil {
			return err
		}
	default:
		return engine.Refuse("attack-mode", "Attack by blitz, roll, faces or losses, not %q.", a.Mode)
	}
	x.settle(b, arm, end)
	return nil
}

// settle records a battle from its rolls and the armies left at its end.
func (x *sim) settle(b Battle, arm, end risk.Armies) {
	minMove := 1
	if n := len(b.Rolls); n > 0 {
		minMove = len(b.Rolls[n-1].Attacker)
	}
	b.AttLost, b.DefLost = arm.Attacker-end.Attacker, arm.Defender-end.Defender
	b.Conquered = end.Defender == 0
	x.fight(b, minMove)
}

// fight records a battle and what follows a conquest: an elimination, a
// move that has only one choice, the end of the game.
func (x *sim) fight(b Battle, minMove int) {
	s := x.s
	x.emit(EvBattle, battleEv{Battle: b, MinMove: minMove})
	if !b.Conquered {
		return
	}
	if b.Defender >= 0 && s.Count(b.Defender) == 0 {
		x.emit(EvEliminated, eliminatedEv{Player: b.Defender, By: b.Attacker})
	}
	won := s.Count(b.Attacker) == s.m.Len() || len(s.Real()) == 0
	if pd := s.Pending; pd != nil && (pd.Min >= pd.Max || won) {
		x.emit(EvMoved, moveEv{From: pd.From, To: pd.To, Count: pd.Max})
	}
	if won {
		w := b.Attacker
		if s.Players[w].Neutral && len(s.Real()) == 0 {
			w = -1
		}
		x.emit(EvOver, overEv{Winner: w})
	}
}

// faces reads typed dice: "6 4 1", "6,4,1" or "641".
func faces(in, who string) ([]int, error) {
	var out []int
	for _, r := range in {
		if r >= '0' && r <= '9' {
			f, _ := strconv.Atoi(string(r))
			out = append(out, f)
		} else if !strings.ContainsRune(" ,;-/", r) {
			return nil, engine.Refuse("die-face", "Type the %s's dice as digits, like 6 4 1.", who)
		}
	}
	if len(out) == 0 {
		return nil, engine.Refuse("dice-count", "Type the faces of the %s's dice.", who)
	}
	return out, nil
}

func (x *sim) move(a *countArgs) error {
	s := x.s
	if err := x.actor(s.Turn); err != nil {
		return err
	}
	pd := s.Pending
	if pd == nil {
		return engine.Refuse("no-conquest", "There is no conquered territory waiting for armies.")
	}
	if a.Count < pd.Min || a.Count > pd.Max {
		return engine.Refuse("move-count", "Move %d to %d armies into %s: at least as many as the dice last rolled, and one stays behind.", pd.Min, pd.Max, s.m.Name(riskID(pd.To)))
	}
	x.emit(EvMoved, moveEv{From: pd.From, To: pd.To, Count: a.Count})
	return nil
}

func (x *sim) readyToStop() error {
	s := x.s
	if err := x.inTurn(); err != nil {
		return err
	}
	if s.Pending != nil {
		return engine.Refuse("move-first", "Move armies into %s first.", s.m.Name(riskID(s.Pending.To)))
	}
	if err := x.forcedTrade(); err != nil {
		return err
	}
	if s.Pool > 0 {
		return engine.Refuse("place-first", "Place all %d reinforcements first.", s.Pool)
	}
	return nil
}

func (x *sim) endAttack() error {
	if err := x.readyToStop(); err != nil {
		return err
	}
	if x.v.Fortify(x.s.Settings) {
		x.emit(EvAttackEnded, nil)
		return nil
	}
	x.endTurn(x.s.Turn)
	return nil
}

func (x *sim) fortify(a *fortifyArgs) error {
	s := x.s
	if !x.v.Fortify(s.Settings) {
		return engine.Refuse("no-fortify", "This game has no fortifying move: the turn ends after the attacks.")
	}
	if s.Phase != PhaseFortify {
		if err := x.readyToStop(); err != nil {
			return err
		}
	} else if err := x.actor(s.Turn); err != nil {
		return err
	}
	from, err := x.territory(a.From, "territory to move from")
	if err != nil {
		return err
	}
	to, err := x.territory(a.To, "territory to move to")
	if err != nil {
		return err
	}
	fn, tn := s.m.Name(riskID(from)), s.m.Name(riskID(to))
	switch {
	case s.Owner[from] != s.Turn || s.Owner[to] != s.Turn:
		return engine.Refuse("fortify-own", "Fortify only between your own territories.")
	case !s.m.Adjacent(riskID(from), riskID(to)):
		return engine.Refuse("not-neighbour", "%s does not border %s: the fortifying move goes to a neighbouring territory.", fn, tn)
	case a.Count < 1:
		return engine.Refuse("move-count", "Move at least one army.")
	case a.Count > s.Armies[from]-1:
		return engine.Refuse("one-stays-home", "%s has %d armies: at most %d can move, one always stays.", fn, s.Armies[from], s.Armies[from]-1)
	}
	x.emit(EvFortified, moveEv{From: from, To: to, Count: a.Count})
	x.endTurn(s.Turn)
	return nil
}

func (x *sim) endTurnCmd() error {
	if x.s.Phase == PhaseFortify {
		if err := x.actor(x.s.Turn); err != nil {
			return err
		}
	} else if err := x.readyToStop(); err != nil {
		return err
	}
	x.endTurn(x.s.Turn)
	return nil
}

// endTurn draws the turn's card (one, if anything was conquered) and passes on.
func (x *sim) endTurn(p int) {
	s := x.s
	ev := turnEndedEv{Player: p, Draws: s.Conquered}
	if ev.Draws && len(s.Deck) == 0 && len(s.Discard) > 0 {
		ev.Reshuffle = x.shuffle(s.Discard)
	}
	x.emit(EvTurnEnded, ev)
}
