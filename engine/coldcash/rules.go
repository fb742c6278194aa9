package coldcash

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash/board"
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
	// Read field by field: a form sends "1999" as a number.
	a := args{}
	if err := engine.Decode("settings", setup.Settings, &a); err != nil {
		return nil, err
	}
	if a == nil {
		a = args{}
	}
	set := Settings{Names: acquire.NameSet(a.str("names")), Mode: a.str("mode"), HiddenAtMerger: a.str("hiddenAtMerger"), HostileRounding: a.str("hostileRounding"), PhoneTrades: a.str("phoneTrades"),
		BoardSettings: BoardSettings{Deck: a.str("deck"), Ending: board.Ending(a.str("ending")), ClassicMin: a.flag("classicMin"), VariableOrder: a.flag("variableOrder"), DefendMost: a.flag("defendMost"), FoundReach: board.Reach(a.str("foundReach")), LongEnd: a.str("longEnd")}}
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
	CmdCEO       = "ceo"       // {company, seat}
	CmdDissolve  = "dissolve"  // {company}
	CmdEnd       = "end"       // {reason}
)

// Decide reads a command and asks the economy what follows.
func (Rules) Decide(st engine.State, cmd engine.Command, dice engine.Dice) ([]engine.Event, error) {
	s := st.(*State)
	a, err := parseArgs(cmd)
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
	return s.decideBank(cmd, a)
}

// decideBank decides the bank's own commands (all of them in bank mode).
func (s *State) decideBank(cmd engine.Command, a args) ([]engine.Event, error) {
	switch cmd.Type {
	case CmdFound:
		seat, err := a.actor(cmd, "seat")
		if err != nil {
			return nil, err
		}
		size, err := a.num("size", acquire.MinSize)
		if err != nil {
			return nil, err
		}
		if err := sizeInRange("Size", size); err != nil {
			return nil, err
		}
		return s.Found(a.str("company"), seat, size)
	case CmdSize:
		if err := hostOnly(cmd, "Only the host types company sizes."); err != nil {
			return nil, err
		}
		size, err := a.num("size", -1)
		if err != nil {
			return nil, err
		}
		return s.SetSize(a.str("company"), size)
	case CmdBuy, CmdSell:
		seat, err := a.actor(cmd, "seat")
		if err != nil {
			return nil, err
		}
		n, err := a.num("count", -1)
		if err != nil {
			return nil, err
		}
		if cmd.Type == CmdBuy {
			return s.Buy(seat, a.str("company"), n)
		}
		return s.Sell(seat, a.str("company"), n)
	case CmdHide:
		if cmd.Seat < 0 {
			return nil, engine.Refuse("own-phone-only", "Hidden shares are set on the player's own phone: hidden is hidden from the table, the host included.")
		}
		n, err := a.num("hidden", -1)
		if err != nil {
			return nil, err
		}
		return s.Hide(cmd.Seat, a.str("company"), n)
	case CmdDividends:
		id := a.str("company")
		if c := s.company(id); cmd.Seat != engine.Host && (c == nil || c.CEO != cmd.Seat) {
			return nil, engine.Refuse("ceo-only", "Only the company's CEO (or the host) pays its dividends.")
		}
		return s.PayDividends(id, a.flag("double"))
	case CmdMerge:
		if err := hostOnly(cmd, "The host runs mergers and takeovers."); err != nil {
			return nil, err
		}
		maker, err := a.num("maker", -1)
		if err != nil {
			return nil, err
		}
		newSize, err := a.num("newSize", 0)
		if err != nil {
			return nil, err
		}
		if err := sizeInRange("The survivor's size", newSize); err != nil {
			return nil, err
		}
		return s.Merge(a.str("survivor"), a.defuncts(), maker, a.flag("hostile"), newSize)
	case CmdDispose:
		return s.decideDispose(cmd, a)
	case CmdTurn:
		if cmd.Seat != engine.Host && cmd.Seat != s.Turn {
			return nil, engine.Refuse("host-moves-turn", "Only the host, or the player on turn, moves the turn marker.")
		}
		seat, err := a.num("seat", -1)
		if err != nil {
			return nil, err
		}
		if seat != -1 && cmd.Seat != engine.Host {
			return nil, engine.Refuse("host-moves-turn", "Only the host moves the turn marker to a chosen player.")
		}
		return s.NextTurn(seat)
	case CmdCEO:
		if err := hostOnly(cmd, "The host records the stockholders' vote."); err != nil {
			return nil, err
		}
		seat, err := a.num("seat", -1)
		if err != nil {
			return nil, err
		}
		return s.SetCEO(a.str("company"), seat)
	case CmdDissolve:
		if err := hostOnly(cmd, "Only the host removes a company by hand."); err != nil {
			return nil, err
		}
		return s.Dissolve(a.str("company"))
	case CmdEnd:
		if err := hostOnly(cmd, "The host declares the end of the game."); err != nil {
			return nil, err
		}
		return s.End(a.str("reason"))
	}
	return nil, engine.Refuse("unknown-command", "Cold Cash Risk does not know the command %q.", cmd.Type)
}

func (s *State) decideDispose(cmd engine.Command, a args) ([]engine.Event, error) {
	if s.Merger == nil || len(s.Merger.Queue) == 0 {
		return nil, engine.Refuse("no-merger", "No merger is waiting for a decision.")
	}
	if cmd.Seat == engine.Host && len(a["seat"]) == 0 {
		a["seat"] = json.RawMessage(strconv.Itoa(s.Merger.Queue[0])) // the host answers for the awaited holder
	}
	seat, err := a.actor(cmd, "seat")
	if err != nil {
		return nil, err
	}
	if seat != s.Merger.Queue[0] {
		return nil, engine.Refuse("not-your-decision", "%s", s.Waiting())
	}
	var d Disposal
	if choice := a.str("choice"); choice != "" {
		if d, err = s.DisposalFor(choice); err != nil {
			return nil, err
		}
	} else {
		d.Seat = seat
		for _, f := range []struct {
			name string
			v    *int
		}{{"sell", &d.Sell}, {"trade", &d.Trade}, {"keep", &d.Keep}} {
			if *f.v, err = a.num(f.name, 0); err != nil {
				return nil, err
			}
		}
		defunct := s.Merger.Defuncts[s.Merger.Current]
		switch {
		case !hasKey(a, "keep"): // keep the rest: every share neither sold nor traded
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

// hasKey says whether the command carries field k.
func hasKey(a args, k string) bool {
	_, ok := a[k]
	return ok
}

func hostOnly(cmd engine.Command, msg string) error {
	if cmd.Seat != engine.Host {
		return engine.Refuse("host-only", "%s", msg)
	}
	return nil
}

// args is a command's data, read field by field so that each bad value is
// refused with the rule it breaks.
type args map[string]json.RawMessage

func parseArgs(cmd engine.Command) (args, error) {
	if err := checkKeys(cmd); err != nil {
		return nil, err
	}
	a, err := engine.DecodeArgs[args](cmd.Type, cmd.Data)
	if err != nil {
		return nil, err
	}
	if a == nil { // "null"
		a = args{}
	}
	return a, nil
}

func (a args) str(k string) string {
	var v any
	if json.Unmarshal(a[k], &v) != nil {
		return ""
	}
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

func (a args) flag(k string) bool {
	var v any
	if json.Unmarshal(a[k], &v) != nil {
		return false
	}
	switch x := v.(type) {
	case bool:
		return x
	case string:
		return x == "true" || x == "on" || x == "yes" || x == "1"
	case float64:
		return x != 0
	}
	return false
}

// num reads a whole number; missing or empty gives def. Fractions, words and
// absurd sizes are refused.
func (a args) num(k string, def int) (int, error) {
	raw, ok := a[k]
	if !ok || len(raw) == 0 || string(raw) == "null" {
		return def, nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return 0, engine.Refuse("whole-number", "%s must be a whole number.", k)
	}
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case string:
		x = strings.TrimSpace(x)
		if x == "" {
			return def, nil
		}
		p, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return 0, engine.Refuse("whole-number", "%s must be a whole number, not %q.", k, x)
		}
		f = p
	default:
		return 0, engine.Refuse("whole-number", "%s must be a whole number.", k)
	}
	if f != math.Trunc(f) || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, engine.Refuse("whole-number", "%s must be a whole number, not %v: shares and dollars come whole.", k, f)
	}
	if math.Abs(f) > 1_000_000 {
		return 0, engine.Refuse("whole-number", "%s = %v is out of range.", k, f)
	}
	return int(f), nil
}

// actor is the seat a command acts for: a phone acts for itself; the host
// names the seat.
func (a args) actor(cmd engine.Command, k string) (int, error) {
	n, err := a.num(k, cmd.Seat)
	if err != nil {
		return 0, err
	}
	if cmd.Seat != engine.Host && n != cmd.Seat {
		return 0, engine.Refuse("own-seat-only", "A phone acts only for its own player; the host acts for anyone.")
	}
	if n < 0 {
		return 0, engine.Refuse("no-such-seat", "Say which player.")
	}
	return n, nil
}

// defuncts reads "defuncts" (a list or "c2,c3") or defunct, defunct2, defunct3.
func (a args) defuncts() []string {
	var list []string
	if raw, ok := a["defuncts"]; ok {
		if json.Unmarshal(raw, &list) != nil {
			list = strings.Split(a.str("defuncts"), ",")
		}
	}
	for _, k := range []string{"defunct", "defunct2", "defunct3"} {
		list = append(list, a.str(k))
	}
	out := []string{}
	for _, id := range list {
		if id = strings.TrimSpace(id); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// CheckSettings refuses a new game's setting it does not know: the keys of
// Settings, which New reads.
func (Rules) CheckSettings(raw json.RawMessage) error {
	return engine.SettingsKeys(raw, engine.JSONKeys[Settings]()...)
}
