// Package acquire holds the stock-market arithmetic Cold Cash Risk borrows
// from Acquire: the price chart, the companies and their tiers, majority and
// minority bonuses with every tie rule, dividends and merger disposal rates.
package acquire

import (
	"fmt"
	"strconv"
	"strings"
)

// Tier is a company's price class.
type Tier int

// The three tiers, cheapest first.
const (
	Cheap Tier = iota
	Medium
	Expensive
)

func (t Tier) String() string {
	switch t {
	case Cheap:
		return "cheap"
	case Medium:
		return "medium"
	case Expensive:
		return "expensive"
	}
	return fmt.Sprintf("tier(%d)", int(t))
}

// ParseTier reads "cheap", "medium" or "expensive".
func ParseTier(s string) (Tier, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "cheap", "low":
		return Cheap, nil
	case "medium", "mid":
		return Medium, nil
	case "expensive", "high":
		return Expensive, nil
	}
	return 0, fmt.Errorf("tier %q: want cheap, medium or expensive", s)
}

// MinSize is the smallest size with a price: a company never has fewer than
// two tiles (in Cold Cash Risk a one-territory company counts as size 2).
const MinSize = 2

// SafeSize is the size from which a company can no longer be absorbed.
const SafeSize = 11

// band is one row of the price chart: sizes from..to (to 0 = no upper end)
// and the cheap-tier price; each tier up adds $100.
type band struct{ from, to, cheap int }

var chart = []band{
	{2, 2, 200}, {3, 3, 300}, {4, 4, 400}, {5, 5, 500},
	{6, 10, 600}, {11, 20, 700}, {21, 30, 800}, {31, 40, 900}, {41, 0, 1000},
}

// Price is the price of one share of a company of the given tier and size.
func Price(t Tier, size int) (int, error) {
	if t < Cheap || t > Expensive {
		return 0, fmt.Errorf("price: unknown tier %d", int(t))
	}
	if size < MinSize {
		return 0, fmt.Errorf("price: size %d has no price (the smallest company is size %d)", size, MinSize)
	}
	for _, b := range chart {
		if size >= b.from && (b.to == 0 || size <= b.to) {
			return b.cheap + 100*int(t), nil
		}
	}
	panic("unreachable: the last band is open-ended")
}

// SizeBand describes the chart row a size falls in ("6-10", "41+"), for
// explanations and printed charts.
func SizeBand(size int) string {
	for _, b := range chart {
		if size >= b.from && (b.to == 0 || size <= b.to) {
			switch {
			case b.to == 0:
				return fmt.Sprintf("%d+", b.from)
			case b.from == b.to:
				return fmt.Sprint(b.from)
			default:
				return fmt.Sprintf("%d-%d", b.from, b.to)
			}
		}
	}
	return "-"
}

// Band is one row of the price chart, for printing and showing the chart:
// the sizes it covers (To 0: no upper end), its label ("6-10", "41+") and
// one share's price in each tier.
type Band struct {
	From, To int
	Label    string
	Prices   [3]int // indexed by Tier
}

// Bands lists the chart's rows, smallest sizes first.
func Bands() []Band {
	rows := make([]Band, len(chart))
	for i, b := range chart {
		rows[i] = Band{From: b.from, To: b.to, Label: SizeBand(b.from),
			Prices: [3]int{b.cheap, b.cheap + 100, b.cheap + 200}}
	}
	return rows
}

// Dividend is the per-share dividend: a tenth of the share price.
func Dividend(price int) int { return price / DividendDivisor }

// DividendDivisor is how a share's dividend follows from its price: a tenth.
const DividendDivisor = 10

// MaxHolders bounds a holdings list typed into a calculator.
const MaxHolders = 12

// ParseHoldings reads a calculator's holdings, "5,3,1": whole numbers of
// shares from 0 to 25, one per holder, at most MaxHolders.
func ParseHoldings(s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("holdings: give each holder's shares, like 5,3,1")
	}
	parts := strings.Split(s, ",")
	if len(parts) > MaxHolders {
		return nil, fmt.Errorf("holdings: at most %d holders, not %d", MaxHolders, len(parts))
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("holdings: %q is not a whole number of shares", p)
		}
		if n < 0 || n > Certificates {
			return nil, fmt.Errorf("holdings: %d shares is impossible (0 to %d)", n, Certificates)
		}
		out[i] = n
	}
	return out, nil
}

// ParsePrice reads a calculator's share price: a whole number of dollars,
// a multiple of $100 from $200 to $1,200 (the chart's range).
func ParsePrice(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ReplaceAll(strings.TrimSpace(s), ",", ""), "$"))
	if err != nil {
		return 0, fmt.Errorf("price: %q is not a whole number of dollars", s)
	}
	if n < 200 || n > 1200 || n%100 != 0 {
		return 0, fmt.Errorf("price: %d is not on the chart (multiples of $100 from $200 to $1,200)", n)
	}
	return n, nil
}

// ParseSize reads a calculator's company size: a whole number of at least 2.
func ParseSize(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("size: %q is not a whole number", s)
	}
	if n < MinSize || n > 200 {
		return 0, fmt.Errorf("size: %d has no price (from %d; one territory counts as size 2)", n, MinSize)
	}
	return n, nil
}
