package printables

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"
)

// svgCanvas is the preview back end: it writes the first page as SVG and
// measures every page's ink (coverage) from the shapes drawn. Text is
// measured with the embedded fonts' own widths (glyphWidths), so wrapping
// and alignment are exactly the PDF's.
type svgCanvas struct {
	w, h   float64
	page   int
	pages  int
	fill   RGB
	stroke RGB
	text   RGB
	lw     float64
	dash   []float64
	style  string
	size   float64 // font size in mm
	widths []uint16

	body  bytes.Buffer // page 1's elements
	clips int          // clip paths written so far, for their ids
	open  []int        // groups each TransformBegin or ClipRect opened
	mat   affine
	mats  []affine
	clip  Rect
	clipz []Rect
	cover []*coverage
	named []Named // page 1's text, where it was placed
	// outside lists text that runs into the printer's margin, on any page.
	outside []string
	err     error
}

// Named is one piece of text as a back end placed it: its baseline's left
// end and its width, in mm. The same-layout test compares these with the
// words pdftotext reads back from the PDF.
type Named struct {
	Text    string
	X, Y, W float64
	Size    float64 // font size in mm
	Style   string  // "" or "B"
}

func newSVGCanvas(p Paper) *svgCanvas {
	return &svgCanvas{w: p.W, h: p.H, lw: 0.2, widths: glyphWidths()[""], mat: identity, text: black, stroke: black, fill: white,
		clip: Rect{0, 0, p.W, p.H}}
}

// affine is a 2-D transform: x' = a*x + c*y + e, y' = b*x + d*y + f.
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{1, 0, 0, 1, 0, 0}

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

// then is m followed by n.
func (m affine) then(n affine) affine {
	return affine{
		a: n.a*m.a + n.c*m.b, b: n.b*m.a + n.d*m.b,
		c: n.a*m.c + n.c*m.d, d: n.b*m.c + n.d*m.d,
		e: n.a*m.e + n.c*m.f + n.e, f: n.b*m.e + n.d*m.f + n.f,
	}
}

func (s *svgCanvas) on() bool { return s.page == 1 }

func (s *svgCanvas) AddPage() {
	s.pages++
	s.page = s.pages
	s.cover = append(s.cover, newCoverage(s.w, s.h))
}

func (s *svgCanvas) PageNo() int    { return s.page }
func (s *svgCanvas) PageCount() int { return s.pages }
func (s *svgCanvas) SetPage(n int) {
	if n > 0 && n <= s.pages {
		s.page = n
	}
}
func (s *svgCanvas) SetFillColor(r, g, b int)              { s.fill = RGB{r, g, b} }
func (s *svgCanvas) SetDrawColor(r, g, b int)              { s.stroke = RGB{r, g, b} }
func (s *svgCanvas) SetTextColor(r, g, b int)              { s.text = RGB{r, g, b} }
func (s *svgCanvas) SetLineWidth(w float64)                { s.lw = w }
func (s *svgCanvas) SetDashPattern(d []float64, _ float64) { s.dash = append([]float64(nil), d...) }
func (s *svgCanvas) SetError(err error) {
	if s.err == nil {
		s.err = err
	}
}
func (s *svgCanvas) Error() error { return s.err }

func (s *svgCanvas) SetFont(_, style string, size float64) {
	s.style, s.size = style, size/ptPerMM
	if s.widths = glyphWidths()[style]; s.widths == nil {
		s.style, s.widths = "", glyphWidths()[""] // only regular and bold are embedded
	}
}

func (s *svgCanvas) GetStringSymbolWidth(t string) int {
	w := 0
	for _, r := range t {
		if r < 0x10000 {
			w += int(s.widths[r])
		}
	}
	return w
}

func (s *svgCanvas) GetStringWidth(t string) float64 {
	return float64(s.GetStringSymbolWidth(t)) * s.size / 1000
}

func (s *svgCanvas) cov() *coverage {
	if s.page < 1 {
		s.SetError(errors.New("drawing before the first page"))
		return nil
	}
	return s.cover[s.page-1]
}

func (s *svgCanvas) Text(x, y float64, t string) {
	if t == "" {
		return
	}
	w := s.GetStringWidth(t)
	box := s.box(x, y-0.72*s.size, w, 0.72*s.size)
	if b := bounds(box); b.X < Margin-0.05 || b.Y < Margin-0.05 || b.X+b.W > s.w-Margin+0.05 || b.Y+b.H > s.h-Margin+0.05 {
		s.outside = append(s.outside, fmt.Sprintf("page %d: %q at %.1f..%.1f x %.1f..%.1f mm", s.page, t, b.X, b.X+b.W, b.Y, b.Y+b.H))
	}
	if c := s.cov(); c != nil && !s.text.white() {
		// Glyphs cover about a quarter of their line's box.
		c.paintPoly(s.clip, box, 0.25, false)
	}
	if !s.on() {
		return
	}
	s.named = append(s.named, Named{Text: t, X: x, Y: y, W: w, Size: s.size, Style: s.style})
	weight := ""
	if s.style == "B" {
		weight = ` font-weight="bold"`
	}
	fmt.Fprintf(&s.body, `<text x="%s" y="%s" font-size="%s"%s fill="%s" textLength="%s" lengthAdjust="spacingAndGlyphs">%s</text>`+"\n",
		num(x), num(y), num(s.size), weight, s.text.hex(), num(w), html.EscapeString(t))
}

// box is a rectangle's corners through the current transform.
func (s *svgCanvas) box(x, y, w, h float64) []pt {
	return s.through([]pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}})
}

type pt struct{ x, y float64 }

func (s *svgCanvas) through(ps []pt) []pt {
	out := make([]pt, len(ps))
	for i, p := range ps {
		out[i].x, out[i].y = s.mat.apply(p.x, p.y)
	}
	return out
}

// shape paints a closed outline: its fill and stroke on the coverage, and
// writes the element on page 1.
func (s *svgCanvas) shape(outline []pt, style, elem string) {
	fill, draw := strings.Contains(style, "F"), strings.Contains(style, "D") || style == ""
	if c := s.cov(); c != nil {
		ps := s.through(outline)
		if fill {
			c.paintPoly(s.clip, ps, s.fill.ink(), true)
		}
		if draw && !s.stroke.white() {
			for i := range ps {
				c.paintLine(s.clip, ps[i], ps[(i+1)%len(ps)], s.lw)
			}
		}
	}
	if !s.on() {
		return
	}
	s.body.WriteString(elem)
	s.paint(fill, draw)
	s.body.WriteString("/>\n")
}

// paint writes the fill and stroke attributes.
func (s *svgCanvas) paint(fill, draw bool) {
	if fill {
		fmt.Fprintf(&s.body, ` fill="%s"`, s.fill.hex())
	} else {
		s.body.WriteString(` fill="none"`)
	}
	if draw {
		fmt.Fprintf(&s.body, ` stroke="%s" stroke-width="%s"`, s.stroke.hex(), num(s.lw))
		if len(s.dash) > 0 {
			d := make([]string, len(s.dash))
			for i, v := range s.dash {
				d[i] = num(v)
			}
			fmt.Fprintf(&s.body, ` stroke-dasharray="%s"`, strings.Join(d, " "))
		}
	}
}

func (s *svgCanvas) Rect(x, y, w, h float64, style string) {
	s.shape([]pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, style,
		fmt.Sprintf(`<rect x="%s" y="%s" width="%s" height="%s"`, num(x), num(y), num(w), num(h)))
}

func (s *svgCanvas) Circle(x, y, r float64, style string) {
	s.shape(ellipsePts(x, y, r, r, 0), style, fmt.Sprintf(`<circle cx="%s" cy="%s" r="%s"`, num(x), num(y), num(r)))
}

func (s *svgCanvas) Ellipse(x, y, rx, ry, deg float64, style string) {
	s.shape(ellipsePts(x, y, rx, ry, deg), style, fmt.Sprintf(`<ellipse cx="%s" cy="%s" rx="%s" ry="%s" transform="rotate(%s %s %s)"`,
		num(x), num(y), num(rx), num(ry), num(-deg), num(x), num(y)))
}

// ellipsePts approximates an ellipse turned deg counter-clockwise.
func ellipsePts(x, y, rx, ry, deg float64) []pt {
	t := deg * math.Pi / 180
	out := make([]pt, 32)
	for i := range out {
		a := float64(i) * 2 * math.Pi / 32
		ex, ey := rx*math.Cos(a), ry*math.Sin(a)
		out[i] = pt{x + ex*math.Cos(t) + ey*math.Sin(t), y - ex*math.Sin(t) + ey*math.Cos(t)}
	}
	return out
}

func (s *svgCanvas) Polygon(points []fpdf.PointType, style string) {
	ps := make([]pt, len(points))
	var b strings.Builder
	for i, p := range points {
		ps[i] = pt{p.X, p.Y}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.X) + "," + num(p.Y))
	}
	s.shape(ps, style, fmt.Sprintf(`<polygon points="%s"`, b.String()))
}

func (s *svgCanvas) Line(x1, y1, x2, y2 float64) {
	if c := s.cov(); c != nil && !s.stroke.white() {
		ps := s.through([]pt{{x1, y1}, {x2, y2}})
		c.paintLine(s.clip, ps[0], ps[1], s.lw)
	}
	if !s.on() {
		return
	}
	fmt.Fprintf(&s.body, `<line x1="%s" y1="%s" x2="%s" y2="%s"`, num(x1), num(y1), num(x2), num(y2))
	s.paint(false, true)
	s.body.WriteString("/>\n")
}

func (s *svgCanvas) ClipRect(x, y, w, h float64, _ bool) {
	s.clipz = append(s.clipz, s.clip)
	s.clip = intersect(s.clip, bounds(s.box(x, y, w, h)))
	s.open = append(s.open, 1)
	if !s.on() {
		return
	}
	s.clips++
	fmt.Fprintf(&s.body, `<clipPath id="c%d"><rect x="%s" y="%s" width="%s" height="%s"/></clipPath><g clip-path="url(#c%d)">`+"\n",
		s.clips, num(x), num(y), num(w), num(h), s.clips)
}

func (s *svgCanvas) ClipEnd() {
	if clip, ok := pop(s, &s.clipz, "clip"); ok {
		s.clip = clip
		s.closeGroups()
	}
}

// pop takes the newest saved value off stack, for the end of a clip or a
// transform; an end without its begin is the drawing's error.
func pop[T any](s *svgCanvas, stack *[]T, what string) (T, bool) {
	n := len(*stack)
	if n == 0 {
		var none T
		s.SetError(fmt.Errorf("%s ended without a %s", what, what))
		return none, false
	}
	top := (*stack)[n-1]
	*stack = (*stack)[:n-1]
	return top, true
}

func (s *svgCanvas) TransformBegin() {
	s.mats = append(s.mats, s.mat)
	s.open = append(s.open, 0)
}

func (s *svgCanvas) TransformRotate(angle, x, y float64) {
	t := angle * math.Pi / 180
	cos, sin := math.Cos(t), math.Sin(t)
	// Counter-clockwise on the page (y down), about (x, y).
	r := affine{a: cos, b: -sin, c: sin, d: cos, e: x - cos*x - sin*y, f: y + sin*x - cos*y}
	s.mat = r.then(s.mat)
	if len(s.open) > 0 {
		s.open[len(s.open)-1]++
	}
	if s.on() {
		fmt.Fprintf(&s.body, `<g transform="rotate(%s %s %s)">`+"\n", num(-angle), num(x), num(y))
	}
}

func (s *svgCanvas) TransformEnd() {
	if mat, ok := pop(s, &s.mats, "transform"); ok {
		s.mat = mat
		s.closeGroups()
	}
}

func (s *svgCanvas) closeGroups() {
	if len(s.open) == 0 {
		return
	}
	n := s.open[len(s.open)-1]
	s.open = s.open[:len(s.open)-1]
	if s.on() {
		s.body.WriteString(strings.Repeat("</g>\n", n))
	}
}

// svg is page 1 as a standalone SVG document, width in mm.
func (s *svgCanvas) svg() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%smm" height="%smm" font-family="DejaVu Sans, Verdana, sans-serif" stroke-linecap="round">`+"\n",
		num(s.w), num(s.h), num(s.w), num(s.h))
	fmt.Fprintf(&b, `<rect width="%s" height="%s" fill="#ffffff"/>`+"\n", num(s.w), num(s.h))
	b.Write(s.body.Bytes())
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// num writes a length with at most two decimals, as the PDF does.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

func (c RGB) hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// white reports whether the colour prints no ink.
func (c RGB) white() bool { return c.R >= 250 && c.G >= 250 && c.B >= 250 }

// ink is how much of a filled area prints: all of it, or none for white.
func (c RGB) ink() float64 {
	if c.white() {
		return 0
	}
	return 1
}

func bounds(ps []pt) Rect {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range ps {
		x0, y0, x1, y1 = math.Min(x0, p.x), math.Min(y0, p.y), math.Max(x1, p.x), math.Max(y1, p.y)
	}
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

func intersect(a, b Rect) Rect {
	x0, y0 := math.Max(a.X, b.X), math.Max(a.Y, b.Y)
	x1, y1 := math.Min(a.X+a.W, b.X+b.W), math.Min(a.Y+a.H, b.Y+b.H)
	return Rect{x0, y0, math.Max(0, x1-x0), math.Max(0, y1-y0)}
}
