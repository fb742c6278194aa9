package printables

import (
	"fmt"
	"strconv"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
	"tableside/engine/risk"
)

// aidCopies is how many of each aid card print: one per player at a full
// six-player table.
const aidCopies = 6

type aidCard struct {
	title  string
	colour RGB
	lines  []string                                // "# " starts a subheading
	extra  func(d *Doc, r Rect, y float64) float64 // drawn where a line is "@"
}

func aidCards(cs []acquire.Company) []aidCard {
	med := cs[2]
	price, _ := acquire.Price(med.Tier, acquire.SafeSize)
	div := acquire.Dividend(price)
	return []aidCard{
		{title: "Your turn", colour: RGB{30, 45, 80}, lines: []string{
			"# Activity phase",
			"1. Place a Mom & Pop on a territory from your hand (wild: any empty one). None fits: discard your hand for good.",
			"   Then found a corporation, let one absorb it, propose a merger, or leave it.",
			"2. One action: buy 1-" + strconv.Itoa(coldcash.MaxBuy) + " shares, sell any, call a stockholders' meeting, a hostile takeover (CEO), or pass.",
			"3. Draw a card; refill to " + strconv.Itoa(board.HandSize) + " if one is dead.",
			"# Earnings phase",
			"For each corporation you run, one of: restructure, hire security, pay dividends, downsize.",
			"# Ending",
			fmt.Sprintf("At the start of your turn, if one corporation is size %d+ or all are %d+, you may end the game.", board.EndOneSize, board.EndAllSize),
		}},
		{title: "Battle", colour: RGB{150, 30, 30}, lines: []string{
			fmt.Sprintf("Attacker: up to %d dice, one per army that could move (one army stays behind).", risk.MaxAttackDice),
			fmt.Sprintf("Defender: 1 die, or %d with two or more armies.", risk.ClassicDefenderDice),
			"Pair highest with highest, then second with second. The lower die of each pair loses an army; ties favour the defender.",
			"@",
			"# Cold Cash Risk",
			"No attacks on empty territories. A Mom & Pop defends with one die roll of armies, for at least one round; they leave after your attacks.",
			"One free move after. No cards for conquests.",
			fmt.Sprintf("Taking a tower takes over the corporation: halved bonuses and sales, %d shares for 1.", acquire.TradeRatio(true)),
		}, extra: func(d *Doc, r Rect, y float64) float64 {
			x := r.CX() - 20
			for i, n := range []int{6, 4} {
				d.die(x+float64(i)*9, y, 7, n, RGB{200, 40, 40}, white)
			}
			d.ink(black)
			d.fit(Rect{x + 18, y, 7, 7}, 9, "B", "C", "vs")
			for i, n := range []int{5, 4} {
				d.die(x+26+float64(i)*9, y, 7, n, white, black)
			}
			d.fit(Rect{r.X + 2, y + 7, r.W - 4, 3.5}, 6, "", "C", "6 beats 5: defender loses one. 4 ties 4: attacker loses one.")
			return y + 10.5
		}},
		{title: "Earnings", colour: RGB{20, 110, 60}, lines: []string{
			"One choice per corporation you run:",
			"# Restructure",
			fmt.Sprintf("1 to %d free moves; teams may move again.", board.MaxRestructureMoves),
			"# Hire security",
			fmt.Sprintf("Territories / %d, rounded down, + continent bonuses held.", board.TerritoriesPerTeam),
			"# Pay dividends",
			"A tenth of the share price per visible share. " + fmt.Sprintf("%s at size %d: %s a share, %s dividend; 5 shares earn %s.",
				med.Name, acquire.SafeSize, engine.Dollars(price), engine.Dollars(div), engine.Dollars(5*div)),
			"# Downsize",
			"Remove as many teams as hiring would add, and pay double dividends.",
			"Hidden shares earn nothing and cannot vote.",
		}},
	}
}

func drawPlayerAids(d *Doc) error {
	cs, err := acquire.Companies(d.Opt.Names)
	if err != nil {
		return err
	}
	var ps []piece
	for _, c := range aidCards(cs) {
		for i := 0; i < aidCopies; i++ {
			c := c
			ps = append(ps, piece{front: func(d *Doc, r Rect) { d.aidCard(r, c) }, back: cardBack})
		}
	}
	return d.layPieces("player aid", "Player aid cards", pokerSpec, ps)
}

func (d *Doc) aidCard(r Rect, c aidCard) {
	in := r.Inset(3)
	d.stroke(c.colour)
	d.SetLineWidth(0.6)
	d.roundRect(in.X, in.Y, in.W, in.H, 2.5, "1234", "D")
	d.band(in, 10, c.colour)
	d.fit(Rect{in.X + 2, in.Y, in.W - 4, 10}, 11, "B", "C", c.title)
	d.ink(black)
	y := in.Y + 12
	for _, l := range c.lines {
		if l == "@" && c.extra != nil {
			y = c.extra(d, in, y+0.5)
			continue
		}
		if len(l) > 2 && l[:2] == "# " {
			d.ink(c.colour)
			y = d.heading(in.X+2, y+0.6, in.W-4, 7.6, l[2:])
			d.ink(black)
			continue
		}
		y = d.para(in.X+2, y, in.W-4, 6.8, "", l) + 0.7
	}
	if y-0.7 > in.Y+in.H-3.8 {
		d.SetError(fmt.Errorf("aid card %q: text runs to %.1f mm, past its footer at %.1f mm", c.title, y-0.7-in.Y, in.H-3.8))
	}
	d.ink(grey)
	d.fit(Rect{in.X, in.Y + in.H - 3.8, in.W, 3.2}, 5.5, "", "C", "Cold Cash Risk – Tableside – "+strconv.Itoa(aidCopies)+" of each")
}
