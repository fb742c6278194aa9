package coldcash

import (
	"fmt"
	"slices"

	"tableside/engine/acquire"
)

// Advice is one way a holder may dispose of a defunct company's shares, in
// numbers: what it pays now, what the survivor shares it brings are worth
// at the survivor's price today, and where it leaves the holder among the
// survivor's shareholders. Nothing about the future is guessed.
type Advice struct {
	ID    string `json:"id"`    // "now", "sell-all", "trade-max", "keep-all"
	Label string `json:"label"` // "As you are", "Sell all", ...
	Disposal
	Cash      int `json:"cash"`      // paid now for the shares sold
	Gets      int `json:"gets"`      // survivor shares received in trade
	GetsWorth int `json:"getsWorth"` // those shares at the survivor's price today
	Value     int `json:"value"`     // Cash + GetsWorth
	Survivor  int `json:"survivor"`  // survivor shares held afterwards
	// Standing says where Survivor puts the holder among the survivor's
	// holders, counting what the others show ("the most: 6; next 4").
	Standing string `json:"standing"`
}

// Advise is the merger advisor for the holder the merger waits for: their
// position as it is, then each shortcut (sell all, trade max, keep all).
// It is for that holder's own phone: it counts their hidden shares.
func (s *State) Advise(seat int) []Advice {
	m := s.Merger
	if m == nil || len(m.Queue) == 0 || m.Queue[0] != seat {
		return nil
	}
	now := s.advice("now", "As you are", Disposal{Seat: seat, Keep: s.Held(seat, m.Defuncts[m.Current])})
	now.Keep = 0 // nothing decided yet: the shares are still held, not kept
	out := []Advice{now}
	for _, sc := range s.shortcuts(true) {
		out = append(out, s.advice(sc.ID, sc.Label, sc.Disposal))
	}
	return out
}

// advice works out one disposal's numbers with the rules' own prices and
// ratio.
func (s *State) advice(id, label string, d Disposal) Advice {
	m := s.Merger
	sale, ratio := acquire.SalePriceWith(m.Price, s.bonusOptions(m.Hostile)), acquire.TradeRatio(m.Hostile)
	a := Advice{ID: id, Label: label, Disposal: d, Cash: d.Sell * sale, Gets: d.Trade / max(ratio, 1)}
	a.GetsWorth = a.Gets * s.Price(m.Survivor)
	a.Value = a.Cash + a.GetsWorth
	a.Survivor = s.Held(d.Seat, m.Survivor) + a.Gets
	a.Standing = s.standing(d.Seat, m.Survivor, a.Survivor)
	return a
}

// standing says where holding n shares of company puts seat among its
// holders, as seat can see them (the others' visible shares).
func (s *State) standing(seat int, company string, n int) string {
	var others []int
	for o := range s.Seats {
		if o != seat {
			if v := s.Visible(o, company); v > 0 {
				others = append(others, v)
			}
		}
	}
	slices.Sort(others)
	slices.Reverse(others)
	if n == 0 {
		return "none"
	}
	best := 0
	if len(others) > 0 {
		best = others[0]
	}
	switch {
	case n > best && len(others) > 0:
		return fmt.Sprintf("the most: %d; next %d", n, best)
	case n > best:
		return fmt.Sprintf("the only holder: %d", n)
	case n == best:
		return fmt.Sprintf("tied for the most: %d", n)
	}
	higher := 0
	for _, o := range others {
		if o > n {
			higher++
		}
	}
	return fmt.Sprintf("%s most: %d; the most is %d", place(higher+1), n, best)
}

// place says a position among holders: "second", "third", "4th".
func place(n int) string {
	switch n {
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}
