package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/ledger"
)

// Evolve applies one event. Every event was decided against this state, so
// posting its entry cannot fail; if it did, the log is corrupt and it panics.
func (Rules) Evolve(st engine.State, e engine.Event) engine.State {
	s := st.(*State)
	s.evolve(e)
	return s
}

func (s *State) evolve(e engine.Event) {
	if reason, ts := s.transfers(e); len(ts) > 0 {
		s.Book.MustPost(reason, ts...)
	}
	switch e.Type {
	case EvFounded:
		var d foundedEv
		engine.MustDecode(e, &d)
		c := s.company(d.Company)
		c.Active, c.Size, c.CEO = true, d.Size, d.Founder
	case EvSized:
		var d sizedEv
		engine.MustDecode(e, &d)
		s.company(d.Company).Size = d.Size
	case EvBought:
		var d tradeEv
		engine.MustDecode(e, &d)
		s.Acted, s.Bought = "buy", s.Bought+d.Count
	case EvSold:
		s.Acted = "sell"
	case EvHidden:
		var d hiddenEv
		engine.MustDecode(e, &d)
		s.Hidden[d.Seat][s.companyIndex(d.Company)] = d.Hidden
	case EvMergerStarted:
		var d mergerEv
		engine.MustDecode(e, &d)
		s.Merger = &Merger{Survivor: d.Survivor, Defuncts: d.Defuncts, Maker: d.Maker, Hostile: d.Hostile, NewSize: d.NewSize, Queue: []int{}, Done: []Disposal{}}
	case EvBonuses:
		var d bonusesEv
		engine.MustDecode(e, &d)
		m := s.Merger
		m.Size, m.Price, m.Payouts, m.Queue, m.Done = d.Size, d.Price, d.Payouts, d.Queue, []Disposal{}
		verb := "absorbed by"
		kind := "merger bonus"
		if m.Hostile {
			verb, kind = "taken over by", "takeover bonus (halved)"
		}
		for i, ts := range payoutTransfers(d.Payouts) {
			s.Book.MustPost(fmt.Sprintf("%s, %s, %s %s %s", kind, d.Payouts[i].Kind, s.coName(d.Defunct), verb, s.coName(m.Survivor)), ts...)
		}
	case EvDisposed:
		var d disposedEv
		engine.MustDecode(e, &d)
		s.Merger.Queue = s.Merger.Queue[1:]
		s.Merger.Done = append(s.Merger.Done, d.Disposal)
	case EvClosed:
		var d companyEv
		engine.MustDecode(e, &d)
		s.close(d.Company)
		s.Merger.Current++
	case EvMergerDone:
		if m := s.Merger; m.NewSize > 0 {
			s.company(m.Survivor).Size = m.NewSize
		}
		s.Merger = nil
	case EvTurn:
		var d turnEv
		engine.MustDecode(e, &d)
		s.Turn, s.TurnNo, s.Acted, s.Bought = d.Seat, d.TurnNo, "", 0
	case EvCEO:
		var d companyEv
		engine.MustDecode(e, &d)
		s.company(d.Company).CEO = d.Seat
	case EvDissolved:
		var d companyEv
		engine.MustDecode(e, &d)
		s.close(d.Company)
	case EvEnded:
		var d endedEv
		engine.MustDecode(e, &d)
		n := len(s.Seats)
		s.Final = &Final{Reason: d.Reason, Cash: make([]int, n), Bonus: make([]int, n), Stock: make([]int, n)}
		for seat := range n {
			s.Final.Cash[seat] = s.Book.Balance(ledger.Account(seat))
		}
	case EvFinalBonuses:
		var d finalBonusesEv
		engine.MustDecode(e, &d)
		for i, ts := range payoutTransfers(d.Payouts) {
			s.Book.MustPost(fmt.Sprintf("final bonus, %s, %s", d.Payouts[i].Kind, s.coName(d.Company)), ts...)
			s.Final.Bonus[d.Payouts[i].Holder] += d.Payouts[i].Amount
		}
	case EvFinalSale:
		var d tradeEv
		engine.MustDecode(e, &d)
		s.Final.Stock[d.Seat] += d.Count * d.Price
	case EvOver:
		s.Over = true
	}
	if s.Table != nil {
		s.evolveTable(e)
	}
	s.evolveRequest(e)
	s.clampHidden()
}

// close makes a company inactive; holders keep their shares, worth nothing
// unless the company is founded again.
func (s *State) close(id string) {
	c := s.company(id)
	c.Active, c.Size, c.CEO = false, 0, -1
}

// clampHidden keeps hidden counts within holdings: shares that left a
// player's hands (sold, traded) can no longer be hidden.
func (s *State) clampHidden() {
	for seat := range s.Hidden {
		for i, c := range s.Companies {
			if h := s.Held(seat, c.ID); s.Hidden[seat][i] > h {
				s.Hidden[seat][i] = h
			}
		}
	}
}
