package acquire

import (
	"fmt"
	"sort"

	"tableside/engine"
)

// Payout is what one holder receives when a company is absorbed, taken over
// or cashed out at the end, with the arithmetic in words.
type Payout struct {
	Holder int    `json:"holder"` // index into the holdings given
	Shares int    `json:"shares"`
	Amount int    `json:"amount"`
	Kind   string `json:"kind"` // "majority", "minority", "majority+minority", "shared majority", "shared minority"
	Why    string `json:"why"`
}

// The bonus multiples: a company's majority holder is paid MajorityTimes
// its share price, the minority holder MinorityTimes.
const (
	MajorityTimes = 10
	MinorityTimes = 5
)

// Bonus amounts for a company at price: majority 10x, minority 5x the price.
// Halved (a hostile takeover) halves each exactly: amounts stay multiples of $50.
func Bonus(price int, halved bool) (majority, minority int) {
	majority, minority = MajorityTimes*price, MinorityTimes*price
	if halved {
		majority, minority = majority/2, minority/2
	}
	return majority, minority
}

// Bonuses pays the majority and minority bonuses to holders (shares held,
// by player; zero for none) with Acquire's rules: a sole holder takes both;
// tied majority holders share both and no minority is paid; tied minority
// holders share the minority; every shared part is rounded up to the next
// $100. The result lists only players who are paid, in holder order.
func Bonuses(price int, holdings []int, halved bool) []Payout {
	return BonusesWith(price, holdings, Options{Halved: halved})
}

// Options choose how a payout is computed: Halved for a hostile takeover;
// RoundHalvesUp is the house rule that rounds each halved amount (bonus or
// sale price) up to the next $100, for tables without $50 notes. By default
// halves are exact (always multiples of $50).
type Options struct {
	Halved        bool `json:"halved"`
	RoundHalvesUp bool `json:"roundHalvesUp"`
}

// BonusesWith is Bonuses with the house-rule options.
func BonusesWith(price int, holdings []int, o Options) []Payout {
	halved := o.Halved
	maj, min := Bonus(price, halved)
	if halved && o.RoundHalvesUp {
		maj, min = roundUp100(maj), roundUp100(min)
	}
	first, second := ranks(holdings)
	half := ""
	if halved {
		half = " (halved)"
		if o.RoundHalvesUp {
			half = " (halved, rounded up to $100)"
		}
	}
	var out []Payout
	pay := func(group []int, amount int, kind, why string) {
		for _, h := range group {
			out = append(out, Payout{Holder: h, Shares: holdings[h], Amount: amount, Kind: kind, Why: why})
		}
	}
	switch {
	case len(first) == 0:
		return nil
	case len(first) > 1:
		each := splitUp(maj+min, len(first))
		pay(first, each, "shared majority", fmt.Sprintf("%d tie for majority with %d shares: (%s + %s)%s / %d = %s each, rounded up to $100",
			len(first), holdings[first[0]], engine.Dollars(maj), engine.Dollars(min), half, len(first), engine.Dollars(each)))
	case len(second) == 0:
		pay(first, maj+min, "majority+minority", fmt.Sprintf("only holder: majority %s + minority %s%s", engine.Dollars(maj), engine.Dollars(min), half))
	default:
		pay(first, maj, "majority", fmt.Sprintf("majority with %d shares: 10 x %s%s = %s", holdings[first[0]], engine.Dollars(price), half, engine.Dollars(maj)))
		if len(second) == 1 {
			pay(second, min, "minority", fmt.Sprintf("minority with %d shares: 5 x %s%s = %s", holdings[second[0]], engine.Dollars(price), half, engine.Dollars(min)))
		} else {
			each := splitUp(min, len(second))
			pay(second, each, "shared minority", fmt.Sprintf("%d tie for minority with %d shares: %s%s / %d = %s each, rounded up to $100",
				len(second), holdings[second[0]], engine.Dollars(min), half, len(second), engine.Dollars(each)))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Holder < out[j].Holder })
	return out
}

// ranks finds the holders with the most shares and those with the second most.
func ranks(holdings []int) (first, second []int) {
	top, next := 0, 0
	for _, n := range holdings {
		switch {
		case n > top:
			top, next = n, top
		case n < top && n > next:
			next = n
		}
	}
	for i, n := range holdings {
		switch {
		case n == 0:
		case n == top:
			first = append(first, i)
		case n == next:
			second = append(second, i)
		}
	}
	return first, second
}

func roundUp100(v int) int { return (v + 99) / 100 * 100 }

// InOrder lists each holder's total payout in the order of holdings (zero
// for a holder paid nothing), for calculators.
func InOrder(ps []Payout, holders int) []int {
	out := make([]int, holders)
	for _, p := range ps {
		out[p.Holder] += p.Amount
	}
	return out
}

// SalePriceWith is SalePrice with the house-rule options.
func SalePriceWith(price int, o Options) int {
	p := SalePrice(price, o.Halved)
	if o.Halved && o.RoundHalvesUp {
		p = roundUp100(p)
	}
	return p
}

// splitUp divides total among n players, each part rounded up to the next $100.
func splitUp(total, n int) int {
	return (total + 100*n - 1) / (100 * n) * 100
}

// SalePrice is what the bank pays for one defunct share: its price, halved
// after a hostile takeover.
func SalePrice(price int, hostile bool) int {
	if hostile {
		return price / 2
	}
	return price
}

// TradeRatio is how many defunct shares trade for one survivor share: 2, or
// 4 after a hostile takeover.
func TradeRatio(hostile bool) int {
	if hostile {
		return 4
	}
	return 2
}
