package coldcash

import (
	"tableside/engine"
	"tableside/engine/coldcash/board"
	"tableside/engine/risk"
)

// Board mode's commands (besides the bank's buy, sell, hide, dispose and
// dividends, and found, merge and end, which board mode reads its own way).
const (
	CmdOpen        = "open"         // host: {first: [territory by seat]} when the table keeps the deck
	CmdPlace       = "place"        // {territory, card}
	CmdNoPlace     = "noplace"      // the player holds no usable card (the table's deck)
	CmdAbsorb      = "absorb"       // {company}
	CmdLeave       = "leave"        // leave the Mom & Pop as it is
	CmdConsent     = "consent"      // {company, agree}
	CmdPass        = "pass"         // no action; take a card
	CmdDraw        = "draw"         // take a card, ending the turn
	CmdMeeting     = "meeting"      // {company, nominee}
	CmdAccept      = "accept"       // {accept}
	CmdVote        = "vote"         // {seat, for}
	CmdTakeover    = "takeover"     // {company}
	CmdAttack      = "attack"       // {from, to, dice, defend, blitz, stop, momPop, attackerFaces, defenderFaces, attackerLost, defenderLost}
	CmdOccupy      = "occupy"       // {teams}
	CmdMove        = "move"         // {from, to, teams}
	CmdTakeoverEnd = "takeover.end" // end the hostile takeover
	CmdRestructure = "restructure"  // {company, moves: [{from, to, teams}]}
	CmdHire        = "hire"         // {company, place: {territory: teams}}
	CmdDownsize    = "downsize"     // {company, remove: {territory: teams}}
	CmdSkip        = "skip"         // {company}: no earnings action
	CmdDeclare     = "declare"      // the closing bell, at the start of a turn
)

// decideTable decides a command in board mode; the long game ends in the
// same command the moment one company holds the map (endIfMapHeld).
func (s *State) decideTable(cmd engine.Command, a args, dice engine.Dice) ([]engine.Event, error) {
	evs, err := s.decideTableCmd(cmd, a, dice)
	if err != nil {
		return nil, err
	}
	return s.endIfMapHeld(evs)
}

// endIfMapHeld ends the long game the moment one company holds every
// territory, as the rulebook has it (no turn is finished, unlike the short
// game): after the command's events, once no merger waits for its holders,
// the takeover in progress (if any) ends and the final payout follows.
// With BoardSettings.LongEnd "turn" the player's draw ends it instead
// (alternateEnd).
func (s *State) endIfMapHeld(evs []engine.Event) ([]engine.Event, error) {
	if !s.Settings.BoardSettings.longEndsNow() || len(evs) == 0 || s.Table == nil {
		return evs, nil
	}
	// A command puts at most one more territory into play (a placement), so
	// a board two or more short of full cannot be held whole after it; this
	// spares most commands the simulation below.
	if len(s.Table.Board.Land)+1 < len(geo().Territories()) {
		return evs, nil
	}
	b := s.build()
	for _, e := range evs {
		b.sim.evolve(e)
	}
	b.evs = evs
	sim := b.sim
	if sim.Over || sim.Merger != nil || sim.Table == nil {
		return evs, nil
	}
	if _, ok := board.WholeMap(geo(), sim.Table.Board); !ok {
		return evs, nil
	}
	if tk := sim.Table.Takeover; tk != nil {
		if _, err := board.EndTakeover(geo(), sim.Table.Board, *tk); err == nil {
			b.add(EvTTakeoverDone, nil)
		}
	}
	if err := b.addAll(b.sim.End(EndLong)); err != nil {
		return nil, err
	}
	return b.evs, nil
}

// decideTableCmd decides a command in board mode as it stands.
func (s *State) decideTableCmd(cmd engine.Command, a args, dice engine.Dice) ([]engine.Event, error) {
	t := s.Table
	if s.Over {
		return nil, engine.Refuse("game-over", "The game is over: the final payout has been made.")
	}
	switch cmd.Type {
	case CmdHide:
		return s.decideHide(cmd, a)
	case CmdDispose:
		return s.decideBank(cmd, a)
	case CmdSize, CmdDissolve, CmdTurn:
		return nil, engine.Refuse("sizes-from-board", "In board mode the board decides this: sizes, turns and companies follow from play.")
	case CmdOpen:
		return s.decideOpen(cmd, a.(*openCmd), dice)
	}
	if t.Phase == PhaseOpening {
		return nil, engine.Refuse("opening-bell-first", "Ring the opening bell first.")
	}
	if s.Merger != nil {
		return nil, engine.Refuse("merger-in-progress", "Finish the merger first. %s", s.Waiting())
	}
	switch cmd.Type {
	case CmdConsent:
		return s.decideConsent(cmd, a.(*consentCmd))
	case CmdAccept, CmdVote:
		return s.decideMeetingReply(cmd, a)
	case CmdDividends, CmdRestructure, CmdHire, CmdDownsize, CmdSkip:
		return s.decideEarnings(cmd, a, dice)
	case CmdEnd:
		return s.decideEnd(cmd, a.(*endCmd))
	case CmdDefend:
		return s.decideDefend(cmd, a.(*defendCmd), dice)
	}
	if t.Phase != PhaseActivity {
		return nil, engine.Refuse("wrong-phase", "That is an activity-phase move; the table is in the %s phase. %s", t.Phase, s.Where())
	}
	seat := t.acting()
	if cmd.Seat != engine.Host && cmd.Seat != seat {
		return nil, engine.Refuse("not-your-turn", "It is %s's turn. %s", s.name(seat), s.Where())
	}
	if t.Proposal != nil {
		return nil, engine.Refuse("merger-awaits-consent", "%s", s.Where())
	}
	if s.Meeting != nil {
		return nil, engine.Refuse("meeting-in-progress", "%s", s.Where())
	}
	switch cmd.Type {
	case CmdDeclare:
		return s.decideDeclare()
	case CmdPlace:
		if t.Deck != nil && cmd.Seat == engine.Host {
			// A refusal would tell the table which cards the player holds.
			return nil, engine.Refuse("hand-is-secret", "With the app's deck, %s places from their own hand: their phone, or their hand shown on the laptop.", s.name(seat))
		}
		return s.decidePlace(seat, a.(*placeCmd))
	case CmdNoPlace:
		return s.decideNoPlace(seat)
	case CmdFound, CmdAbsorb, CmdMerge, CmdLeave:
		return s.decideOutcome(cmd, seat, a)
	case CmdBuy, CmdSell:
		return s.decideTrade(cmd, seat, a.(*tradeCmd))
	case CmdPass, CmdDraw:
		return s.decideDraw(seat, dice)
	case CmdMeeting:
		return s.decideMeeting(seat, a.(*meetingCmd))
	case CmdTakeover, CmdAttack, CmdOccupy, CmdMove, CmdTakeoverEnd:
		return s.decideTakeover(cmd, seat, a, dice)
	}
	return nil, engine.Refuse("unknown-command", "Cold Cash Risk does not know the command %q.", cmd.Type)
}

// addAll applies events decided elsewhere (the bank) to the builder's copy.
func (b *builder) addAll(evs []engine.Event, err error) error {
	if err != nil {
		return err
	}
	for _, e := range evs {
		b.sim.evolve(e)
		b.evs = append(b.evs, e)
	}
	return nil
}

// step refuses unless the activity step is want.
func (t *Table) needStep(want string, what string) error {
	if t.Takeover != nil {
		return engine.Refuse("takeover-in-progress", "Finish the hostile takeover first (end it or make the free move).")
	}
	if t.Step != want {
		return engine.Refuse("wrong-step", "%s is not possible now: the turn is at the %s step.", what, t.Step)
	}
	return nil
}

func (s *State) decideOpen(cmd engine.Command, c *openCmd, dice engine.Dice) ([]engine.Event, error) {
	if err := hostOnly(cmd, "The host rings the opening bell."); err != nil {
		return nil, err
	}
	if s.Table.Phase != PhaseOpening {
		return nil, engine.Refuse("opened-once", "The opening bell has already rung.")
	}
	g := geo()
	var o board.Opening
	var err error
	app := s.Settings.BoardSettings.Deck == DeckApp
	if app {
		o, err = board.OpenWithDeck(g, board.Shuffle(g, dice), len(s.Seats))
	} else {
		first := []string(c.First)
		if c.First == nil {
			for seat := range s.Seats { // a form's first0, first1, ...
				if card := c.Rows[seat]; card != "" {
					first = append(first, string(card))
				}
			}
		}
		if len(first) != len(s.Seats) {
			return nil, engine.Refuse("one-card-each", "Type the first territory card of each of the %d players.", len(s.Seats))
		}
		o, err = board.OpenWithCards(g, first)
	}
	if err != nil {
		return nil, err
	}
	b := s.build()
	b.add(EvTOpened, tOpenedEv{Opening: o, AppDeck: app})
	b.add(EvTTurn, tTurnEv{Phase: PhaseActivity, Cycle: 1, Order: o.Order, Pos: 0, Step: StepPlace})
	b.startTurn(1)
	return b.evs, nil
}

// startTurn begins the acting seat's activity turn (turn number turnNo):
// the bank's turn marker moves to it, and a seat that cannot place goes
// straight to its action.
func (b *builder) startTurn(turnNo int) {
	s := b.sim
	t := s.Table
	seat := t.acting()
	b.add(EvTurn, turnEv{Seat: seat, TurnNo: turnNo})
	if t.closed(seat) {
		b.add(EvTLeft, nil)
		return
	}
	if t.Deck != nil && len(board.Usable(geo(), t.Board, t.hand(seat))) == 0 {
		b.add(EvTForfeited, tSeatEv{Seat: seat})
	}
}

func (s *State) decideDeclare() ([]engine.Event, error) {
	t := s.Table
	if s.Settings.BoardSettings.Ending != board.EndStandard {
		return nil, engine.Refuse("ending-option", "This game plays the %s ending: the closing bell is not declared.", s.Settings.BoardSettings.Ending)
	}
	if t.Step != StepPlace && !(t.Step == StepAction && t.Placed == "" && t.Action == "" && s.Acted == "") {
		return nil, engine.Refuse("declare-at-start", "The closing bell is declared at the start of a turn, before anything else.")
	}
	if err := board.CheckDeclare(geo(), t.Board, s.coName); err != nil {
		return nil, err
	}
	return s.End(EndClosingBell)
}

func (s *State) decidePlace(seat int, c *placeCmd) ([]engine.Event, error) {
	t := s.Table
	if err := t.needStep(StepPlace, "Placing a Mom & Pop"); err != nil {
		return nil, err
	}
	at, card := c.Territory, c.Card
	hand := t.hand(seat)
	if t.Deck != nil && card == "" {
		card = defaultCard(hand, at)
	}
	if _, err := board.Place(geo(), t.Board, hand, t.Deck != nil, card, at); err != nil {
		return nil, err
	}
	if t.Deck == nil {
		card = ""
	}
	return []engine.Event{engine.NewEvent(EvTPlaced, tPlacedEv{Seat: seat, Card: card, Territory: at})}, nil
}

// defaultCard picks the card a tap on a territory means: its own card, or
// else a wild card.
func defaultCard(hand []string, at string) string {
	for _, c := range hand {
		if c == at {
			return c
		}
	}
	for _, c := range hand {
		if board.IsWild(c) {
			return c
		}
	}
	return at
}

func (s *State) decideNoPlace(seat int) ([]engine.Event, error) {
	t := s.Table
	if err := t.needStep(StepPlace, "Giving up the placement"); err != nil {
		return nil, err
	}
	if t.Deck != nil && len(board.Usable(geo(), t.Board, t.hand(seat))) > 0 {
		return nil, engine.Refuse("must-place", "%s holds a card that fits an empty territory and must place a Mom & Pop.", s.name(seat))
	}
	return []engine.Event{engine.NewEvent(EvTForfeited, tSeatEv{Seat: seat})}, nil
}

func (s *State) decideOutcome(cmd engine.Command, seat int, a args) ([]engine.Event, error) {
	t := s.Table
	if err := t.needStep(StepOutcome, "Deciding the Mom & Pop's outcome"); err != nil {
		return nil, err
	}
	g, at := geo(), t.Placed
	switch c := a.(type) {
	case *noData: // leave
		return []engine.Event{engine.NewEvent(EvTLeft, nil)}, nil
	case *companyCmd: // absorb
		id := c.Company
		if _, err := board.Absorb(g, t.Board, at, id); err != nil {
			return nil, err
		}
		return []engine.Event{engine.NewEvent(EvTAbsorbed, tAbsorbedEv{Territory: at, Company: id})}, nil
	case *foundCmd:
		id := c.Company
		if s.company(id) == nil {
			return nil, engine.Refuse("no-such-company", "There is no company %q.", id)
		}
		nb, f, err := board.Found(g, t.Board, at, id, s.Settings.BoardSettings.reach())
		if err != nil {
			return nil, err
		}
		b := s.build()
		b.add(EvTFounded, tFoundedEv{Territory: at, Company: id, Absorbed: f.Absorbed})
		if err := b.addAll(b.sim.Found(id, seat, board.SizeOf(g, nb, id).Size)); err != nil {
			return nil, err
		}
		return b.evs, nil
	}
	m, err := board.PlanMerger(g, t.Board, at, a.(*mergeCmd).Companies)
	if err != nil {
		return nil, err
	}
	var waiting []string
	for _, c := range m.Corps() {
		if s.ceoOf(c) != seat {
			waiting = append(waiting, c)
		}
	}
	b := s.build()
	b.add(EvTProposed, tProposedEv{Merger: m, Maker: seat, Waiting: waiting})
	if len(waiting) == 0 {
		if err := b.carryOut(); err != nil {
			return nil, err
		}
	}
	return b.evs, nil
}

// carryOut merges on the board, then runs the bank's merger at the sizes
// the companies had.
func (b *builder) carryOut() error {
	p := b.sim.Table.Proposal
	m := p.Merger
	b.add(EvTMerged, tMergedEv{Merger: m})
	return b.addAll(b.sim.Merge(m.Survivor, m.Defunct, p.Maker, false, 0))
}

func (s *State) decideConsent(cmd engine.Command, c *consentCmd) ([]engine.Event, error) {
	p := s.Table.Proposal
	if p == nil {
		return nil, engine.Refuse("no-proposal", "No merger is waiting for consent.")
	}
	id := c.Company
	if !containsStr(p.Waiting, id) {
		return nil, engine.Refuse("not-asked", "%s's consent is not awaited.", s.coName(id))
	}
	if cmd.Seat != engine.Host && cmd.Seat != s.ceoOf(id) {
		return nil, engine.Refuse("ceo-consents", "Only %s's CEO, %s, can agree to the merger.", s.coName(id), s.name(s.ceoOf(id)))
	}
	agree := c.Agree
	b := s.build()
	b.add(EvTConsented, tConsentedEv{Company: id, Agree: agree})
	if agree && len(b.sim.Table.Proposal.Waiting) == 0 {
		if err := b.carryOut(); err != nil {
			return nil, err
		}
	}
	return b.evs, nil
}

func (s *State) decideTrade(cmd engine.Command, seat int, c *tradeCmd) ([]engine.Event, error) {
	t := s.Table
	if err := t.needStep(StepAction, "Buying or selling"); err != nil {
		return nil, err
	}
	if t.Action != "" && t.Action != cmd.Type {
		return nil, engine.Refuse("one-action", "%s already chose to %s this turn: a turn has one action.", s.name(seat), t.Action)
	}
	var evs []engine.Event
	var err error
	if cmd.Type == CmdBuy {
		evs, err = s.Buy(seat, c.Company, or(c.Count, -1))
	} else {
		evs, err = s.Sell(seat, c.Company, or(c.Count, -1))
	}
	if err != nil {
		return nil, err
	}
	return append(evs, engine.NewEvent(EvTActed, tActedEv{Action: cmd.Type})), nil
}

// decideDraw ends the turn: the player takes a card (and replaces the ones
// they cannot use); the next player's turn or the earnings phase follows,
// unless an alternate ending has come.
func (s *State) decideDraw(seat int, dice engine.Dice) ([]engine.Event, error) {
	t := s.Table
	if err := t.needStep(StepAction, "Taking a card"); err != nil {
		return nil, err
	}
	b := s.build()
	if t.Action == "" && s.Acted == "" {
		b.add(EvTActed, tActedEv{Action: "pass"})
	}
	b.add(EvTDrew, tSeatEv{Seat: seat})
	if ended, err := b.alternateEnd(); ended || err != nil {
		return b.evs, err
	}
	b.advance(dice)
	return b.evs, nil
}

// alternateEnd ends the game when its alternate ending has come: the short
// game once every territory card is played, the long game once one company
// holds the whole map.
func (b *builder) alternateEnd() (bool, error) {
	s := b.sim
	t := s.Table
	switch s.Settings.BoardSettings.Ending {
	case board.EndShort:
		if t.Deck != nil && t.Deck.Exhausted() {
			return true, b.addAll(s.End(EndShort))
		}
	case board.EndLong:
		if _, ok := board.WholeMap(geo(), t.Board); ok && !s.Settings.BoardSettings.longEndsNow() {
			return true, b.addAll(s.End(EndLong))
		}
	}
	return false, nil
}

// advance moves to the next player, or from the activity phase to the
// earnings phase, or on to the next operating cycle.
func (b *builder) advance(dice engine.Dice) {
	s := b.sim
	t := s.Table
	next := t.Pos + 1
	if t.Phase == PhaseActivity && next < len(t.Order) {
		b.add(EvTTurn, tTurnEv{Phase: PhaseActivity, Cycle: t.Cycle, Order: t.Order, Pos: next, Step: StepPlace})
		b.startTurn(s.TurnNo + 1)
		return
	}
	if t.Phase == PhaseActivity {
		next = 0
	}
	for ; next < len(t.Order); next++ {
		if len(s.companiesOf(t.Order[next])) > 0 {
			b.add(EvTTurn, tTurnEv{Phase: PhaseEarnings, Cycle: t.Cycle, Order: t.Order, Pos: next, Step: ""})
			return
		}
	}
	order := t.Order
	if s.Settings.BoardSettings.VariableOrder {
		order = board.DrawOrder(len(s.Seats), dice)
	}
	b.add(EvTTurn, tTurnEv{Phase: PhaseActivity, Cycle: t.Cycle + 1, Order: order, Pos: 0, Step: StepPlace})
	b.startTurn(s.TurnNo + 1)
}

func (s *State) decideEnd(cmd engine.Command, c *endCmd) ([]engine.Event, error) {
	if err := hostOnly(cmd, "The host records the end of the game."); err != nil {
		return nil, err
	}
	reason := c.Reason
	switch {
	case reason == EndShort && s.Settings.BoardSettings.Ending == board.EndShort && s.Table.Deck == nil:
		return s.End(EndShort)
	case reason == EndShort || reason == EndLong:
		return nil, engine.Refuse("ending-option", "The %s ending is reached on the board by itself in this game.", reason)
	}
	return nil, engine.Refuse("declare-at-start", "The closing bell is declared by the player on turn at the start of their turn (declare).")
}

// dieOrRoll is the die typed for the real dice (blank reads as 0, which
// the board refuses), or one rolled.
func dieOrRoll(typed *int, dice engine.Dice) int {
	if typed != nil {
		return or(typed, 0)
	}
	return risk.RollMomPop(dice)
}
