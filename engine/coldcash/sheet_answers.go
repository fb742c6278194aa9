package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/acquire"
)

// The answers the table waits for, in both modes: a holder's disposal at a
// merger, and in board mode a CEO's consent, the nominee's answer, the
// stockholders' votes and the defending CEO's dice. The seat owing the
// answer gets it on its phone; the host may answer for it (a player
// without a phone).

// disposal offers the awaited holder's shortcuts, each with what it
// brings, and a split of sell and trade whose limits are the shares held
// (the rest kept). The host's split counts the shares shown only: hidden
// ones are kept, or decided on the holder's own phone.
func (ms *moveList) disposal() {
	s := ms.s
	m := s.Merger
	if len(m.Queue) == 0 || !ms.mayActFor(m.Queue[0]) {
		return
	}
	seat := m.Queue[0]
	own := ms.viewer == seat
	defunct := m.Defuncts[m.Current]
	ratio := acquire.TradeRatio(m.Hostile)
	sale := acquire.SalePriceWith(m.Price, s.bonusOptions(m.Hostile))
	concerns := []string{defunct, m.Survivor}
	for _, sc := range s.shortcuts(own) {
		d := sc.Disposal
		if !own {
			// Any other screen (the host's) reads the shares shown only.
			vis := s.Visible(seat, defunct)
			d.Sell = min(d.Sell, vis)
			d.Trade = min(vis/ratio, s.Held(-1, m.Survivor)) * ratio * min(d.Trade, 1)
		}
		mv := newMove(SheetMerger, seat, sc.ID, sc.Label, CmdDispose, map[string]any{"seat": seat, "choice": sc.ID})
		switch {
		case d.Sell > 0:
			mv.Note = "+" + engine.Dollars(d.Sell*sale)
		case d.Trade > 0:
			mv.Note = fmt.Sprintf("%d for %d %s", d.Trade, d.Trade/ratio, s.coName(m.Survivor))
		}
		mv.Concerns = concerns
		ms.out = append(ms.out, mv)
	}
	held := s.Held(seat, defunct)
	if !own {
		held = s.Visible(seat, defunct)
	}
	if held == 0 {
		return // nothing shown to split: the shortcuts (or the holder's phone) answer
	}
	tradeMax := min(held/ratio, s.Held(-1, m.Survivor)) * ratio
	custom := ms.add(SheetMerger, seat, "custom", "Decide: sell and trade, keep the rest", CmdDispose, map[string]any{"seat": seat})
	custom.Fields = []engine.Field{{Name: "sell", Label: "Sell", Max: held}, {Name: "trade", Label: "Trade", Max: tradeMax}}
	custom.Concerns, custom.Minor = concerns, true
}

// answers offers the board's pending answers: the defence, the consents,
// the nomination and the votes. It reports whether the table waits for
// one (the player on turn then waits too).
func (ms *moveList) answers() bool {
	s := ms.s
	t := s.Table
	switch {
	case t.Defence != nil:
		d := t.Defence
		ceo := s.ceoOf(d.Corp)
		if !ms.mayActFor(ceo) {
			return true
		}
		for n := 1; n <= 2; n++ {
			label := fmt.Sprintf("Defend %s with %d %s", terr(d.To), n, map[bool]string{true: "die", false: "dice"}[n == 1])
			if m := ms.try(SheetDefence, ceo, fmt.Sprintf("defend-%d", n), label, CmdDefend, map[string]any{"dice": n}); m != nil {
				m.From, m.To, m.Concerns = d.From, d.To, []string{d.To, d.From, d.Corp}
				m.Note = holdNote(t.Board.Land[d.From].Teams, t.Board.Land[d.To].Teams, *d, n)
			}
		}
	case t.Proposal != nil:
		for _, c := range t.Proposal.Waiting {
			ceo := s.ceoOf(c)
			if !ms.mayActFor(ceo) {
				continue
			}
			name, at := s.coName(c), t.Proposal.Merger.At
			for _, agree := range []bool{true, false} {
				id, label := "agree-"+c, "Agree: "+name+" merges"
				if !agree {
					id, label = "refuse-"+c, "Refuse for "+name
				}
				if ms.viewer == engine.Host {
					label = s.name(ceo) + ": " + label
				}
				if m := ms.try(SheetConsent, ceo, id, label, CmdConsent, map[string]any{"company": c, "agree": agree}); m != nil {
					m.To, m.Concerns = at, []string{c, at}
				}
			}
		}
	case s.Meeting != nil:
		ms.meetingAnswers()
	default:
		return false
	}
	return true
}

// meetingAnswers offers the meeting's pending answers, in either mode: the
// nominee's acceptance, then each pending voter's ballot.
func (ms *moveList) meetingAnswers() {
	s := ms.s
	mt := s.Meeting
	if mt.Accepted {
		ms.votes()
		return
	}
	if !ms.mayActFor(mt.Nominee) {
		return
	}
	who := ""
	if ms.viewer == engine.Host {
		who = s.name(mt.Nominee) + ": "
	}
	for _, a := range []struct {
		id, label string
		yes       bool
	}{{"accept", "accept the nomination for CEO of " + s.coName(mt.Company), true}, {"decline", "decline the nomination", false}} {
		if m := ms.try(SheetMeeting, mt.Nominee, a.id, who+capital(a.label), CmdAccept, map[string]any{"accept": a.yes}); m != nil {
			m.Concerns = []string{mt.Company}
		}
	}
}

// votes offers each pending voter's ballot, with the shares it carries.
func (ms *moveList) votes() {
	s := ms.s
	mt := s.Meeting
	for _, v := range s.pendingVoters() {
		if !ms.mayActFor(v) {
			continue
		}
		who, shares := "", s.Visible(v, mt.Company)
		if ms.viewer == engine.Host {
			who = s.name(v) + ": "
		}
		for _, yes := range []bool{true, false} {
			id, label := fmt.Sprintf("vote-for-%d", v), fmt.Sprintf("%sVote for %s (%d %s)", who, s.name(mt.Nominee), shares, engine.Plural(shares, "share", "shares"))
			if !yes {
				id, label = fmt.Sprintf("vote-against-%d", v), fmt.Sprintf("%sVote against (%d %s)", who, shares, engine.Plural(shares, "share", "shares"))
			}
			if m := ms.try(SheetMeeting, v, id, label, CmdVote, map[string]any{"seat": v, "for": yes}); m != nil {
				m.Concerns = []string{mt.Company}
			}
		}
	}
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
