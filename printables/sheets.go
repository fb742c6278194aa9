package printables

import (
	"fmt"
	"strconv"
	"strings"

	"tableside/engine/cashcrash"
	"tableside/engine/pctw"
	"tableside/engine/takeover"
	"tableside/rulebook"
)

func (d *Doc) title(s, sub string) float64 {
	area := d.Paper.Printable()
	d.ink(black)
	d.fit(Rect{area.X, area.Y, area.W, 9}, 16, "B", "L", s)
	y := area.Y + 9
	if sub != "" {
		y = d.para(area.X, y, area.W, 7.5, "", sub) + 1
	}
	return y + 1
}

// grid draws an empty table: a header row and n rows, column widths ws.
func (d *Doc) blankGrid(x, y float64, ws []float64, head []string, n int, rowH float64) float64 {
	total := 0.0
	for _, w := range ws {
		total += w
	}
	d.fill(light)
	d.Rect(x, y, total, rowH, "F")
	cx := x
	for i, h := range head {
		d.fit(Rect{cx + 1, y, ws[i] - 2, rowH}, 7.5, "B", "C", h)
		cx += ws[i]
	}
	d.stroke(grey)
	d.SetLineWidth(0.15)
	for r := 0; r <= n+1; r++ {
		d.Line(x, y+float64(r)*rowH, x+total, y+float64(r)*rowH)
	}
	cx = x
	for i := 0; i <= len(ws); i++ {
		d.Line(cx, y, cx, y+float64(n+1)*rowH)
		if i < len(ws) {
			cx += ws[i]
		}
	}
	d.resetStyle()
	return y + float64(n+1)*rowH
}

// takeoverSetup and takeoverMerging are the rulebook's parts the sheet
// prints: the how-to-play's setting up and turn, then the clauses on
// merging and the end (package rulebook: the paper says what the screens
// say).
var (
	takeoverSetup   = []string{"Setting up", "A turn"}
	takeoverMerging = []string{"to.merge.free", "to.merge.cost", "to.merge.cashout", "to.merge.special", "to.end"}
)

func drawTakeoverSheet(d *Doc) error {
	b, ok := rulebook.Get("takeover")
	if !ok {
		return fmt.Errorf("the Takeover sheet: no rulebook for takeover")
	}
	d.AddPage()
	area := d.Paper.Printable()
	var rules takeover.Rules
	y := d.title("Takeover – setup and scoring", b.Blurb+" "+b.Players+".")
	colW := (area.W - 6) / 2
	yl := d.heading(area.X, y, colW, 9, "Setup")
	for _, want := range takeoverSetup {
		for _, p := range b.HowTo {
			if p.Title == want {
				yl = d.para(area.X, yl, colW, 7, "", p.Title+": "+p.Text) + 0.8
			}
		}
	}
	yr := d.heading(area.X+colW+6, y, colW, 9, "Merging")
	for _, id := range takeoverMerging {
		w, ok := b.Clause(id)
		if !ok {
			return fmt.Errorf("the Takeover sheet: no clause %s in the rulebook", id)
		}
		yr = d.para(area.X+colW+6, yr, colW, 7, "", "• "+w.Clause.Title+": "+w.Clause.Text) + 0.8
	}
	y = max(yl, yr) + 2
	y = d.heading(area.X, y, area.W, 9, "Starting layout (note each tile: suit and value)")
	cell := min(area.W/takeover.Cols, 16.0)
	gx := area.CX() - float64(takeover.Cols)/2*cell
	d.stroke(grey)
	d.SetLineWidth(0.2)
	for r := 0; r < takeover.Rows; r++ {
		for c := 0; c < takeover.Cols; c++ {
			d.Rect(gx+float64(c)*cell, y+float64(r)*cell, cell, cell, "D")
		}
	}
	y += float64(takeover.Rows)*cell + 4
	y = d.heading(area.X, y, area.W, 9, "Scoring")
	score, ok := b.Clause("to.score")
	if !ok {
		return fmt.Errorf("the Takeover sheet: no clause to.score in the rulebook")
	}
	y = d.para(area.X, y, area.W, 7, "", score.Clause.Text) + 1.5
	ws := []float64{area.W * 0.18, area.W * 0.37, area.W * 0.13, area.W * 0.19, area.W * 0.13}
	y = d.blankGrid(area.X, y, ws, []string{"Player", "Stocks (coin: stack worth)", "Stocks $m", "Cash coins", "Total $m"}, rules.MaxSeats(), 13)
	if err := d.fits("the Takeover sheet", y); err != nil {
		return err
	}
	return d.Error()
}

func drawPCtWSetup(d *Doc) error {
	d.AddPage()
	area := d.Paper.Printable()
	y := d.title("Piecepack Conquers the World – setup", "A RISK variant for 2 to 4 players with two piecepacks: one lays the map, the other is the deck of cards. Armies are stones or tokens in each player's colour.")
	// Everything below is the engine's default layout (engine/pctw), so the
	// sheet sets up the very map a new game starts with.
	b := pctw.DefaultBoard()
	aside, wild := pctw.AsideTiles(b), len(pctw.WildAces(b))
	y = d.heading(area.X, y, area.W, 9, fmt.Sprintf("1. Set aside %d tiles from the map set", len(aside)))
	x := area.X
	var asideNames, sizes []string
	for _, t := range aside {
		d.tileIcon(x, y, 14, Suits[t.Suit], Rank(t.Rank))
		x += 17
		asideNames = append(asideNames, "the "+t.Name())
	}
	conts := b.Map.Continents()
	for _, c := range conts {
		sizes = append(sizes, fmt.Sprintf("%s %d", c.Name, len(c.Territories)))
	}
	d.para(x+2, y+1, area.W-(x-area.X)-2, 7, "", fmt.Sprintf("Set aside %s. The map keeps %d tiles: %s.", strings.Join(asideNames, ", "), b.Map.Len(), strings.Join(sizes, ", ")))
	y += 18
	y = d.heading(area.X, y, area.W, 9, "2. Lay the continents, suit side up, each suit together")
	cell := 13.0
	gx := area.X + 2
	for _, c := range b.Grid.Cells {
		d.tileIcon(gx+float64(c.Col)*cell, y+float64(c.Row)*cell, cell-1, Suits[c.Tile.Suit], -1)
	}
	// Pawns mark the wrap-around edges.
	tx := gx + float64(b.Grid.Cols)*cell + 6
	ty := d.para(tx, y, area.X+area.W-tx, 7, "", "Lay them as shown, one suit a row; a gap is open sea. Sailing off one end of a row lands on the other end: put a pawn on the territory at each end of such a crossing, as RISK joins Alaska to Kamchatka.")
	ty += 2
	// Continent bonuses by size: smallest 2, next 3, the largest 4.
	rows := [][]string{{"Continent", "Territories", "Bonus"}}
	for _, c := range conts {
		rows = append(rows, []string{c.Name, strconv.Itoa(len(c.Territories)), "+" + strconv.Itoa(c.Bonus)})
	}
	d.table(tx, ty, []float64{28, 22, 16}, 4.2, 7, rows, "LRR")
	y += float64(b.Grid.Rows)*cell + 4
	y = d.heading(area.X, y, area.W, 9, "3. Make the deck from the second set")
	y = d.para(area.X, y, area.W, 7, "", fmt.Sprintf("Set aside the same %d tiles, shuffle the other %d and stack them number side down, then shuffle in the %d aces set aside: these are the cards. The aces are wild and complete any set. Draw a card after a turn in which you conquered at least one territory.", len(aside), b.Map.Len(), wild)) + 2
	colW := (area.W - 6) / 2
	yl := d.heading(area.X, y, colW, 9, "4. Starting armies")
	rows = [][]string{{"Players", "Armies each"}}
	for p := pctw.Variant.MinSeats; p <= pctw.Variant.MaxSeats; p++ {
		rows = append(rows, []string{strconv.Itoa(p), strconv.Itoa(pctw.StartArmies(b.Map.Len(), p))})
	}
	yl = d.table(area.X, yl, []float64{colW / 2, colW / 2}, 4.2, 7, rows, "LR") + 1
	yl = d.para(area.X, yl, colW, 6.5, "", fmt.Sprintf("The map's %d territories shared out among the players, rounded down, plus %d (the rulebook's provisional formula, which counts 14; Tableside counts the real map).", b.Map.Len(), pctw.StartExtra)+" Claim territories one army at a time in turn, then reinforce your own until all are placed.")
	yr := d.heading(area.X+colW+6, y, colW, 9, "5. Card sets (a suit turned in)")
	rows = [][]string{{"Set", "1st", "2nd", "3rd", "4th", "5th", "6th"}}
	vals := []string{"Armies"}
	for n := 1; n <= 6; n++ {
		vals = append(vals, strconv.Itoa(pctw.SetWorth(n)))
	}
	rows = append(rows, vals)
	w := colW / 7
	yr = d.table(area.X+colW+6, yr, []float64{w * 1.6, w * 0.9, w * 0.9, w * 0.9, w * 0.9, w * 0.9, w * 0.9}, 4.2, 7, rows, "LRRRRRR") + 1
	yr = d.para(area.X+colW+6, yr, colW, 6.5, "", "Each set is worth 2 more than the one before after the third. Several sets may go in on one turn. With five or more cards at the start of your turn, trade until you hold fewer than five. Eliminating a player gives you their cards.")
	y = max(yl, yr) + 3
	y = d.heading(area.X, y, area.W, 9, "Battles")
	y = d.para(area.X, y, area.W, 7, "", "As in RISK: the attacker rolls up to 3 dice (one army stays home), the defender up to 2; highest against highest, ties to the defender. Move in no fewer armies than the dice of the last roll.")
	if err := d.fits("the setup sheet", y); err != nil {
		return err
	}
	return d.Error()
}

// tileIcon draws a small tile: the suit symbol, and the rank unless r < 0.
func (d *Doc) tileIcon(x, y, s float64, suit Suit, r Rank) {
	d.fill(parchment)
	d.stroke(suit.Colour())
	d.SetLineWidth(0.3)
	d.Rect(x, y, s, s, "FD")
	if r < 0 {
		d.drawSuit(suit, x+s/2, y+s/2, s*0.55, suit.Colour())
		d.ink(black)
		return
	}
	d.drawSuit(suit, x+s*0.28, y+s*0.28, s*0.35, suit.Colour())
	if r == 1 {
		d.ink(suit.Colour())
		d.fit(Rect{x, y + s*0.45, s * 0.95, s * 0.5}, 7, "B", "R", "A")
	} else {
		d.ink(suit.Colour())
		d.fit(Rect{x, y + s*0.4, s * 0.92, s * 0.55}, 10, "B", "R", strconv.Itoa(int(r)))
	}
	d.ink(black)
}

func drawScorePad(d *Doc) error {
	d.AddPage()
	area := d.Paper.Printable()
	y := d.title("Score pad", "Game: ______________________   Date: ____________   Place: ______________________")
	players := 8
	roundW := 14.0
	pw := (area.W - roundW) / float64(players)
	ws := []float64{roundW}
	head := []string{"Round"}
	for i := 0; i < players; i++ {
		ws = append(ws, pw)
		head = append(head, "")
	}
	rows := 20
	rowH := min(10.0, (area.Y+area.H-y-20)/float64(rows+2))
	end := d.blankGrid(area.X, y, ws, head, rows+1, rowH)
	for r := 1; r <= rows; r++ {
		d.fit(Rect{area.X, y + float64(r)*rowH, roundW, rowH}, 7, "", "C", strconv.Itoa(r))
	}
	d.fit(Rect{area.X, y + float64(rows+1)*rowH, roundW, rowH}, 7.5, "B", "C", "Total")
	d.fill(light)
	d.ink(grey)
	d.fit(Rect{area.X, end + 2, area.W, 5}, 7, "", "L", "Write the players' names in the top row. Tableside's score log keeps every game's final scores: enter them after play.")
	if err := d.fits("the score pad", end+7); err != nil {
		return err
	}
	return d.Error()
}

// Commodity is one of Cash or Crash's three commodities.
type commodity int

const (
	gold commodity = iota
	oil
	wheat
)

var commodityNames = []string{"Gold", "Oil", "Wheat"}

// drawCommodity draws a commodity icon as vector shapes.
func (d *Doc) drawCommodity(c commodity, cx, cy, s float64) {
	switch c {
	case gold:
		d.fill(RGB{212, 160, 23})
		d.poly(cx, cy, s/2, [][2]float64{{-1, 0.5}, {-0.6, -0.4}, {0.6, -0.4}, {1, 0.5}}, "F")
	case oil:
		d.fill(RGB{30, 30, 30})
		d.poly(cx, cy, s/2, append([][2]float64{{0, -1}}, arc(0, 0.3, 0.62, 0.62, -20, 200, 16)...), "F")
	case wheat:
		d.fill(RGB{170, 120, 40})
		d.Rect(cx-0.04*s, cy-0.1*s, 0.08*s, 0.6*s, "F")
		for i := 0; i < 3; i++ {
			yy := cy - 0.35*s + float64(i)*0.17*s
			d.Ellipse(cx-0.1*s, yy, 0.08*s, 0.14*s, -30, "F")
			d.Ellipse(cx+0.1*s, yy, 0.08*s, 0.14*s, 30, "F")
		}
		d.Ellipse(cx, cy-0.47*s, 0.07*s, 0.13*s, 0, "F")
	}
}

// bidTypes are the seven kinds of bid, simple first, in ladder order.
var bidTypes = [][]commodity{{gold}, {oil}, {wheat}, {gold, oil}, {gold, wheat}, {oil, wheat}, {gold, oil, wheat}}

func drawCashOrCrashLadder(d *Doc) error {
	d.AddPage()
	area := d.Paper.Printable()
	y := d.title("Cash or Crash – bid ladder", "A bid says that at least N of a good will show among everyone's staked cards; a combo bid says at least N of each good named. Tick each bid as it is made, so the table can see where the ladder stands.")
	labelW := 14.0
	cw := (area.W - labelW) / float64(len(bidTypes))
	rowH := 8.5
	// Header: icons of each bid type.
	d.fill(light)
	d.Rect(area.X, y, area.W, 12, "F")
	d.fit(Rect{area.X, y, labelW, 12}, 7, "B", "C", "Amount")
	for i, bt := range bidTypes {
		x := area.X + labelW + float64(i)*cw
		for k, c := range bt {
			d.drawCommodity(c, x+cw/2+(float64(k)-float64(len(bt)-1)/2)*7, y+4.5, 5.5)
		}
		name := ""
		for k, c := range bt {
			if k > 0 {
				name += "+"
			}
			name += commodityNames[c]
		}
		if len(bt) == 3 {
			name = "Everything"
		}
		d.ink(black)
		d.fit(Rect{x, y + 8, cw, 4}, 6, "", "C", name)
	}
	y += 12
	maxN := 14
	d.stroke(grey)
	d.SetLineWidth(0.15)
	for n := 1; n <= maxN; n++ {
		d.fit(Rect{area.X, y, labelW, rowH}, 9, "B", "C", strconv.Itoa(n))
		for i := range bidTypes {
			x := area.X + labelW + float64(i)*cw
			d.Rect(x, y, cw, rowH, "D")
			d.Rect(x+2, y+rowH/2-1.75, 3.5, 3.5, "D")
			d.ink(grey)
			d.fit(Rect{x + 6, y, cw - 7, rowH}, 6.5, "", "L", fmt.Sprintf("%d %s", n, shortBid(bidTypes[i])))
			d.ink(black)
		}
		y += rowH
	}
	y += 3
	colW := (area.W - 6) / 2
	st := cashcrash.Settings{Variant: cashcrash.Classic, Raise: cashcrash.RaiseKeep}
	rules := []string{
		fmt.Sprintf("Everyone stakes %d cards face down; the round opens with a simple bid (one good).", st.OpeningStake()),
		"On your turn: raise the bid, add a card, or challenge by calling SELL.",
		"Raise: keep every good already bid, and bid a higher amount, more goods, or both.",
		fmt.Sprintf("Add a card (at most %d staked): one more card face down, and a bid at least one higher whose goods are different.", st.MaxStake()),
	}
	settle := []string{
		"SELL: every staked card is turned up and the icons counted.",
		"Enough of each good named: the challenger loses. Too few: the bidder loses.",
		"The loser discards every card they staked; the others take theirs back.",
		"Out of cards: out of the game. The last player holding cards wins.",
	}
	yl := d.heading(area.X, y, colW, 9, "Bidding (classic rules)")
	for _, s := range rules {
		yl = d.para(area.X, yl, colW, 7, "", "• "+s) + 0.8
	}
	yr := d.heading(area.X+colW+6, y, colW, 9, "Challenge")
	for _, s := range settle {
		yr = d.para(area.X+colW+6, yr, colW, 7, "", "• "+s) + 0.8
	}
	y = max(yl, yr) + 1.5
	raises, adds := ladderExample(st, cashcrash.Bid{Qty: 2, Goods: "O"})
	y = d.heading(area.X, y, area.W, 9, "Example: after 2 Oil")
	y = d.para(area.X, y, area.W, 7, "", "A raise (up to 3) may be: "+strings.Join(raises, ", ")+".") + 0.8
	y = d.para(area.X, y, area.W, 7, "", "Adding a card, at 3: "+strings.Join(adds, ", ")+".")
	if err := d.fits("the bid ladder", y); err != nil {
		return err
	}
	return d.Error()
}

// ladderExample asks the Cash or Crash engine which bids of amounts up to
// one above prev's may follow it: by an ordinary raise, and with a card
// added (at exactly one more).
func ladderExample(st cashcrash.Settings, prev cashcrash.Bid) (raises, adds []string) {
	for q := prev.Qty; q <= prev.Qty+1; q++ {
		for _, bt := range bidTypes {
			b := cashcrash.Bid{Qty: q, Goods: shortBid(bt)}
			if st.CheckRaise(prev, b) == nil {
				raises = append(raises, b.String())
			}
			if q == prev.Qty+1 && st.CheckAdd(prev, b) == nil {
				adds = append(adds, b.String())
			}
		}
	}
	return raises, adds
}

func shortBid(bt []commodity) string {
	s := ""
	for _, c := range bt {
		s += commodityNames[c][:1]
	}
	return s
}
