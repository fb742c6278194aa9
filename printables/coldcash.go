package printables

import (
	"fmt"
	"strconv"
	"strings"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
	"tableside/engine/risk"
)

// bandSizes returns the first size of each price-chart row, read from the
// chart itself so the sheet never retypes it.
func bandSizes() []int {
	var out []int
	for _, b := range acquire.Bands() {
		out = append(out, b.From)
	}
	return out
}

// tierNames lists the companies of a tier in the chosen name set.
func tierNames(cs []acquire.Company, t acquire.Tier) string {
	var n []string
	for _, c := range cs {
		if c.Tier == t {
			n = append(n, c.Name)
		}
	}
	return strings.Join(n, ", ")
}

type textBlock struct {
	head string
	body []string
}

// coldCashTurn is the turn in the print shop's own words, written on first
// use: its numbers come from the engines (the classic map among them).
func coldCashTurn() []textBlock {
	return []textBlock{
		{"Each round: Activity phase, then Earnings phase", []string{
			"Both phases go round the table from the first player, clockwise.",
		}},
		{"Activity phase – on your turn, in order", []string{
			"1. Place a Mom & Pop in an empty territory named on one of your cards (a wild card names any empty territory), then discard that card. If no card of yours names an empty territory, the whole hand goes to the discards: you place no more Mom & Pops.",
			"2. Take one action (below), or pass.",
			"3. Draw a territory card. Dead cards are discarded and you refill to " + strconv.Itoa(board.HandSize) + ". The deck is never reshuffled.",
		}},
		{"What the new Mom & Pop can do (your choice)", []string{
			"Found: with fewer than " + strconv.Itoa(coldcash.MaxActive) + " corporations active, put a free corporation's tower there. It becomes " + strconv.Itoa(board.FoundTeams) + " security teams, every Mom & Pop linked to it through Mom & Pops joins as 1 team each, you become CEO and take 1 free share.",
			"Be absorbed: next to a corporation, it becomes 1 team of the corporation you pick.",
			"Merge: next to two or more corporations whose CEOs both agree, and the smaller below size " + strconv.Itoa(acquire.SafeSize) + ". The larger takes over; the smaller's holders get bonuses and sell, trade " + strconv.Itoa(acquire.TradeRatio(false)) + "-for-1 or keep. If a CEO refuses, it stays a Mom & Pop.",
			"Nothing: leave it as a Mom & Pop.",
		}},
		{"Actions (one per turn)", []string{
			"Buy 1 to " + strconv.Itoa(coldcash.MaxBuy) + " shares of active corporations at the chart price.",
			"Sell any number of shares back to the bank.",
			"Stockholders' meeting: nominate a willing CEO for a corporation you hold; one open vote, a vote per visible share; a tie keeps the CEO.",
			"Hostile takeover (CEOs): one RISK turn for one corporation, with no reinforcements. Empty territories cannot be entered. A Mom & Pop rolls one die for its defenders and must be fought at least one round. One free move after. Taking a tower takes the corporation: bonuses and sale price halved, " + strconv.Itoa(acquire.TradeRatio(true)) + " shares trade for 1.",
		}},
		{"Earnings phase – one per corporation you run", []string{
			"Restructure: 1 to " + strconv.Itoa(board.MaxRestructureMoves) + " free moves.",
			"Hire security: new teams as RISK counts them (below).",
			"Pay dividends: each visible share earns a tenth of the share price.",
			"Downsize: remove as many teams as hiring would bring, and pay double dividends.",
		}},
		{"Hire security", []string{
			hireExample(),
		}},
		{"Size", []string{
			"Territories held plus continent bonuses; a one-territory corporation is size " + strconv.Itoa(acquire.MinSize) + ". Size " + strconv.Itoa(acquire.SafeSize) + " and up is safe from mergers.",
		}},
		{"End of the game", []string{
			fmt.Sprintf("At the start of your turn you may end the game once one corporation is size %d or more, or every corporation is size %d or more. ", board.EndOneSize, board.EndAllSize) + "Options: the short game ends when the last territory card is played; the long game when one corporation holds the whole map.",
			"Final payout: bonuses for every active corporation, then every share sells at its price. Most cash wins; cards are worth nothing.",
		}},
	}
}

func drawColdCashReference(d *Doc) error {
	cs, err := acquire.Companies(d.Opt.Names)
	if err != nil {
		return err
	}
	d.AddPage()
	area := d.Paper.Printable()
	d.ink(black)
	d.fit(Rect{area.X, area.Y, area.W, 8}, 16, "B", "L", "Cold Cash Risk – table reference")
	d.fit(Rect{area.X, area.Y + 7, area.W, 4}, 7.5, "", "L",
		fmt.Sprintf("Companies: %s names. Start: %s each, %d certificates per company.", d.Opt.Names, engine.Dollars(acquire.StartingCash), acquire.Certificates))
	top := area.Y + 13
	gap := 5.0
	colW := (area.W - gap) / 2
	// Left column: the turn.
	y := top
	for _, b := range coldCashTurn() {
		y = d.heading(area.X, y, colW, 9, b.head)
		for _, p := range b.body {
			y = d.para(area.X, y, colW, 7.8, "", p) + 0.9
		}
		y += 1.2
	}
	if err := d.fits("the turn", y); err != nil {
		return err
	}
	// Right column: the numbers.
	x := area.X + colW + gap
	y = top
	y = d.heading(x, y, colW, 8.5, "Price chart, dividends and bonuses")
	y = d.para(x, y, colW, 6.5, "", fmt.Sprintf("Per share, by size and tier. Dividend = price / %d. Majority = %d x price, minority = %d x price; halved after a hostile takeover. Shared bonuses are split and rounded up to the next $100.", acquire.DividendDivisor, acquire.MajorityTimes, acquire.MinorityTimes)) + 1
	for _, t := range []acquire.Tier{acquire.Cheap, acquire.Medium, acquire.Expensive} {
		y = d.heading(x, y, colW, 7.5, fmt.Sprintf("%s: %s", strings.ToUpper(t.String()[:1])+t.String()[1:], tierNames(cs, t)))
		y = d.companyChips(x, y-0.5, cs, t) + 0.5
		rows := [][]string{{"Size", "Price", "Div.", "Major", "Minor", "Major/2", "Minor/2"}}
		for _, size := range bandSizes() {
			p, err := acquire.Price(t, size)
			if err != nil {
				return err
			}
			maj, min := acquire.Bonus(p, false)
			hmaj, hmin := acquire.Bonus(p, true)
			rows = append(rows, []string{acquire.SizeBand(size), engine.Dollars(p), engine.Dollars(acquire.Dividend(p)),
				engine.Dollars(maj), engine.Dollars(min), engine.Dollars(hmaj), engine.Dollars(hmin)})
		}
		w := colW / 7
		y = d.table(x, y, []float64{w, w, w, w, w, w, w}, 4.1, 7, rows, "LRRRRRR") + 2.5
	}
	y = d.heading(x, y, colW, 8.5, "Continent bonuses (add to size and to hiring)")
	rows := [][]string{{"Continent", "Territories", "Bonus"}}
	for _, c := range risk.Classic().Continents() {
		rows = append(rows, []string{c.Name, strconv.Itoa(len(c.Territories)), "+" + strconv.Itoa(c.Bonus)})
	}
	y = d.table(x, y, []float64{colW * 0.5, colW * 0.25, colW * 0.25}, 4.1, 7.5, rows, "LRR")
	return d.fits("the price chart", y)
}

// companyChips draws each company of a tier as a letter badge with its name.
func (d *Doc) companyChips(x, y float64, cs []acquire.Company, t acquire.Tier) float64 {
	cx := x
	for _, c := range cs {
		if c.Tier != t {
			continue
		}
		d.badge(c.Letter, cx+1.8, y+1.8, 3.4, Hex(c.Colour))
		d.fit(Rect{cx + 4.2, y, 24, 3.6}, 6.5, "", "L", c.Name)
		cx += 28
	}
	d.resetStyle()
	return y + 4
}

// hireExample says how a corporation's hire is counted, with the rulebook's
// own example (Australia alone) worked from the map and the engine's numbers.
func hireExample() string {
	per := board.TerritoriesPerTeam
	for _, c := range risk.Classic().Continents() {
		if c.Name != "Australia" {
			continue
		}
		n := len(c.Territories)
		return fmt.Sprintf("Territories held / %d, rounded down, plus the bonus of every continent held. The rulebook's own example has no minimum (Australia alone: %d / %d = %d, + %d = %d teams); a table may choose RISK's minimum of %d as a house rule.",
			per, n, per, n/per, c.Bonus, n/per+c.Bonus, board.ClassicMinimum)
	}
	panic("printables: the classic map has no Australia")
}
