package coldcash

import "tableside/engine"

// hostSeesShown refuses what the host asks for a player that only their
// hidden shares could allow, in words that count shown shares only: a refusal
// on the host screen must read the same whatever a player keeps hidden. The
// player's own phone is never limited this way. Board mode's host acts for
// the player whose turn it is; bank mode's names the seat.
func (s *State) hostSeesShown(cmd engine.Command, a args) error {
	if cmd.Seat != engine.Host {
		return nil
	}
	switch c := a.(type) {
	case *tradeCmd:
		seat := or(c.Seat, -1)
		if s.Table != nil {
			seat = s.Table.acting()
		}
		id, n := c.Company, or(c.Count, -1)
		if cmd.Type != CmdSell || seat < 0 || seat >= len(s.Seats) || s.company(id) == nil || n < 1 {
			return nil // the command's own checks refuse it
		}
		if shown := s.Visible(seat, id); n > shown {
			return engine.Refuse("sell-what-you-hold", "%s shows %d %s shares: the host sells shown shares only; hidden ones are sold from %s's own phone.", s.name(seat), shown, s.coName(id), s.name(seat))
		}
	case *meetingCmd:
		if s.Table == nil {
			return nil
		}
		seat, id := s.Table.acting(), c.Company
		if seat >= 0 && seat < len(s.Seats) && s.company(id) != nil && s.Visible(seat, id) == 0 {
			return engine.Refuse("meeting-stockholders-only", "%s shows no %s stock: only a stockholder calls its meeting (a holder of hidden shares calls it from their own phone).", s.name(seat), s.coName(id))
		}
	case *disposeCmd:
		return s.hostDisposesShown(c)
	}
	return nil
}

// hostDisposesShown refuses the host's sell, trade and keep that add up to
// more than the holder's shown shares (or, with keep, to other than them).
func (s *State) hostDisposesShown(c *disposeCmd) error {
	m := s.Merger
	if m == nil || len(m.Queue) == 0 || c.Choice != "" {
		return nil
	}
	holder, defunct := m.Queue[0], m.Defuncts[m.Current]
	sum := or(c.Sell, 0) + or(c.Trade, 0) + or(c.Keep, 0)
	if shown := s.Visible(holder, defunct); c.Keep == nil && sum > shown {
		return engine.Refuse("dispose-every-share", "%s shows %d %s: the host sells and trades shown shares only, not %d (hidden shares are kept, or %s answers on their own phone).", s.name(holder), shown, s.coName(defunct), sum, s.name(holder))
	} else if c.Keep != nil && sum != shown {
		return engine.Refuse("dispose-every-share", "%s shows %d %s: the host's sell, trade and keep add up to the shown shares, not %d (hidden shares are kept, or %s answers on their own phone).", s.name(holder), shown, s.coName(defunct), sum, s.name(holder))
	}
	return nil
}
