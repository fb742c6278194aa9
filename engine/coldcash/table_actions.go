package coldcash

import (
	"tableside/engine"
	"tableside/engine/coldcash/board"
	"tableside/engine/risk"
)

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func (s *State) decideTakeover(cmd engine.Command, seat int, a args, dice engine.Dice) ([]engine.Event, error) {
	t := s.Table
	g := geo()
	if cmd.Type == CmdTakeover {
		if err := t.needStep(StepAction, "A hostile takeover"); err != nil {
			return nil, err
		}
		if t.Action != "" || s.Acted != "" {
			return nil, engine.Refuse("one-action", "%s already took this turn's action.", s.name(seat))
		}
		id := string(a.(*companyCmd).Company)
		if _, err := s.active(id); err != nil {
			return nil, err
		}
		if s.ceoOf(id) != seat {
			return nil, engine.Refuse("ceo-only-takeover", "Only %s's CEO can use it for a hostile takeover.", s.coName(id))
		}
		tk, err := board.StartTakeover(t.Board, id)
		if err != nil {
			return nil, err
		}
		if err := tk.CheckStart(g, t.Board, s.coName(id)); err != nil {
			return nil, err
		}
		return []engine.Event{engine.NewEvent(EvTTakeover, tTakeoverEv{Company: id})}, nil
	}
	if t.Takeover == nil {
		return nil, engine.Refuse("no-takeover", "No hostile takeover is under way.")
	}
	tk := *t.Takeover
	if t.Defence != nil {
		return nil, engine.Refuse("defence-pending", "Waiting for %s to choose how %s defends %s.", s.name(s.ceoOf(t.Defence.Corp)), s.coName(t.Defence.Corp), terr(t.Defence.To))
	}
	switch c := a.(type) {
	case *attackCmd:
		f := board.Front{From: c.From, To: c.To}
		if err := tk.CheckAttack(g, t.Board, f); err != nil {
			return nil, err
		}
		if c.MomPop != nil || board.NeedsDefence(t.Board, f.To) {
			teams := dieOrRoll(c.MomPop, dice)
			if _, _, err := board.Announce(g, t.Board, tk, f, teams); err != nil {
				return nil, err
			}
			return []engine.Event{engine.NewEvent(EvTAnnounced, tAnnouncedEv{Front: f, Teams: teams})}, nil
		}
		if ask, err := s.askDefence(c, tk, f); ask != nil || err != nil {
			return ask, err
		}
		l, err := s.fight(c, tk, f, dice)
		if err != nil {
			return nil, err
		}
		if _, _, err := board.Battle(g, t.Board, tk, l); err != nil {
			return nil, err
		}
		return []engine.Event{engine.NewEvent(EvTBattle, tBattleEv{Losses: l})}, nil
	case *occupyCmd:
		n := or(c.Teams, -1)
		_, _, capt, err := board.Occupy(g, t.Board, tk, n)
		if err != nil {
			return nil, err
		}
		b := s.build()
		b.add(EvTOccupied, tOccupiedEv{Teams: n, Capture: capt})
		if capt != nil {
			if err := b.addAll(b.sim.Merge(tk.Corp, []string{capt.Defeated}, seat, true, 0)); err != nil {
				return nil, err
			}
		}
		return b.evs, nil
	case *moveCmd:
		mv := c.move()
		if _, _, err := board.TakeoverMove(g, t.Board, tk, mv); err != nil {
			return nil, err
		}
		return []engine.Event{engine.NewEvent(EvTMoved, tMovedEv{Move: mv})}, nil
	}
	if _, err := board.EndTakeover(g, t.Board, tk); err != nil {
		return nil, err
	}
	return []engine.Event{engine.NewEvent(EvTTakeoverDone, nil)}, nil
}

// fight settles one attack with the dice the table uses: faces typed from
// real dice, losses typed from real dice, or the app's virtual dice (one
// roll, or blitz).
func (s *State) fight(c *attackCmd, tk board.Takeover, f board.Front, dice engine.Dice) (board.Losses, error) {
	g, b := geo(), s.Table.Board
	dr := risk.DiceRules{}
	switch {
	case c.AttackerFaces != nil:
		return board.FacesBattle(g, b, tk, f, dr, c.AttackerFaces, c.DefenderFaces)
	case c.AttackerLost != nil:
		return board.TypedBattle(g, b, tk, f, dr, or(c.AttackerLost, 0), or(c.DefenderLost, 0))
	}
	return board.RollBattle(g, b, tk, f, dr, dice, or(c.Dice, 0), or(c.Defend, 0), c.Blitz, or(c.Stop, 0))
}

// decideEarnings runs one company's earnings action, by its CEO in turn.
func (s *State) decideEarnings(cmd engine.Command, a args, dice engine.Dice) ([]engine.Event, error) {
	t := s.Table
	if t.Phase != PhaseEarnings {
		return nil, engine.Refuse("wrong-phase", "Restructure, hire, dividends and downsize belong to the earnings phase; the table is in the %s phase.", t.Phase)
	}
	id := earningsCompany(a)
	seat := t.acting()
	if !containsStr(s.pendingEarnings(), id) {
		return nil, engine.Refuse("earnings-order", "%s", s.Where())
	}
	if cmd.Seat != engine.Host && cmd.Seat != seat {
		return nil, engine.Refuse("ceo-only", "Only %s's CEO, %s, chooses its earnings action.", s.coName(id), s.name(seat))
	}
	evs, err := s.earningsEvents(cmd, a, id)
	if err != nil {
		return nil, err
	}
	if len(s.pendingEarnings()) > 1 {
		return evs, nil // more of the seat's companies wait: nothing follows yet
	}
	b := s.build()
	if err := b.addAll(evs, nil); err != nil {
		return nil, err
	}
	b.advance(dice)
	return b.evs, nil
}

// earningsEvents are one company's earnings action as events, checked
// against the state as it stands.
func (s *State) earningsEvents(cmd engine.Command, a args, id string) ([]engine.Event, error) {
	t := s.Table
	g := geo()
	switch cmd.Type {
	case CmdSkip:
		return []engine.Event{engine.NewEvent(EvTEarned, tEarnedEv{Company: id, How: "skip"})}, nil
	case CmdDividends:
		evs, err := s.PayDividends(id, false)
		if err != nil {
			return nil, err
		}
		return append(evs, engine.NewEvent(EvTEarned, tEarnedEv{Company: id, How: "dividends"})), nil
	case CmdRestructure:
		moves := a.(*restructureCmd).moves()
		if _, err := board.Restructure(g, t.Board, id, moves); err != nil {
			return nil, err
		}
		return []engine.Event{engine.NewEvent(EvTRestructured, tRestructuredEv{Company: id, Moves: moves})}, nil
	}
	var spots map[string]int
	switch c := a.(type) {
	case *hireCmd:
		spots = c.Teams
	case *downsizeCmd:
		spots = c.Teams
	}
	if spots == nil {
		spots = map[string]int{}
	}
	h := board.HireFor(g, t.Board, id, s.Settings.BoardSettings.ClassicMin)
	ev := tHiredEv{Company: id, Teams: h.Teams, Why: h.Why, Place: spots}
	if cmd.Type == CmdHire {
		if _, err := board.PlaceHires(g, t.Board, id, h.Teams, spots); err != nil {
			return nil, err
		}
		return []engine.Event{engine.NewEvent(EvTHired, ev)}, nil
	}
	if _, err := board.Downsize(g, t.Board, id, h.Teams, spots); err != nil {
		return nil, err
	}
	// double dividends at the price before the teams go (size does not
	// depend on teams, so it is the same either way)
	pay, err := s.PayDividends(id, true)
	if err != nil && !isRule(err, "no-visible-holders") {
		return nil, err
	}
	return append([]engine.Event{engine.NewEvent(EvTDownsized, ev)}, pay...), nil
}

// earningsCompany is the company an earnings action is for.
func earningsCompany(a args) string {
	switch c := a.(type) {
	case *companyCmd:
		return c.Company
	case *dividendsCmd:
		return c.Company
	case *restructureCmd:
		return c.Company
	case *hireCmd:
		return c.Company
	case *downsizeCmd:
		return c.Company
	}
	return ""
}

func isRule(err error, rule string) bool {
	re, ok := err.(*engine.RuleError)
	return ok && re.Rule == rule
}
