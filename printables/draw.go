package printables

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"
)

// RGB is a colour.
type RGB struct{ R, G, B int }

// Hex reads "#RRGGBB"; anything unreadable is black.
func Hex(s string) RGB {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(strings.TrimPrefix(s, "#")) != 6 {
		return RGB{}
	}
	return RGB{int(v >> 16 & 255), int(v >> 8 & 255), int(v & 255)}
}

// Tint mixes the colour with white: f=0 is the colour, f=1 white.
func (c RGB) Tint(f float64) RGB {
	mix := func(v int) int { return int(math.Round(float64(v) + (255-float64(v))*f)) }
	return RGB{mix(c.R), mix(c.G), mix(c.B)}
}

// Dark reports whether white text reads better on this colour.
func (c RGB) Dark() bool { return 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) < 150 }

var (
	black = RGB{0, 0, 0}
	white = RGB{255, 255, 255}
	grey  = RGB{110, 110, 110}
	light = RGB{235, 235, 235}
)

func (d *Doc) fill(c RGB)   { d.SetFillColor(c.R, c.G, c.B) }
func (d *Doc) stroke(c RGB) { d.SetDrawColor(c.R, c.G, c.B) }
func (d *Doc) ink(c RGB)    { d.SetTextColor(c.R, c.G, c.B) }

func (d *Doc) resetStyle() {
	d.fill(white)
	d.stroke(black)
	d.ink(black)
	d.SetLineWidth(0.2)
	d.SetDashPattern(nil, 0)
	d.SetFont(family, "", 10)
}

// saver reports whether this sheet prints light: colour only in thin
// outlines, badges and symbols, white fills.
func (d *Doc) saver() bool { return d.Opt.InkSaver && d.sheet.Colour }

// fits refuses a page whose content ran into the footer band above the
// bottom margin, so that a longer text or a smaller paper is caught by
// tests instead of clipped by a printer.
func (d *Doc) fits(what string, y float64) error {
	if bottom := d.Paper.H - Margin - footerH; y > bottom+0.01 {
		return fmt.Errorf("%s runs to %.1f mm, past the footer at %.1f mm on %s", what, y, bottom, d.Paper.Name)
	}
	return nil
}

// footers names the game, the sheet, the paper and the page at the foot of
// every page, once the page count is known.
func (d *Doc) footers() {
	n := d.PageCount()
	ink := ""
	if d.Opt.InkSaver && d.sheet.Colour {
		ink = " · ink saver"
	}
	for p := 1; p <= n; p++ {
		d.SetPage(p)
		// Going back to a page, fpdf would skip a font or colour it thinks
		// is already set: set others first so that both are written.
		d.SetFont(family, "B", 1)
		d.SetFillColor(white.R, white.G, white.B)
		d.SetTextColor(80, 80, 80)
		d.SetFont(family, "", 6)
		s := fmt.Sprintf("%s · %s · %s · page %d of %d%s", d.sheet.Game, d.sheet.Title, d.Paper.Label(), p, n, ink)
		d.cell(Rect{Margin, d.Paper.H - Margin - footerH, d.Paper.W - 2*Margin, footerH}, "C", sanitise(s))
	}
	d.resetStyle()
}

// bleedFill fills a piece's trim box and its bleed with a colour.
func (d *Doc) bleedFill(r Rect, c RGB) {
	b := r.Inset(-d.bleed)
	d.fill(c)
	d.Rect(b.X, b.Y, b.W, b.H, "F")
}

// box draws a rectangle: style "F", "D" or "FD".
func (d *Doc) box(r Rect, style string) { d.Rect(r.X, r.Y, r.W, r.H, style) }

// fit writes one line of text in a box, shrinking the font until it fits.
// align: "L", "C" or "R" (vertical centring always).
func (d *Doc) fit(r Rect, size float64, style, align, s string) {
	s = sanitise(s)
	d.SetFont(family, style, size)
	for size > 4 && d.GetStringWidth(s) > r.W {
		size -= 0.5
		d.SetFont(family, style, size)
	}
	d.cell(r, align, s)
}

// cell writes one line in a box with the current font, centred vertically
// and aligned "L", "C" or "R" a cell margin in from the box's sides: the
// placement fpdf's CellFormat used, so that the sheets look as they did.
func (d *Doc) cell(r Rect, align, s string) {
	if s == "" {
		return
	}
	dx := cellMargin
	switch align {
	case "R":
		dx = r.W - cellMargin - d.GetStringWidth(s)
	case "C":
		dx = (r.W - d.GetStringWidth(s)) / 2
	}
	d.Text(r.X+dx, r.Y+r.H/2+0.3*d.fontSize, s)
}

// para writes wrapped text from (x, y) in a column w wide and returns the y
// below it. Lines are size*0.45 mm apart (about 1.3 line spacing).
func (d *Doc) para(x, y, w, size float64, style, s string) float64 {
	d.SetFont(family, style, size)
	lh := size * 0.45
	lines := d.wrap(sanitise(s), w)
	for i, l := range lines {
		d.cell(Rect{x, y + float64(i)*lh, w, lh}, "L", l)
	}
	return y + float64(len(lines))*lh
}

// wrap breaks text into lines that fit a column w wide with the current
// font, breaking at spaces (and inside a word too long for a line) and at
// newlines: fpdf's MultiCell rule, measured in the font's own units.
func (d *Doc) wrap(s string, w float64) []string {
	wmax := int(math.Ceil((w - 2*cellMargin) * 1000 / d.fontSize))
	rs := []rune(strings.ReplaceAll(s, "\r", ""))
	for len(rs) > 0 && rs[len(rs)-1] == '\n' {
		rs = rs[:len(rs)-1]
	}
	var out []string
	sep, i, j, l := -1, 0, 0, 0
	for i < len(rs) {
		c := rs[i]
		if c == '\n' {
			out = append(out, string(rs[j:i]))
			i++
			sep, j, l = -1, i, 0
			continue
		}
		if c == ' ' {
			sep = i
		}
		l += d.GetStringSymbolWidth(string(c))
		if l <= wmax {
			i++
			continue
		}
		if sep == -1 {
			if i == j {
				i++
			}
			out = append(out, string(rs[j:i]))
		} else {
			out = append(out, string(rs[j:sep]))
			i = sep + 1
		}
		sep, j, l = -1, i, 0
	}
	return append(out, string(rs[j:i]))
}

// heading writes a bold heading and returns the y below it.
func (d *Doc) heading(x, y, w, size float64, s string) float64 {
	d.SetFont(family, "B", size)
	d.cell(Rect{x, y, w, size * 0.5}, "L", sanitise(s))
	return y + size*0.5 + 1
}

// table draws rows of cells with column widths ws; the first row is a
// header on a shaded band. It returns the y below the table.
func (d *Doc) table(x, y float64, ws []float64, rowH, size float64, rows [][]string, aligns string) float64 {
	for i, row := range rows {
		cx := x
		style := ""
		if i == 0 {
			style = "B"
			d.fill(light)
			total := 0.0
			for _, w := range ws {
				total += w
			}
			d.Rect(x, y, total, rowH, "F")
		}
		for j, cell := range row {
			a := "L"
			if j < len(aligns) {
				a = aligns[j : j+1]
			}
			d.fit(Rect{cx + 0.8, y, ws[j] - 1.6, rowH}, size, style, a, cell)
			cx += ws[j]
		}
		d.stroke(RGB{190, 190, 190})
		d.SetLineWidth(0.1)
		d.Line(x, y+rowH, cx, y+rowH)
		y += rowH
	}
	d.resetStyle()
	return y
}

// poly fills a polygon given in unit coordinates (x right, y down, about
// -1..1) centred on (cx, cy) and scaled by s.
func (d *Doc) poly(cx, cy, s float64, pts [][2]float64, style string) {
	ps := make([]fpdf.PointType, len(pts))
	for i, p := range pts {
		ps[i] = fpdf.PointType{X: cx + p[0]*s, Y: cy + p[1]*s}
	}
	d.Polygon(ps, style)
}

// arc returns n+1 points on an ellipse arc (unit coordinates), from angle
// a0 to a1 in degrees (0 = right, 90 = down).
func arc(ox, oy, rx, ry, a0, a1 float64, n int) [][2]float64 {
	out := make([][2]float64, 0, n+1)
	for i := 0; i <= n; i++ {
		a := (a0 + (a1-a0)*float64(i)/float64(n)) * math.Pi / 180
		out = append(out, [2]float64{ox + rx*math.Cos(a), oy + ry*math.Sin(a)})
	}
	return out
}

// roundRect draws a rectangle whose listed corners ("1" top-left, "2"
// top-right, "3" bottom-right, "4" bottom-left) are rounded with radius r.
// (fpdf's own RoundedRect leaves a graphics state open, which breaks
// clipping, so it is never used.)
func (d *Doc) roundRect(x, y, w, h, r float64, corners, style string) {
	var pts []fpdf.PointType
	corner := func(has string, cx, cy, a0 float64, px, py float64) {
		if !strings.Contains(corners, has) {
			pts = append(pts, fpdf.PointType{X: px, Y: py})
			return
		}
		for i := 0; i <= 8; i++ {
			a := (a0 + 90*float64(i)/8) * math.Pi / 180
			pts = append(pts, fpdf.PointType{X: cx + r*math.Cos(a), Y: cy + r*math.Sin(a)})
		}
	}
	corner("1", x+r, y+r, 180, x, y)
	corner("2", x+w-r, y+r, 270, x+w, y)
	corner("3", x+w-r, y+h-r, 0, x+w, y+h)
	corner("4", x+r, y+h-r, 90, x, y+h)
	d.Polygon(pts, style)
}
