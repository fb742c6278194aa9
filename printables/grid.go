package printables

import (
	"fmt"
	"math"
)

// Piece sizes, in mm.
const (
	inch      = 25.4
	PokerW    = 63.5 // poker card, 2.5 in
	PokerH    = 88.9 // 3.5 in
	TileSide  = 2 * inch
	CoinSide  = 0.75 * inch
	Bleed     = 3.0  // art extends this far past the cut where colour reaches the edge
	markGap   = 0.75 // crop marks start this far outside the bleed
	markLen   = 2.5
	markRoom  = markGap + markLen
	captionH  = 4.0 // caption band at the top of a grid page
	footerH   = 3.0 // footer band at the bottom of every page
	markWidth = 0.1 // crop mark line width, mm (about 0.3 pt)
)

// GridSpec is what goes into a card grid: the trim size of one piece, its
// bleed (0 when no colour reaches the edge) and the gap between pieces'
// bleed boxes (0 lets neighbours share a cut).
type GridSpec struct {
	W, H  float64
	Bleed float64
	Gap   float64
}

// Grid is a spec laid out on a paper: how many columns and rows fit, and
// where the first piece's trim box sits.
type Grid struct {
	Spec       GridSpec
	Paper      Paper
	Cols, Rows int
	X0, Y0     float64 // top-left of the first trim box
}

// Line is a segment, for crop marks.
type Line struct{ X1, Y1, X2, Y2 float64 }

// Grid fits the spec on the paper: the pieces, their bleed, the crop marks
// and a caption band all stay inside the printer-safe margins. The grid is
// centred horizontally so that mirrored backs land on the same spot.
func (p Paper) Grid(s GridSpec) (Grid, error) {
	area := p.Printable()
	return p.gridIn(Rect{area.X, area.Y + captionH, area.W, area.H - captionH - footerH}, s)
}

// gridIn fits the spec in a part of the page, its crop marks included,
// centred in it.
func (p Paper) gridIn(area Rect, s GridSpec) (Grid, error) {
	pw, ph := s.W+2*s.Bleed, s.H+2*s.Bleed
	availW := area.W - 2*markRoom
	availH := area.H - 2*markRoom
	cols := int(math.Floor((availW + s.Gap + 1e-9) / (pw + s.Gap)))
	rows := int(math.Floor((availH + s.Gap + 1e-9) / (ph + s.Gap)))
	if cols < 1 || rows < 1 {
		return Grid{}, fmt.Errorf("a %.1f x %.1f mm piece does not fit on %s", s.W, s.H, p.Name)
	}
	gw := float64(cols)*pw + float64(cols-1)*s.Gap
	gh := float64(rows)*ph + float64(rows-1)*s.Gap
	top := area.Y + markRoom
	return Grid{Spec: s, Paper: p, Cols: cols, Rows: rows,
		X0: area.CX() - gw/2 + s.Bleed,
		Y0: top + (availH-gh)/2 + s.Bleed,
	}, nil
}

// PerPage is how many pieces one page holds.
func (g Grid) PerPage() int { return g.Cols * g.Rows }

// Cell is the trim box of the i-th piece on a page. On a back page the
// column is mirrored about the page's centre, so that a sheet printed on
// both sides (flipped on the long edge) puts each back behind its front.
func (g Grid) Cell(i int, back bool) Rect {
	s := g.Spec
	col, row := i%g.Cols, i/g.Cols
	r := Rect{
		X: g.X0 + float64(col)*(s.W+2*s.Bleed+s.Gap),
		Y: g.Y0 + float64(row)*(s.H+2*s.Bleed+s.Gap),
		W: s.W, H: s.H,
	}
	if back {
		r.X = g.Paper.W - r.X - r.W
	}
	return r
}

// CropMarks are the thin lines outside the art that show where to cut: one
// pair per distinct cut line, beyond the outermost bleed on each side.
func (g Grid) CropMarks(n int) []Line {
	if n <= 0 {
		return nil
	}
	rows := (n + g.Cols - 1) / g.Cols
	cols := g.Cols
	if n < cols {
		cols = n
	}
	b := g.Spec.Bleed
	first, last := g.Cell(0, false), g.Cell((rows-1)*g.Cols+cols-1, false)
	left, right := first.X-b, last.X+last.W+b
	top, bottom := first.Y-b, last.Y+last.H+b
	var xs, ys []float64
	for c := 0; c < cols; c++ {
		r := g.Cell(c, false)
		xs = appendUnique(xs, r.X, r.X+r.W)
	}
	for rw := 0; rw < rows; rw++ {
		r := g.Cell(rw*g.Cols, false)
		ys = appendUnique(ys, r.Y, r.Y+r.H)
	}
	var out []Line
	for _, x := range xs {
		out = append(out, Line{x, top - markGap - markLen, x, top - markGap}, Line{x, bottom + markGap, x, bottom + markGap + markLen})
	}
	for _, y := range ys {
		out = append(out, Line{left - markGap - markLen, y, left - markGap, y}, Line{right + markGap, y, right + markGap + markLen, y})
	}
	return out
}

func appendUnique(xs []float64, vs ...float64) []float64 {
next:
	for _, v := range vs {
		for _, x := range xs {
			if math.Abs(x-v) < 1e-6 {
				continue next
			}
		}
		xs = append(xs, v)
	}
	return xs
}

// piece is one thing to cut out: its front, and its back (nil when the
// back is blank).
type piece struct {
	front, back func(d *Doc, r Rect)
}

// Placement records where a piece's trim box went, so tests can measure
// what was drawn.
type Placement struct {
	Page  int
	Kind  string
	Back  bool
	Trim  Rect
	Bleed float64
	Clip  Rect   // where its art may reach: the trim box and its bleed, never across a fold
	Marks []Line // the page's crop marks (fronts only)
}

// layPieces lays pieces out on as many pages as they need. Double-sided:
// a page of fronts, then a page of their backs at mirrored positions.
// Single-sided: each piece is printed with its back beside it (fold on the
// dashed line), side by side or one above the other, whichever fits more
// on a page.
func (d *Doc) layPieces(kind, caption string, s GridSpec, ps []piece) error {
	return d.layPiecesFold(kind, caption, s, ps, true)
}

// layPiecesFold is layPieces; fold false is for round pieces, whose
// single-sided pairs are cut apart and glued rather than folded.
func (d *Doc) layPiecesFold(kind, caption string, s GridSpec, ps []piece, fold bool) error {
	hasBack := false
	for _, p := range ps {
		hasBack = hasBack || p.back != nil
	}
	pair := hasBack && d.Opt.Single
	g, err := d.Paper.Grid(s)
	stacked := false // a pair's back sits below its front instead of beside it
	if pair {
		wide, tall := s, s
		wide.W, tall.H = 2*s.W, 2*s.H
		gw, errW := d.Paper.Grid(wide)
		gt, errT := d.Paper.Grid(tall)
		switch {
		case errT == nil && (errW != nil || gt.PerPage() > gw.PerPage()):
			g, err, stacked = gt, nil, true
		default:
			g, err = gw, errW
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", kind, err)
	}
	per := g.PerPage()
	pages := (len(ps) + per - 1) / per
	for pg := 0; pg < pages; pg++ {
		chunk := ps[pg*per : min(len(ps), (pg+1)*per)]
		how := "cut on the crop marks"
		switch {
		case pair && fold:
			how = "cut on the crop marks, fold on the dashed line, glue back to back"
		case pair && stacked:
			how = "cut out each piece and glue its back (below) behind its front (above)"
		case pair:
			how = "cut out each piece and glue its back (right) behind its front (left)"
		case hasBack:
			how = "print double-sided (flip on long edge); cut on the crop marks"
		}
		d.AddPage()
		d.caption(fmt.Sprintf("%s – page %d of %d – %s", caption, pg+1, pages, how))
		marks := g.CropMarks(len(chunk))
		d.cropMarks(marks)
		for i, p := range chunk {
			r := g.Cell(i, false)
			if pair {
				d.drawPair(r, s, p, kind, stacked, fold, marks)
				continue
			}
			d.drawPiece(r, r.Inset(-s.Bleed), s.Bleed, false, p.front, kind, false, marks)
		}
		if hasBack && !pair {
			d.AddPage()
			d.caption(fmt.Sprintf("%s – backs of page %d", caption, pg+1))
			for i, p := range chunk {
				r := g.Cell(i, true)
				d.drawPiece(r, r.Inset(-s.Bleed), s.Bleed, false, p.back, kind, true, nil)
			}
		}
	}
	return d.Error()
}

// drawPair draws a piece and its back joined on the fold. Neither side's
// bleed crosses the fold. A back below its front is drawn upside down, so
// that it reads upright once folded under and the piece is turned over.
func (d *Doc) drawPair(r Rect, s GridSpec, p piece, kind string, stacked, fold bool, marks []Line) {
	b := s.Bleed
	f := Rect{r.X, r.Y, s.W, s.H}
	if stacked {
		k := Rect{r.X, r.Y + s.H, s.W, s.H}
		d.drawPiece(f, Rect{f.X - b, f.Y - b, f.W + 2*b, f.H + b}, b, false, p.front, kind, false, marks)
		d.drawPiece(k, Rect{k.X - b, k.Y, k.W + 2*b, k.H + b}, b, true, p.back, kind, true, marks)
		if fold {
			d.foldLineH(r.Y+s.H, r.X-b, r.X+r.W+b)
		}
		return
	}
	k := Rect{r.X + s.W, r.Y, s.W, s.H}
	d.drawPiece(f, Rect{f.X - b, f.Y - b, f.W + b, f.H + 2*b}, b, false, p.front, kind, false, marks)
	d.drawPiece(k, Rect{k.X, k.Y - b, k.W + b, k.H + 2*b}, b, false, p.back, kind, true, marks)
	if fold {
		d.foldLine(r.X+s.W, r.Y-b, r.Y+r.H+b)
	}
}

// drawPiece draws one side of a piece with its art clipped to clip (the
// trim box and its bleed), turned half round when upside is true.
func (d *Doc) drawPiece(r, clip Rect, bleed float64, upside bool, draw func(*Doc, Rect), kind string, back bool, marks []Line) {
	d.Placed = append(d.Placed, Placement{Page: d.PageNo(), Kind: kind, Back: back, Trim: r, Bleed: bleed, Marks: marks, Clip: clip})
	if draw == nil {
		return
	}
	d.ClipRect(clip.X, clip.Y, clip.W, clip.H, false)
	if upside {
		d.TransformBegin()
		d.TransformRotate(180, r.CX(), r.CY())
	}
	d.bleed = bleed
	draw(d, r)
	d.bleed = 0
	if upside {
		d.TransformEnd()
	}
	d.ClipEnd()
	d.resetStyle()
}

// placed records a part drawn outside a grid (a die net, a pawn) with its
// label, so that tests can check nothing overlaps it.
func (d *Doc) placed(kind string, r Rect) {
	d.Placed = append(d.Placed, Placement{Page: d.PageNo(), Kind: kind, Trim: r, Clip: r})
}

func (d *Doc) cropMarks(ls []Line) {
	d.SetDrawColor(0, 0, 0)
	d.SetLineWidth(markWidth)
	d.SetDashPattern(nil, 0)
	for _, l := range ls {
		d.Line(l.X1, l.Y1, l.X2, l.Y2)
	}
}

// foldLineH marks a horizontal fold at y, outside the art on both sides.
func (d *Doc) foldLineH(y, x1, x2 float64) {
	d.SetDrawColor(120, 120, 120)
	d.SetLineWidth(markWidth)
	d.SetDashPattern([]float64{1.5, 1.5}, 0)
	d.Line(x1-markGap-markLen, y, x1-markGap, y)
	d.Line(x2+markGap, y, x2+markGap+markLen, y)
	d.SetDashPattern(nil, 0)
}

func (d *Doc) foldLine(x, y1, y2 float64) {
	d.SetDrawColor(120, 120, 120)
	d.SetLineWidth(markWidth)
	d.SetDashPattern([]float64{1.5, 1.5}, 0)
	d.Line(x, y1-markGap-markLen, x, y1-markGap)
	d.Line(x, y2+markGap, x, y2+markGap+markLen)
	d.SetDashPattern(nil, 0)
}

// caption writes a small line of instructions in the page's header band.
func (d *Doc) caption(s string) {
	d.SetTextColor(80, 80, 80)
	d.fit(Rect{Margin, Margin, d.Paper.W - 2*Margin, captionH - 1}, 7.5, "", "C", s)
	d.resetStyle()
}
