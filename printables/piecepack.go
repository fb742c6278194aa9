package printables

import (
	"fmt"
	"strconv"
)

// Rank is a piecepack rank: 0 is null (blank), 1 the ace, then 2 to 5.
type Rank int

func (r Rank) String() string {
	switch r {
	case 0:
		return "null"
	case 1:
		return "ace"
	}
	return strconv.Itoa(int(r))
}

// Ranks lists the six ranks in order.
var Ranks = []Rank{0, 1, 2, 3, 4, 5}

// Piece sizes beyond tiles and coins, mm.
const (
	DieSide   = 16.0 // a die's edge
	tabDepth  = 4.0  // glue tabs on die nets
	pawnW     = 19.0
	pawnH     = 25.0
	pawnBase  = 12.0
	coinGap   = 2.5
	tileInset = 1.5 // keep art this far inside a tile's cut
)

var (
	tileSpec  = GridSpec{W: TileSide, H: TileSide, Bleed: Bleed}
	coinSpec  = GridSpec{W: CoinSide, H: CoinSide, Gap: coinGap}
	parchment = RGB{250, 244, 228}
)

// drawPiecepack lays out the tiles (twelve to a page, the most a page
// holds), then for each set one page of its dice nets, pawns and, printed
// double-sided, its coins, whose backs take the next page. Single-sided, the
// coins' fronts and backs are printed in pairs on pages of their own.
func drawPiecepack(d *Doc) error {
	var tiles, coins []piece
	for set := 0; set < d.Opt.Sets; set++ {
		for _, s := range Suits {
			for _, r := range Ranks {
				s, r := s, r
				tiles = append(tiles, piece{front: func(d *Doc, c Rect) { d.tileFace(c, s, r) }, back: tileBack})
				coins = append(coins, piece{front: func(d *Doc, c Rect) { d.coinRank(c, s, r) }, back: func(d *Doc, c Rect) { d.coinSuit(c, s) }})
			}
		}
	}
	label := ""
	if d.Opt.Sets > 1 {
		label = fmt.Sprintf(" (%d sets)", d.Opt.Sets)
	}
	if err := d.layPieces("tile", "Piecepack tiles, 2 in"+label, tileSpec, tiles); err != nil {
		return err
	}
	if d.Opt.Single {
		if err := d.layPiecesFold("coin", "Piecepack coins, 3/4 in"+label, coinSpec, coins, false); err != nil {
			return err
		}
	}
	per := len(coins) / d.Opt.Sets
	for set := 0; set < d.Opt.Sets; set++ {
		var own []piece
		if !d.Opt.Single {
			own = coins[set*per : (set+1)*per]
		}
		if err := d.diceAndPawns(set, d.Opt.Sets, own); err != nil {
			return err
		}
	}
	return d.Error()
}

// rankMark draws a rank as the piecepack shows it: nothing for null, the
// suit symbol for the ace, a numeral otherwise.
func (d *Doc) rankMark(s Suit, r Rank, cx, cy, size float64) {
	switch r {
	case 0:
	case 1:
		d.drawSuit(s, cx, cy, size*0.9, s.Colour())
	default:
		d.ink(s.Colour())
		d.fit(Rect{cx - size, cy - size/2, 2 * size, size}, size*2.6, "B", "C", strconv.Itoa(int(r)))
	}
}

// paper is the ground of a piecepack piece: parchment, or white with ink
// saver.
func (d *Doc) paper() RGB {
	if d.saver() {
		return white
	}
	return parchment
}

func (d *Doc) tileFace(c Rect, s Suit, r Rank) {
	d.ground(c)
	in := c.Inset(tileInset)
	d.stroke(s.Colour())
	d.SetLineWidth(0.5)
	d.box(in, "D")
	d.rankMark(s, r, c.CX(), c.CY(), 24)
	for _, p := range [][2]float64{{1, 1}, {-1, -1}} {
		d.drawSuit(s, c.CX()+p[0]*(c.W/2-7), c.CY()-p[1]*(c.H/2-7), 7, s.Colour())
	}
}

// tileBack is the board side of every tile: a 2 x 2 grid.
func tileBack(d *Doc, c Rect) {
	d.ground(c)
	in := c.Inset(tileInset)
	d.stroke(RGB{60, 60, 60})
	d.SetLineWidth(0.6)
	d.box(in, "D")
	d.Line(c.CX(), in.Y, c.CX(), in.Y+in.H)
	d.Line(in.X, c.CY(), in.X+in.W, c.CY())
}

// ground fills a tile and its bleed with parchment; with ink saver the
// tile stays white paper.
func (d *Doc) ground(c Rect) {
	if !d.saver() {
		d.bleedFill(c, parchment)
	}
}

func (d *Doc) coin(c Rect) {
	d.fill(d.paper())
	d.stroke(grey)
	d.SetLineWidth(0.2)
	d.Circle(c.CX(), c.CY(), c.W/2, "FD")
}

func (d *Doc) coinRank(c Rect, s Suit, r Rank) {
	d.coin(c)
	d.rankMark(s, r, c.CX(), c.CY(), 9)
}

func (d *Doc) coinSuit(c Rect, s Suit) {
	d.coin(c)
	d.drawSuit(s, c.CX(), c.CY(), 11, s.Colour())
}

// diceAndPawns draws one set's four dice as nets (fold, glue the tabs) and
// four fold-up pawns on one page, and below them the set's coins when
// given, whose backs then fill the next page at mirrored places.
func (d *Doc) diceAndPawns(set, sets int, coins []piece) error {
	d.AddPage()
	title := "Piecepack dice and pawns"
	if len(coins) > 0 {
		title = "Piecepack dice, pawns and coins"
	}
	if sets > 1 {
		title += fmt.Sprintf(" – set %d of %d", set+1, sets)
	}
	how := " – cut on solid lines, fold on dashed lines, glue the grey tabs"
	if d.saver() {
		how = " – cut on solid lines, fold on dashed lines, glue the tabs"
	}
	if len(coins) > 0 {
		how += "; print double-sided (flip on long edge) for the coins' backs"
	}
	d.caption(title + how)
	area := d.Paper.Printable()
	netW, netH := 3*DieSide+2*tabDepth, 4*DieSide+2*tabDepth
	const gap, label = 5.0, 4.0
	stripW := 2*pawnBase + 2*pawnH
	// Two by two nets, and the pawns in a column beside them.
	x0 := area.CX() - (2*netW+gap+6+stripW)/2
	y0 := area.Y + captionH + 2
	for i, s := range Suits {
		x := x0 + float64(i%2)*(netW+gap) + tabDepth
		y := y0 + float64(i/2)*(netH+label+gap) + tabDepth
		d.dieNet(x, y, s)
		d.placed("die net", Rect{x, y, 3 * DieSide, 4*DieSide + tabDepth + label})
	}
	px := x0 + 2*netW + gap + 6
	for i, s := range Suits {
		py := y0 + float64(i)*(pawnW+label+3)
		d.pawn(px, py, s)
		d.placed("pawn", Rect{px, py, stripW, pawnW + label})
	}
	bottom := y0 + 2*(netH+label) + gap
	if len(coins) == 0 {
		return d.fits("the dice and pawns", bottom)
	}
	g, err := d.Paper.gridIn(Rect{area.X, bottom + 2, area.W, area.Y + area.H - footerH - bottom - 2}, coinSpec)
	if err != nil {
		return fmt.Errorf("coins beside the dice: %w", err)
	}
	if g.PerPage() < len(coins) {
		return fmt.Errorf("%d coins do not fit below the dice on %s (room for %d)", len(coins), d.Paper.Name, g.PerPage())
	}
	marks := g.CropMarks(len(coins))
	d.cropMarks(marks)
	for i, p := range coins {
		r := g.Cell(i, false)
		d.drawPiece(r, r, 0, false, p.front, "coin", false, marks)
	}
	d.AddPage()
	d.caption(fmt.Sprintf("%s – backs of page %d (the coins)", title, d.PageNo()-1))
	for i, p := range coins {
		r := g.Cell(i, true)
		d.drawPiece(r, r, 0, false, p.back, "coin", true, nil)
	}
	return d.Error()
}

// dieNet draws a cross-shaped net of six faces, its top-left face cell at
// (x+DieSide, y): null, ace and 2 to 5, with glue tabs on seven edges.
func (d *Doc) dieNet(x, y float64, s Suit) {
	f := DieSide
	// cell positions (col, row) and the rank shown
	cells := []struct {
		col, row int
		r        Rank
	}{{1, 0, 0}, {0, 1, 2}, {1, 1, 1}, {2, 1, 5}, {1, 2, 3}, {1, 3, 4}}
	at := func(col, row int) (float64, float64) { return x + float64(col)*f, y + float64(row)*f }
	// Tabs: left face top and bottom, right face top and bottom, last face left, right, bottom.
	tabs := []struct {
		col, row int
		side     byte // t, b, l, r
	}{{0, 1, 't'}, {0, 1, 'b'}, {2, 1, 't'}, {2, 1, 'b'}, {1, 3, 'l'}, {1, 3, 'r'}, {1, 3, 'b'}}
	d.fill(light)
	if d.saver() {
		d.fill(white)
	}
	d.stroke(grey)
	d.SetLineWidth(0.2)
	for _, t := range tabs {
		cx, cy := at(t.col, t.row)
		k, e := tabDepth, 3.0
		var p [][2]float64
		switch t.side {
		case 't':
			p = [][2]float64{{cx, cy}, {cx + e, cy - k}, {cx + f - e, cy - k}, {cx + f, cy}}
		case 'b':
			p = [][2]float64{{cx, cy + f}, {cx + e, cy + f + k}, {cx + f - e, cy + f + k}, {cx + f, cy + f}}
		case 'l':
			p = [][2]float64{{cx, cy}, {cx - k, cy + e}, {cx - k, cy + f - e}, {cx, cy + f}}
		case 'r':
			p = [][2]float64{{cx + f, cy}, {cx + f + k, cy + e}, {cx + f + k, cy + f - e}, {cx + f, cy + f}}
		}
		d.poly(0, 0, 1, p, "FD")
	}
	for _, c := range cells {
		cx, cy := at(c.col, c.row)
		d.fill(white)
		d.stroke(black)
		d.SetLineWidth(0.25)
		d.Rect(cx, cy, f, f, "FD")
		d.rankMark(s, c.r, cx+f/2, cy+f/2, 8)
	}
	// Fold lines between joined faces.
	d.stroke(grey)
	d.SetDashPattern([]float64{1, 1}, 0)
	d.SetLineWidth(0.2)
	for _, l := range [][4]float64{{1, 1, 2, 1}, {0, 1, 0, 2}, {1, 1, 1, 2}, {2, 1, 2, 2}, {3, 1, 3, 2}, {1, 2, 2, 2}, {1, 3, 2, 3}} {
		ax, ay := at(int(l[0]), int(l[1]))
		bx, by := at(int(l[2]), int(l[3]))
		if l[1] == l[3] {
			d.Line(ax, ay, bx, by) // horizontal fold
		} else {
			d.Line(ax, ay, bx, by)
		}
	}
	d.resetStyle()
	d.ink(grey)
	d.fit(Rect{x, y + 4*f + tabDepth, 3 * f, 4}, 6, "", "C", s.String()+" die")
}

// pawn draws a fold-up pawn: base, front, back, base in a strip; the suit
// symbol on both faces, in the suit's colour.
func (d *Doc) pawn(x, y float64, s Suit) {
	col := s.Colour()
	d.stroke(black)
	d.SetLineWidth(0.25)
	w := 2*pawnBase + 2*pawnH
	if d.saver() {
		// White faces; the bases keep a thin frame in the suit's colour.
		d.stroke(col)
		d.SetLineWidth(0.4)
		d.Rect(x+0.5, y+0.5, pawnBase-1, pawnW-1, "D")
		d.Rect(x+pawnBase+2*pawnH+0.5, y+0.5, pawnBase-1, pawnW-1, "D")
	} else {
		d.fill(col.Tint(0.75))
		d.Rect(x, y, w, pawnW, "FD")
		d.fill(col)
		d.Rect(x, y, pawnBase, pawnW, "F")
		d.Rect(x+pawnBase+2*pawnH, y, pawnBase, pawnW, "F")
	}
	d.SetLineWidth(0.25)
	d.stroke(black)
	d.Rect(x, y, w, pawnW, "D")
	for i, sx := range []float64{x + pawnBase + pawnH/2, x + pawnBase + 1.5*pawnH} {
		d.TransformBegin()
		d.TransformRotate(float64(90+180*i), sx, y+pawnW/2)
		d.drawSuit(s, sx, y+pawnW/2, 13, col)
		d.TransformEnd()
	}
	d.stroke(grey)
	d.SetDashPattern([]float64{1, 1}, 0)
	for _, fx := range []float64{x + pawnBase, x + pawnBase + pawnH, x + pawnBase + 2*pawnH} {
		d.Line(fx, y, fx, y+pawnW)
	}
	d.resetStyle()
	d.ink(grey)
	d.fit(Rect{x, y + pawnW, w, 4}, 6, "", "C", s.String()+" pawn: fold into a tent, glue the bases together")
}
