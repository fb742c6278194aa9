package takeover

import (
	"fmt"
	"slices"
	"strings"

	"tableside/engine"
)

// Evolve applies one event.
func (Rules) Evolve(st engine.State, ev engine.Event) engine.State {
	s := st.(*State)
	s.cashedOut = nil
	switch ev.Type {
	case EvDealt:
		d := engine.Payload[dealData](ev)
		for i, t := range d.Tiles {
			s.Grid[i] = Stack{t}
		}
		s.First, s.Phase, s.Pool = d.First, PhaseDraft, AllPieces()
	case EvDrafted:
		d := engine.Payload[draftData](ev)
		s.Pool = slices.DeleteFunc(s.Pool, func(c string) bool { return c == d.Coin })
		s.Players[d.Seat].Coins = append(s.Players[d.Seat].Coins, Coin{Code: d.Coin})
		sortCoins(s.Players[d.Seat].Coins)
		s.Picks++
		if len(s.Pool) == 0 {
			s.Phase = PhaseConceal
		}
	case EvConcealed:
		d := engine.Payload[concealData](ev)
		p := &s.Players[d.Seat]
		for i := range p.Coins {
			p.Coins[i].Stock = slices.Contains(d.Stock, p.Coins[i].Code)
		}
		p.Decided = true
	case EvStarted:
		s.Phase, s.Turn = PhasePlay, s.First
	case EvMerged:
		m := engine.Payload[MergeData](ev)
		s.applyMerge(m)
	case EvPassed:
		s.Passes++
		s.Turn = (s.Turn + 1) % len(s.Seats)
	case EvGiven:
		d := engine.Payload[giveData](ev)
		from, to := &s.Players[d.From], &s.Players[d.To]
		for _, code := range d.Coins {
			if i, ok := from.coin(code); ok {
				to.Coins = append(to.Coins, from.Coins[i])
				from.Coins = slices.Delete(from.Coins, i, i+1)
			}
		}
		sortCoins(to.Coins)
	case EvEnded:
		d := engine.Payload[endData](ev)
		s.Phase, s.Reason = PhaseOver, d.Reason
	}
	return s
}

func (s *State) applyMerge(m MergeData) {
	p := &s.Players[m.Seat]
	spent := slices.Clone(m.Paid)
	if m.Null != "" {
		spent = append(spent, m.Null)
	}
	for _, code := range spent {
		if i, ok := p.coin(code); ok {
			p.Coins = slices.Delete(p.Coins, i, i+1)
		}
	}
	s.Discarded = append(s.Discarded, spent...)
	sortCodes(s.Discarded)
	s.Grid[m.To] = append(s.Grid[m.To], s.Grid[m.From]...)
	s.Grid[m.From] = nil
	// The absorbed corporation's stock, whoever holds it, is cashed out.
	for i := range s.Players {
		q := &s.Players[i]
		if j, ok := q.coin(m.Absorbed); ok && q.Coins[j].Stock {
			q.Coins[j].Stock = false
			s.cashedOut = append(s.cashedOut, i)
		}
	}
	s.Merges++
	s.Passes = 0
	s.Turn = (s.Turn + 1) % len(s.Seats)
}

func sortCoins(c []Coin) {
	codes := make([]string, len(c))
	by := map[string]Coin{}
	for i, x := range c {
		codes[i] = x.Code
		by[x.Code] = x
	}
	sortCodes(codes)
	for i, code := range codes {
		c[i] = by[code]
	}
}

func shortList(codes []string) string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = Short(c)
	}
	return strings.Join(out, " + ")
}

func sumRanks(codes []string) int {
	t := 0
	for _, c := range codes {
		t += Rank(c)
	}
	return t
}

// Describe names an event for the host's undo button, without secrets.
func (Rules) Describe(st engine.State, ev engine.Event) string {
	s := st.(*State)
	switch ev.Type {
	case EvDealt:
		return "laying out the tiles"
	case EvDrafted:
		d := engine.Payload[draftData](ev)
		return s.name(d.Seat) + " drafting " + Short(d.Coin)
	case EvConcealed:
		d := engine.Payload[concealData](ev)
		return s.name(d.Seat) + "'s stock and cash choice"
	case EvMerged:
		m := engine.Payload[MergeData](ev)
		return fmt.Sprintf("%s's merge of %s onto %s", s.name(m.Seat), Short(m.Mover), Short(m.Absorbed))
	case EvPassed:
		d := engine.Payload[draftData](ev)
		return s.name(d.Seat) + "'s pass"
	case EvGiven:
		d := engine.Payload[giveData](ev)
		return s.name(d.From) + " handing coins to " + s.name(d.To)
	}
	return ev.Type
}
