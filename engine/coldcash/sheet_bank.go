package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/acquire"
)

// bank lists bank mode's moves: the player on turn founds (at a typed
// size), buys, sells, calls a stockholders' meeting and ends the turn;
// every CEO pays dividends; the host does all of it for the player on
// turn, and types sizes, runs mergers and takeovers and rings the closing
// bell. A meeting under way waits for its answers only (meetingAnswers).
func (ms *moveList) bank() {
	s := ms.s
	turn := s.Turn
	if s.Meeting != nil {
		ms.meetingAnswers()
		return
	}
	if ms.mayActFor(turn) {
		ms.bankTurn(turn)
	}
	for _, c := range s.Companies {
		ms.dividends(c)
	}
	if ms.viewer != engine.Host {
		return
	}
	ms.sizes()
	ms.mergers(turn)
	ms.admin()
}

// bankTurn is the turn's own moves, for the player on turn, in the order a
// phone shows them: a line per company to buy, ending the turn right
// after, and selling and founding (both folded on a phone: selling is
// rarer than buying, and a company is founded once, its size typed).
func (ms *moveList) bankTurn(turn int) {
	s := ms.s
	for _, id := range s.buyOrder() {
		ms.buys(SheetTurn, turn, id)
	}
	for _, c := range s.Companies {
		ms.sells(SheetTurn, turn, c.ID)
	}
	label := "End my turn"
	if ms.viewer == engine.Host {
		label = "Next turn ▶"
	}
	if m := ms.try(SheetTurn, turn, "turn", label, CmdTurn, nil); m != nil {
		m.Ends = true
	}
	for _, c := range s.Companies {
		ms.meetings(SheetTurn, turn, c.ID)
	}
	for _, c := range s.Companies {
		if !c.Active {
			if m := ms.try(SheetTurn, turn, "found-"+c.ID, "Found "+c.Name+" ("+c.Tier.String()+")", CmdFound, map[string]any{"company": c.ID, "seat": turn, "size": acquire.MinSize}); m != nil {
				m.Fields = []engine.Field{{Name: "size", Label: "Size", Min: acquire.MinSize, Max: MaxTypedSize, Value: acquire.MinSize}}
				// A phone folds it; the host, who types a board's sizes
				// and most often founds for the table, keeps it in view.
				m.Concerns, m.Minor, m.Group = []string{c.ID}, ms.viewer != engine.Host, "Found a company"
			}
		}
	}
}

// dividends offers a company's dividends and its downsize (double) to its
// CEO, or to the host for any company.
func (ms *moveList) dividends(c Company) {
	s := ms.s
	if !c.Active || (ms.viewer != engine.Host && ms.viewer != c.CEO) {
		return
	}
	if _, err := s.PayDividends(c.ID, false); err != nil {
		return
	}
	per := acquire.Dividend(s.Price(c.ID))
	seat := max(c.CEO, ms.viewer)
	m := ms.add(SheetEarnings, seat, "dividends-"+c.ID, fmt.Sprintf("%s: pay dividends (%s a share)", c.Name, engine.Dollars(per)), CmdDividends, map[string]any{"company": c.ID, "double": false})
	m.Concerns = []string{c.ID}
	m = ms.add(SheetEarnings, seat, "downsize-"+c.ID, fmt.Sprintf("%s: downsize, double dividends (%s a share)", c.Name, engine.Dollars(2*per)), CmdDividends, map[string]any{"company": c.ID, "double": true})
	m.Concerns, m.Minor = []string{c.ID}, true
}

// sizes offers the host a company's size typed from the table: larger, or
// smaller, than it is (the same size changes nothing).
func (ms *moveList) sizes() {
	s := ms.s
	for _, c := range s.Companies {
		if !c.Active {
			continue
		}
		if c.Size < MaxTypedSize {
			m := ms.add(SheetFound, engine.Host, "grow-"+c.ID, c.Name+" grew: its size", CmdSize, map[string]any{"company": c.ID})
			m.Fields = []engine.Field{{Name: "size", Label: "Size", Min: c.Size + 1, Max: MaxTypedSize, Value: c.Size + 1}}
			m.Concerns = []string{c.ID}
		}
		if c.Size > acquire.MinSize {
			m := ms.add(SheetFound, engine.Host, "shrink-"+c.ID, c.Name+" shrank: its size", CmdSize, map[string]any{"company": c.ID})
			m.Fields = []engine.Field{{Name: "size", Label: "Size", Min: acquire.MinSize, Max: c.Size - 1, Value: c.Size - 1}}
			m.Concerns, m.Minor = []string{c.ID}, true
		}
	}
}

// mergers offers the host each friendly merger of two companies the rules
// allow (the larger survives; the player on turn made it) and each hostile
// takeover by a company of the player on turn; the survivor's new size is
// worked out. Three or four companies at once are typed on the host's form.
func (ms *moveList) mergers(turn int) {
	s := ms.s
	for _, sv := range s.Companies {
		for _, d := range s.Companies {
			if !sv.Active || !d.Active || sv.ID == d.ID {
				continue
			}
			if _, _, err := s.checkMerge(sv.ID, []string{d.ID}, turn, false, 0); err == nil {
				m := ms.add(SheetFound, engine.Host, "merge-"+sv.ID+"-"+d.ID, sv.Name+" absorbs "+d.Name, CmdMerge, map[string]any{"survivor": sv.ID, "defuncts": []string{d.ID}, "maker": turn})
				m.Concerns, m.Minor = []string{sv.ID, d.ID}, true
			}
			if _, _, err := s.checkMerge(sv.ID, []string{d.ID}, turn, true, 0); err == nil {
				m := ms.add(SheetFound, engine.Host, "hostile-"+sv.ID+"-"+d.ID, sv.Name+" takes over "+d.Name+" (hostile)", CmdMerge, map[string]any{"survivor": sv.ID, "defuncts": []string{d.ID}, "maker": turn, "hostile": true})
				m.Concerns, m.Minor = []string{sv.ID, d.ID}, true
			}
		}
	}
}

// admin offers the host's rarer moves: the turn marker to any player,
// removing a company, and the end of the game.
func (ms *moveList) admin() {
	s := ms.s
	for seat := range s.Seats {
		if seat == (s.Turn+1)%len(s.Seats) {
			continue // the next turn is the everyday move
		}
		if m := ms.try(SheetAdmin, seat, fmt.Sprintf("turn-to-%d", seat), "Turn to "+s.name(seat), CmdTurn, map[string]any{"seat": seat}); m != nil {
			m.Minor = true
		}
	}
	for _, c := range s.Companies {
		if !c.Active {
			continue
		}
		m := ms.add(SheetAdmin, engine.Host, "dissolve-"+c.ID, "Remove "+c.Name+" from play", CmdDissolve, map[string]any{"company": c.ID})
		m.Concerns, m.Minor = []string{c.ID}, true
	}
	if ok, _ := s.CanEnd(); ok {
		m := ms.add(SheetTurn, engine.Host, "end", "Closing bell: end the game", CmdEnd, map[string]any{"reason": EndClosingBell})
		m.Ends = true
	}
	for _, e := range []struct{ reason, label string }{{EndShort, "End: the short game"}, {EndLong, "End: the long game"}} {
		m := ms.add(SheetAdmin, engine.Host, "end-"+e.reason, e.label, CmdEnd, map[string]any{"reason": e.reason})
		m.Ends, m.Minor = true, true
	}
}
