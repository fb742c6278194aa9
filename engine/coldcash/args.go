package coldcash

import "tableside/engine"

// commandKeys lists the fields each command takes, in bank and board mode
// together (a form's numbered rows as "from#"). A field not listed is a typo
// or a forgery, and is refused before anything is decided.
var commandKeys = map[string][]string{
	CmdFound:        {"seat", "size", "company"},
	CmdSize:         {"company", "size"},
	CmdBuy:          {"seat", "company", "count"},
	CmdSell:         {"seat", "company", "count"},
	CmdHide:         {"company", "hidden"},
	CmdDividends:    {"company", "double"},
	CmdMerge:        {"survivor", "defuncts", "defunct", "defunct2", "defunct3", "maker", "hostile", "newSize", "companies"},
	CmdDispose:      {"seat", "sell", "trade", "keep", "choice"},
	CmdTurn:         {"seat"},
	CmdCEO:          {"company", "seat"},
	CmdDissolve:     {"company"},
	CmdEnd:          {"reason"},
	CmdTradeConfirm: {},
	CmdTradeReject:  {},
	CmdOpen:         {"first", "first#"},
	CmdPlace:        {"territory", "card"},
	CmdNoPlace:      {},
	CmdAbsorb:       {"company"},
	CmdLeave:        {},
	CmdConsent:      {"company", "agree"},
	CmdPass:         {},
	CmdDraw:         {},
	CmdMeeting:      {"company", "nominee"},
	CmdAccept:       {"accept"},
	CmdVote:         {"seat", "for"},
	CmdTakeover:     {"company"},
	CmdAttack:       {"from", "to", "dice", "defend", "blitz", "stop", "momPop", "attackerFaces", "defenderFaces", "attackerLost", "defenderLost"},
	CmdOccupy:       {"teams"},
	CmdMove:         {"from", "to", "teams"},
	CmdTakeoverEnd:  {},
	CmdRestructure:  {"company", "moves", "from#", "to#", "teams#"},
	CmdHire:         {"company", "place"},
	CmdDownsize:     {"company", "remove"},
	CmdSkip:         {"company"},
	CmdDeclare:      {},
	CmdDefend:       {"dice"},
}

// requiredKeys are the fields a command cannot do without: a missing one
// would otherwise read as zero or no (a consent without "agree" would refuse
// the merger, a vote without "for" would vote against).
var requiredKeys = map[string][]string{
	CmdBuy:         {"company", "count"},
	CmdSell:        {"company", "count"},
	CmdHide:        {"company", "hidden"},
	CmdSize:        {"company", "size"},
	CmdDividends:   {"company"},
	CmdCEO:         {"company", "seat"},
	CmdDissolve:    {"company"},
	CmdFound:       {"company"},
	CmdAbsorb:      {"company"},
	CmdConsent:     {"company", "agree"},
	CmdMeeting:     {"company", "nominee"},
	CmdAccept:      {"accept"},
	CmdVote:        {"for"},
	CmdTakeover:    {"company"},
	CmdMove:        {"from", "to"},
	CmdAttack:      {"from", "to"},
	CmdOccupy:      {"teams"},
	CmdHire:        {"company"},
	CmdDownsize:    {"company", "remove"},
	CmdRestructure: {"company"},
	CmdSkip:        {"company"},
	CmdDefend:      {"dice"},
}

// MaxTypedSize bounds a size typed by hand (bank mode's found, size and
// merge): the largest board has 42 territories, so no company comes near it.
const MaxTypedSize = 200

// checkKeys refuses a command carrying a field it does not take or lacking
// one it needs; an unknown command is left for Decide to refuse by name.
func checkKeys(cmd engine.Command) error {
	keys, ok := commandKeys[cmd.Type]
	if !ok {
		return nil
	}
	if err := engine.CheckKeys(cmd.Type, cmd.Data, keys...); err != nil {
		return err
	}
	return engine.Require(cmd.Type, cmd.Data, requiredKeys[cmd.Type]...)
}

// sizeInRange refuses a typed size above MaxTypedSize.
func sizeInRange(what string, size int) error {
	if size > MaxTypedSize {
		return engine.Refuse("max-size", "%s %d is larger than any board allows (at most %d).", what, size, MaxTypedSize)
	}
	return nil
}

// hostSeesShown refuses what the host asks for a player that only their
// hidden shares could allow, in words that count shown shares only: a refusal
// on the host screen must read the same whatever a player keeps hidden. The
// player's own phone is never limited this way. Board mode's host acts for
// the player whose turn it is; bank mode's names the seat.
func (s *State) hostSeesShown(cmd engine.Command, a args) error {
	if cmd.Seat != engine.Host {
		return nil
	}
	seat := -1
	if s.Table != nil {
		seat = s.Table.acting()
	} else if n, err := a.num("seat", -1); err == nil {
		seat = n
	}
	if (seat < 0 || seat >= len(s.Seats)) && cmd.Type != CmdDispose {
		return nil // the command's own checks refuse it
	}
	id := a.str("company")
	switch cmd.Type {
	case CmdSell:
		n, err := a.num("count", -1)
		if err != nil || s.company(id) == nil || n < 1 {
			return nil
		}
		if shown := s.Visible(seat, id); n > shown {
			return engine.Refuse("sell-what-you-hold", "%s shows %d %s shares: the host sells shown shares only; hidden ones are sold from %s's own phone.", s.name(seat), shown, s.coName(id), s.name(seat))
		}
	case CmdMeeting:
		if s.Table != nil && s.company(id) != nil && s.Visible(seat, id) == 0 {
			return engine.Refuse("meeting-stockholders-only", "%s shows no %s stock: only a stockholder calls its meeting (a holder of hidden shares calls it from their own phone).", s.name(seat), s.coName(id))
		}
	case CmdDispose:
		m := s.Merger
		if m == nil || len(m.Queue) == 0 || a.str("choice") != "" {
			return nil
		}
		holder, defunct := m.Queue[0], m.Defuncts[m.Current]
		var sum int
		for _, k := range []string{"sell", "trade", "keep"} {
			n, err := a.num(k, 0)
			if err != nil {
				return nil
			}
			sum += n
		}
		if shown := s.Visible(holder, defunct); !hasKey(a, "keep") && sum > shown {
			return engine.Refuse("dispose-every-share", "%s shows %d %s: the host sells and trades shown shares only, not %d (hidden shares are kept, or %s answers on their own phone).", s.name(holder), shown, s.coName(defunct), sum, s.name(holder))
		} else if hasKey(a, "keep") && sum != shown {
			return engine.Refuse("dispose-every-share", "%s shows %d %s: the host's sell, trade and keep add up to the shown shares, not %d (hidden shares are kept, or %s answers on their own phone).", s.name(holder), shown, s.coName(defunct), sum, s.name(holder))
		}
	}
	return nil
}
