package printables

import (
	"sync"

	"github.com/go-pdf/fpdf"
)

// Canvas is what a sheet draws on: pages of shapes and text, in mm from
// the top-left corner. It is the subset of fpdf's drawing methods the
// layouts use, with fpdf's own signatures, so *fpdf.Fpdf is the PDF back
// end as it is, and svgCanvas (the previews) is the other: both draw from
// the one layout, so a preview cannot drift from its PDF.
//
// Text is placed only with Text (a baseline point); wrapping and alignment
// are done by Doc (wrap, fit, para) with the font's own glyph widths, the
// same for both back ends.
type Canvas interface {
	AddPage()
	PageNo() int
	PageCount() int
	SetPage(n int)
	SetFillColor(r, g, b int)
	SetDrawColor(r, g, b int)
	SetTextColor(r, g, b int)
	SetLineWidth(w float64)
	SetDashPattern(dash []float64, phase float64)
	SetFont(family, style string, size float64)
	GetStringSymbolWidth(s string) int
	GetStringWidth(s string) float64
	Text(x, y float64, s string)
	Rect(x, y, w, h float64, style string)
	Circle(x, y, r float64, style string)
	Ellipse(x, y, rx, ry, deg float64, style string)
	Line(x1, y1, x2, y2 float64)
	Polygon(points []fpdf.PointType, style string)
	ClipRect(x, y, w, h float64, outline bool)
	ClipEnd()
	TransformBegin()
	TransformRotate(angle, x, y float64)
	TransformEnd()
	SetError(err error)
	Error() error
}

var _ Canvas = (*fpdf.Fpdf)(nil)

// cellMargin is fpdf's default cell margin in mm (a tenth of its default
// 1 cm page margin): text in a left- or right-aligned box keeps this far
// from the box's edge, as fpdf's CellFormat placed it before the layouts
// drew through Canvas.
const cellMargin = 1.0

// ptPerMM converts font sizes in points to mm.
const ptPerMM = 72 / 25.4

// glyphWidths are the embedded fonts' advance widths (1/1000 em) for every
// drawable rune, read once from fpdf's own parse of the fonts, so that the
// SVG back end measures text exactly as the PDF does without parsing the
// fonts again for every preview.
var glyphWidths = sync.OnceValue(func() map[string][]uint16 {
	f := fpdf.New("P", "mm", "A4", "")
	f.AddUTF8FontFromBytes(family, "", fontRegular)
	f.AddUTF8FontFromBytes(family, "B", fontBold)
	out := map[string][]uint16{}
	for _, style := range []string{"", "B"} {
		f.SetFont(family, style, 10)
		w := make([]uint16, 0x10000)
		for r := rune(0); r < 0x10000; r++ {
			if Drawable(r) || r == ' ' {
				w[r] = uint16(f.GetStringSymbolWidth(string(r)))
			}
		}
		out[style] = w
	}
	return out
})
