package printables

import "math"

// coverCell is the coverage raster's cell, in mm.
const coverCell = 0.5

// coverage is one page's ink as a raster of small cells, each holding how
// much of it prints (0 to 255). Fills are sampled at cell centres and a
// white fill clears what is under it, as on paper; strokes add their width's
// share of a cell; text counts a quarter of its line's box.
type coverage struct {
	cols, rows int
	v          []uint8
}

func newCoverage(w, h float64) *coverage {
	c := &coverage{cols: int(math.Ceil(w / coverCell)), rows: int(math.Ceil(h / coverCell))}
	c.v = make([]uint8, c.cols*c.rows)
	return c
}

// share is the part of the page's area that prints, 0 to 1.
func (c *coverage) share() float64 {
	sum := 0
	for _, v := range c.v {
		sum += int(v)
	}
	return float64(sum) / 255 / float64(len(c.v))
}

// paintPoly fills a polygon (even-odd) inside clip with v (0 to 1): over
// replaces what is there (a fill), otherwise the larger value stays (text).
func (c *coverage) paintPoly(clip Rect, ps []pt, v float64, over bool) {
	if len(ps) < 3 {
		return
	}
	b := intersect(bounds(ps), clip)
	if b.W <= 0 || b.H <= 0 {
		return
	}
	val := uint8(math.Round(v * 255))
	r0, r1 := c.span(b.Y, b.Y+b.H, c.rows)
	xs := make([]float64, 0, 8)
	for r := r0; r < r1; r++ {
		y := (float64(r) + 0.5) * coverCell
		xs = xs[:0]
		for i := range ps {
			p, q := ps[i], ps[(i+1)%len(ps)]
			if (p.y <= y) != (q.y <= y) {
				xs = append(xs, p.x+(y-p.y)*(q.x-p.x)/(q.y-p.y))
			}
		}
		sortFloats(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			lo, hi := math.Max(xs[i], b.X), math.Min(xs[i+1], b.X+b.W)
			c0, c1 := c.span(lo, hi, c.cols)
			row := c.v[r*c.cols:]
			for k := c0; k < c1; k++ {
				if over || row[k] < val {
					row[k] = val
				}
			}
		}
	}
}

// span is the cells whose centres lie in [a, b).
func (c *coverage) span(a, b float64, n int) (int, int) {
	lo := int(math.Ceil(a/coverCell - 0.5))
	hi := int(math.Ceil(b/coverCell - 0.5))
	return max(0, lo), min(n, hi)
}

// paintLine adds a stroke w mm wide: each cell it passes gains the
// stroke's share of a cell's width.
func (c *coverage) paintLine(clip Rect, p, q pt, w float64) {
	add := uint8(math.Round(math.Min(1, math.Max(w, 0.05)/coverCell) * 255))
	n := int(math.Hypot(q.x-p.x, q.y-p.y)/coverCell) + 1
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		x, y := p.x+(q.x-p.x)*t, p.y+(q.y-p.y)*t
		if x < clip.X || y < clip.Y || x > clip.X+clip.W || y > clip.Y+clip.H {
			continue
		}
		col, row := int(x/coverCell), int(y/coverCell)
		if col < 0 || row < 0 || col >= c.cols || row >= c.rows {
			continue
		}
		if k := row*c.cols + col; c.v[k] < add {
			c.v[k] = add
		}
	}
}

// sortFloats is an insertion sort: a scanline crosses few edges.
func sortFloats(xs []float64) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}
