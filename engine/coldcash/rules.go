package coldcash

import (
	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/ledger"
)

// Rules implements engine.Rules for Cold Cash Risk.
type Rules struct{}

func (Rules) Kind() string  { return "coldcash" }
func (Rules) Title() string { return "Cold Cash Risk" }
func (Rules) MinSeats() int { return 2 }
func (Rules) MaxSeats() int { return 6 }

// New opens the bank: every player receives the starting cash.
func (Rules) New(setup engine.Setup) (engine.State, error) {
	set, err := readSettings(setup.Settings)
	if err != nil {
		return nil, err
	}
	if err := set.normalise(); err != nil {
		return nil, err
	}
	cos, err := acquire.Companies(set.Names)
	if err != nil {
		return nil, engine.Refuse("name-set", "Choose the names classic, 1999 or 2008, not %q.", set.Names)
	}
	s := &State{Seats: setup.Seats, Settings: set, TurnNo: 1}
	ids, names := make([]string, len(cos)), make([]string, len(setup.Seats))
	for i, c := range cos {
		s.Companies = append(s.Companies, Company{Company: c, CEO: -1})
		ids[i] = c.ID
	}
	for i, seat := range setup.Seats {
		names[i] = seat.Name
		s.Hidden = append(s.Hidden, make([]int, len(cos)))
	}
	s.Book = ledger.New(names, ids, acquire.Certificates)
	if set.Mode == ModeBoard {
		s.Table = newBoardTable(len(setup.Seats))
	}
	for i := range setup.Seats {
		s.Book.MustPost("starting cash", ledger.Transfer{From: ledger.Bank, To: ledger.Account(i), Asset: ledger.Cash, Amount: acquire.StartingCash})
	}
	return s, nil
}

// normalise fills in defaults and refuses unknown values.
func (set *Settings) normalise() error {
	if set.Names == "" {
		set.Names = acquire.Classic
	}
	if set.Mode == "" {
		set.Mode = ModeBank
	}
	if set.HiddenAtMerger == "" {
		set.HiddenAtMerger = HiddenCount
	}
	if set.HostileRounding == "" {
		set.HostileRounding = RoundExact
	}
	if set.PhoneTrades == "" {
		set.PhoneTrades = TradesDirect
	}
	if set.Mode == ModeBoard {
		if err := set.BoardSettings.normalise(); err != nil {
			return err
		}
	}
	switch {
	case set.Mode != ModeBank && set.Mode != ModeBoard:
		return engine.Refuse("mode", "The mode is bank (sizes typed by hand) or board (the laptop keeps the board), not %q.", set.Mode)
	case set.HiddenAtMerger != HiddenCount && set.HiddenAtMerger != HiddenIgnore:
		return engine.Refuse("hidden-at-merger", "Hidden shares at a merger: choose count or ignore, not %q.", set.HiddenAtMerger)
	case set.HostileRounding != RoundExact && set.HostileRounding != RoundUp100:
		return engine.Refuse("hostile-rounding", "Hostile rounding: choose exact or up100, not %q.", set.HostileRounding)
	case set.PhoneTrades != TradesDirect && set.PhoneTrades != TradesConfirm:
		return engine.Refuse("phone-trades", "Phone trades: choose direct (phones act at once) or confirm (the host confirms each), not %q.", set.PhoneTrades)
	}
	return nil
}

// Commands a screen may send.
const (
	CmdFound     = "found"     // {company, seat, size}
	CmdSize      = "size"      // {company, size}
	CmdBuy       = "buy"       // {seat, company, count}
	CmdSell      = "sell"      // {seat, company, count}
	CmdHide      = "hide"      // {company, hidden}: a phone only
	CmdDividends = "dividends" // {company, double}
	CmdMerge     = "merge"     // {survivor, defuncts | defunct, defunct2, defunct3, maker, hostile, newSize}
	CmdDispose   = "dispose"   // {seat, sell, trade, keep} or {seat, choice}
	CmdTurn      = "turn"      // {seat}: optional, else the next seat
	CmdDissolve  = "dissolve"  // {company}
	CmdEnd       = "end"       // {reason}
)

// Decide reads a command and asks the economy what follows.
func (Rules) Decide(st engine.State, cmd engine.Command, dice engine.Dice) ([]engine.Event, error) {
	s := st.(*State)
	a, err := commandData.Decode(cmd)
	if err != nil {
		return nil, err
	}
	if err := s.hostSeesShown(cmd, a); err != nil {
		return nil, err
	}
	switch {
	case s.confirmsPhoneTrades(cmd):
		return s.requestTrade(cmd, a, dice)
	case cmd.Type == CmdTradeConfirm || cmd.Type == CmdTradeReject:
		return s.decideRequest(cmd, dice)
	}
	return s.decideDirect(cmd, a, dice)
}

// decideDirect decides a command as it stands, in bank or board mode.
func (s *State) decideDirect(cmd engine.Command, a args, dice engine.Dice) ([]engine.Event, error) {
	if s.Table != nil {
		return s.decideTable(cmd, a, dice)
	}
	return s.decideBankMode(cmd, a)
}

// decideBankMode decides a command in bank mode: the bank's own, and a
// stockholders' meeting (meeting.go), which holds up everything but its
// answers and the showing or hiding of shares while it is under way.
func (s *State) decideBankMode(cmd engine.Command, a args) ([]engine.Event, error) {
	switch cmd.Type {
	case CmdHide:
		return s.decideHide(cmd, a)
	case CmdAccept, CmdVote:
		if err := s.open(); err != nil {
			return nil, err
		}
		return s.decideMeetingReply(cmd, a)
	}
	if s.Meeting != nil {
		return nil, engine.Refuse("meeting-in-progress", "%s Finish the meeting first.", s.meetingWhere())
	}
	if cmd.Type != CmdMeeting {
		return s.decideBank(cmd, a)
	}
	if err := s.open(); err != nil {
		return nil, err
	}
	if cmd.Seat != engine.Host && cmd.Seat != s.Turn {
		return nil, engine.Refuse("not-your-turn", "It is %s's turn: only the player on turn calls a meeting, as their turn's action.", s.name(s.Turn))
	}
	return s.decideMeeting(s.Turn, a.(*meetingCmd))
}

// decideHide shows or hides shares in either mode: a meeting under way
// closes when the stockholder it still waits for hides every share.
func (s *State) decideHide(cmd engine.Command, a args) ([]engine.Event, error) {
	evs, err := s.decideBank(cmd, a)
	if err != nil {
		return nil, err
	}
	return s.closeMeetingIfDone(evs), nil
}

// decideBank decides the bank's own commands (all of them in bank mode).
func (s *State) decideBank(cmd engine.Command, a args) ([]engine.Event, error) {
	switch c := a.(type) {
	case *foundCmd:
		seat, err := actor(cmd, c.Seat)
		if err != nil {
			return nil, err
		}
		size := or(c.Size, acquire.MinSize)
		if err := sizeInRange("Size", size); err != nil {
			return nil, err
		}
		return s.Found(c.Company, seat, size)
	case *sizeCmd:
		if err := hostOnly(cmd, "Only the host types company sizes."); err != nil {
			return nil, err
		}
		return s.SetSize(c.Company, or(c.Size, -1))
	case *tradeCmd:
		seat, err := actor(cmd, c.Seat)
		if err != nil {
			return nil, err
		}
		if cmd.Type == CmdBuy {
			return s.Buy(seat, c.Company, or(c.Count, -1))
		}
		return s.Sell(seat, c.Company, or(c.Count, -1))
	case *hideCmd:
		if cmd.Seat < 0 {
			return nil, engine.Refuse("own-phone-only", "Hidden shares are set on the player's own phone: hidden is hidden from the table, the host included.")
		}
		return s.Hide(cmd.Seat, c.Company, or(c.Hidden, -1))
	case *dividendsCmd:
		id := c.Company
		if co := s.company(id); cmd.Seat != engine.Host && (co == nil || co.CEO != cmd.Seat) {
			return nil, engine.Refuse("ceo-only", "Only the company's CEO (or the host) pays its dividends.")
		}
		return s.PayDividends(id, c.Double)
	case *mergeCmd:
		if err := hostOnly(cmd, "The host runs mergers and takeovers."); err != nil {
			return nil, err
		}
		newSize := or(c.NewSize, 0)
		if err := sizeInRange("The survivor's size", newSize); err != nil {
			return nil, err
		}
		return s.Merge(c.Survivor, c.defunctIDs(), or(c.Maker, -1), c.Hostile, newSize)
	case *disposeCmd:
		return s.decideDispose(cmd, c)
	case *turnCmd:
		if cmd.Seat != engine.Host && cmd.Seat != s.Turn {
			return nil, engine.Refuse("host-moves-turn", "Only the host, or the player on turn, moves the turn marker.")
		}
		seat := or(c.Seat, -1)
		if seat != -1 && cmd.Seat != engine.Host {
			return nil, engine.Refuse("host-moves-turn", "Only the host moves the turn marker to a chosen player.")
		}
		return s.NextTurn(seat)
	case *companyCmd:
		if cmd.Type != CmdDissolve {
			break
		}
		if err := hostOnly(cmd, "Only the host removes a company by hand."); err != nil {
			return nil, err
		}
		return s.Dissolve(c.Company)
	case *endCmd:
		if err := hostOnly(cmd, "The host declares the end of the game."); err != nil {
			return nil, err
		}
		return s.End(c.Reason)
	}
	return nil, engine.Refuse("unknown-command", "Cold Cash Risk does not know the command %q.", cmd.Type)
}

func (s *State) decideDispose(cmd engine.Command, c *disposeCmd) ([]engine.Event, error) {
	if s.Merger == nil || len(s.Merger.Queue) == 0 {
		return nil, engine.Refuse("no-merger", "No merger is waiting for a decision.")
	}
	seatField := c.Seat
	if cmd.Seat == engine.Host && seatField == nil {
		q := s.Merger.Queue[0] // the host answers for the awaited holder
		seatField = &q
	}
	seat, err := actor(cmd, seatField)
	if err != nil {
		return nil, err
	}
	if seat != s.Merger.Queue[0] {
		return nil, engine.Refuse("not-your-decision", "%s", s.Waiting())
	}
	var d Disposal
	if c.Choice != "" {
		if d, err = s.DisposalFor(c.Choice); err != nil {
			return nil, err
		}
	} else {
		d = Disposal{Seat: seat, Sell: or(c.Sell, 0), Trade: or(c.Trade, 0), Keep: or(c.Keep, 0)}
		defunct := s.Merger.Defuncts[s.Merger.Current]
		switch {
		case c.Keep == nil: // keep the rest: every share neither sold nor traded
			held := s.Held(seat, defunct)
			if d.Sell+d.Trade > held {
				return nil, engine.Refuse("dispose-every-share", "%s holds %d %s: sell and trade at most %d together, not %d.", s.name(seat), held, s.coName(defunct), held, d.Sell+d.Trade)
			}
			d.Keep = held - d.Sell - d.Trade
		case cmd.Seat == engine.Host: // the host types the shown shares (hostSeesShown); the hidden ones are kept
			d.Keep += s.HiddenOf(seat, defunct)
		}
	}
	return s.Dispose(d)
}

func hostOnly(cmd engine.Command, msg string) error {
	if cmd.Seat != engine.Host {
		return engine.Refuse("host-only", "%s", msg)
	}
	return nil
}

// actor is the seat a command acts for: a phone acts for itself; the host
// names the seat.
func actor(cmd engine.Command, seat *int) (int, error) {
	n := or(seat, cmd.Seat)
	if cmd.Seat != engine.Host && n != cmd.Seat {
		return 0, engine.Refuse("own-seat-only", "A phone acts only for its own player; the host acts for anyone.")
	}
	if n < 0 {
		return 0, engine.Refuse("no-such-seat", "Say which player.")
	}
	return n, nil
}
