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
		d := engine.Payload[foundedEv](e)
		c := s.company(d.Company)
		c.Active, c.Size, c.CEO = true, d.Size, d.Founder
	case EvSized:
		d := engine.Payload[sizedEv](e)
		s.company(d.Company).Size = d.Size
	case EvBought:
		d := engine.Payload[tradeEv](e)
		s.Acted, s.Bought = "buy", s.Bought+d.Count
	case EvSold:
		s.Acted = "sell"
	case EvHidden:
		d := engine.Payload[hiddenEv](e)
		s.Hidden[d.Seat][s.companyIndex(d.Company)] = d.Hidden
	case EvMergerStarted:
		d := engine.Payload[mergerEv](e)
		s.Merger = &Merger{Survivor: d.Survivor, Defuncts: d.Defuncts, Maker: d.Maker, Hostile: d.Hostile, NewSize: d.NewSize, Queue: []int{}, Done: []Disposal{}}
	case EvBonuses:
		d := engine.Payload[bonusesEv](e)
		m := s.Merger
		m.Size, m.Price, m.Payouts, m.Queue, m.Done = d.Size, d.Price, d.Payouts, d.Queue, []Disposal{}
		verb := "absorbed by"
		kind := "merger bonus"
		if m.Hostile {
			verb, kind = "taken over by", "takeover bonus (halved)"
		}
		total := 0
		for i, ts := range payoutTransfers(d.Payouts) {
			s.Book.MustPost(fmt.Sprintf("%s, %s, %s %s %s", kind, d.Payouts[i].Kind, s.coName(d.Defunct), verb, s.coName(m.Survivor)), ts...)
			total += d.Payouts[i].Amount
		}
		if s.Biggest == nil || total > s.Biggest.Bonuses {
			s.Biggest = &MergerRecord{Survivor: m.Survivor, Defunct: d.Defunct, Size: d.Size, Hostile: m.Hostile, Bonuses: total}
		}
	case EvDisposed:
		d := engine.Payload[disposedEv](e)
		s.Merger.Queue = s.Merger.Queue[1:]
		s.Merger.Done = append(s.Merger.Done, d.Disposal)
	case EvClosed:
		d := engine.Payload[companyEv](e)
		s.close(d.Company)
		s.Merger.Current++
	case EvMergerDone:
		if m := s.Merger; m.NewSize > 0 {
			s.company(m.Survivor).Size = m.NewSize
		}
		s.Merger = nil
	case EvTurn:
		d := engine.Payload[turnEv](e)
		s.Turn, s.TurnNo, s.Acted, s.Bought = d.Seat, d.TurnNo, "", 0
	case EvCEO:
		d := engine.Payload[companyEv](e)
		s.company(d.Company).CEO = d.Seat
	case EvDissolved:
		d := engine.Payload[companyEv](e)
		s.close(d.Company)
	case EvEnded:
		d := engine.Payload[endedEv](e)
		n := len(s.Seats)
		s.Final = &Final{Reason: d.Reason, Cash: make([]int, n), Bonus: make([]int, n), Stock: make([]int, n)}
		for seat := range n {
			s.Final.Cash[seat] = s.Book.Balance(ledger.Account(seat))
		}
	case EvFinalBonuses:
		d := engine.Payload[finalBonusesEv](e)
		for i, ts := range payoutTransfers(d.Payouts) {
			s.Book.MustPost(fmt.Sprintf("final bonus, %s, %s", d.Payouts[i].Kind, s.coName(d.Company)), ts...)
			s.Final.Bonus[d.Payouts[i].Holder] += d.Payouts[i].Amount
		}
	case EvFinalSale:
		d := engine.Payload[tradeEv](e)
		s.Final.Stock[d.Seat] += d.Count * d.Price
	case EvOver:
		s.Over = true
	}
	if s.Table != nil {
		s.Table.news = 0
		s.evolveTable(e)
	}
	s.evolveMeeting(e)
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
