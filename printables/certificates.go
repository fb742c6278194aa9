package printables

import (
	"fmt"

	"tableside/engine/acquire"
)

// Certificate size, mm: three across on both papers with bleed.
const (
	CertW = 56.0
	CertH = 36.0
)

var certSpec = GridSpec{W: CertW, H: CertH, Bleed: Bleed}

func drawCertificates(d *Doc) error {
	cs, err := acquire.Companies(d.Opt.Names)
	if err != nil {
		return err
	}
	return d.certificates(cs)
}

// certificates lays out every certificate of the given companies.
func (d *Doc) certificates(cs []acquire.Company) error {
	var ps []piece
	for _, c := range cs {
		for n := 1; n <= acquire.Certificates; n++ {
			c, n := c, n
			ps = append(ps, piece{front: func(d *Doc, r Rect) { d.certificate(c, n, r) }})
		}
	}
	return d.layPieces("certificate", "Stock certificates ("+string(d.Opt.Names)+" names)", certSpec, ps)
}

func (d *Doc) certificate(c acquire.Company, n int, r Rect) {
	col := Hex(c.Colour)
	in := r.Inset(2.5)
	if d.saver() {
		// A thin frame in the company's colour instead of the full-bleed
		// field, and a rule over the footer instead of its tinted band.
		d.stroke(col)
		d.SetLineWidth(0.5)
		d.roundRect(in.X, in.Y, in.W, in.H, 2, "1234", "D")
		d.SetLineWidth(0.2)
		d.Line(in.X, in.Y+in.H-6, in.X+in.W, in.Y+in.H-6)
	} else {
		d.bleedFill(r, col)
		d.fill(white)
		d.stroke(white)
		d.roundRect(in.X, in.Y, in.W, in.H, 2, "1234", "F")
		d.fill(col.Tint(0.8))
		d.Rect(in.X, in.Y+in.H-6, in.W, 6-0.01, "F")
	}
	d.badge(c.Letter, in.X+8, in.Y+11, 12, col)
	d.ink(black)
	d.fit(Rect{in.X + 16, in.Y + 2, in.W - 18, 7}, 11, "B", "L", c.Name)
	d.fit(Rect{in.X + 16, in.Y + 9, in.W - 18, 5}, 7.5, "", "L", "One share of stock")
	d.fit(Rect{in.X + 16, in.Y + 14, in.W - 18, 4}, 6.5, "", "L", fmt.Sprintf("%s tier", c.Tier))
	d.ink(grey)
	d.fit(Rect{in.X + 2, in.Y + in.H - 6, in.W / 2, 6}, 6, "", "L", "Cold Cash Risk")
	d.fit(Rect{in.X + in.W/2, in.Y + in.H - 6, in.W/2 - 2, 6}, 6, "", "R", fmt.Sprintf("No. %d of %d", n, acquire.Certificates))
}
