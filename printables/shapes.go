package printables

import (
	"math"

	"tableside/engine/piecepack"
	"tableside/engine/risk"
)

// Suit is one of the piecepack's four suits.
type Suit int

// The four suits in the piecepack's usual order.
const (
	Suns Suit = iota
	Moons
	Crowns
	Arms
)

// Suits lists them in order.
var Suits = []Suit{Suns, Moons, Crowns, Arms}

func (s Suit) String() string { return piecepack.Suits[s].Name }

// Colour is the suit's ink: Suns red, Moons black, Crowns green, Arms blue.
func (s Suit) Colour() RGB {
	return [...]RGB{{200, 30, 30}, {20, 20, 20}, {20, 130, 60}, {25, 75, 175}}[s]
}

// drawSuit draws the suit's symbol as vector shapes, centred on (cx, cy),
// about size mm tall, in colour c.
func (d *Doc) drawSuit(s Suit, cx, cy, size float64, c RGB) {
	d.fill(c)
	d.stroke(c)
	r := size / 2
	switch s {
	case Suns:
		d.Circle(cx, cy, r*0.55, "F")
		for i := 0; i < 8; i++ {
			a := float64(i) * math.Pi / 4
			b := a + math.Pi/8
			e := a - math.Pi/8
			d.poly(cx, cy, r, [][2]float64{
				{0.66 * math.Cos(e), 0.66 * math.Sin(e)},
				{math.Cos(a), math.Sin(a)},
				{0.66 * math.Cos(b), 0.66 * math.Sin(b)},
			}, "F")
		}
	case Moons:
		// A crescent: the outer circle's left part, back along an inner
		// circle shifted right.
		pts := arc(0, 0, 0.95, 0.95, 60, 300, 40)
		inner := arc(0.42, 0, 0.78, 0.78, -75, -285, 40)
		d.poly(cx, cy, r, append(pts, inner...), "F")
	case Crowns:
		d.poly(cx, cy, r, [][2]float64{
			{-0.9, 0.55}, {-0.95, -0.45}, {-0.5, 0.05}, {0, -0.75}, {0.5, 0.05}, {0.95, -0.45}, {0.9, 0.55},
		}, "F")
		d.Rect(cx-0.9*r, cy+0.62*r, 1.8*r, 0.28*r, "F")
		for _, p := range [][2]float64{{-0.95, -0.45}, {0, -0.75}, {0.95, -0.45}} {
			d.Circle(cx+p[0]*r, cy+p[1]*r-0.1*r, 0.12*r, "F")
		}
	case Arms:
		d.fleur(cx, cy, r)
	}
}

// fleur draws a fleur-de-lis, the Arms suit, within radius r.
func (d *Doc) fleur(cx, cy, r float64) {
	// Centre petal: a pointed lens.
	centre := append(arc(0.55, -0.2, 0.55, 0.78, 180, 250, 12), arc(-0.55, -0.2, 0.55, 0.78, 290, 360, 12)...)
	d.poly(cx, cy, r, append(centre, [2]float64{0, 0.25}), "F")
	// Side petals curl outwards and down.
	for _, sx := range []float64{-1, 1} {
		pts := [][2]float64{{0.12 * sx, 0.2}, {0.3 * sx, -0.25}, {0.55 * sx, -0.5}, {0.82 * sx, -0.5}, {0.95 * sx, -0.3},
			{0.9 * sx, -0.08}, {0.75 * sx, 0.02}, {0.7 * sx, -0.18}, {0.55 * sx, -0.22}, {0.42 * sx, -0.05}, {0.38 * sx, 0.2}}
		d.poly(cx, cy, r, pts, "F")
	}
	// The band and the foot.
	d.Rect(cx-0.5*r, cy+0.2*r, 1.0*r, 0.18*r, "F")
	d.poly(cx, cy, r, [][2]float64{{-0.1, 0.38}, {0.1, 0.38}, {0.3, 0.95}, {0, 0.75}, {-0.3, 0.95}}, "F")
}

// drawTroop draws the troop symbol as vector shapes centred on (cx, cy).
func (d *Doc) drawTroop(t risk.Symbol, cx, cy, size float64, c RGB) {
	d.fill(c)
	d.stroke(c)
	r := size / 2
	switch t {
	case risk.Infantry:
		d.Circle(cx, cy-0.72*r, 0.2*r, "F") // head
		d.poly(cx, cy, r, [][2]float64{{-0.3, -0.48}, {0.3, -0.48}, {0.36, 0.15}, {0.22, 0.15}, {0.2, 0.95}, {0.04, 0.95},
			{0, 0.3}, {-0.04, 0.95}, {-0.2, 0.95}, {-0.22, 0.15}, {-0.36, 0.15}}, "F")
		// rifle on the shoulder
		d.poly(cx, cy, r, [][2]float64{{0.38, -0.95}, {0.46, -0.95}, {0.46, 0.2}, {0.38, 0.2}}, "F")
	case risk.Cavalry:
		// a horse's head and neck
		d.poly(cx, cy, r, [][2]float64{{-0.1, -0.9}, {0.05, -0.7}, {0.25, -0.62}, {0.75, -0.15}, {0.85, 0.05}, {0.75, 0.2},
			{0.55, 0.15}, {0.25, 0.02}, {0.15, 0.3}, {0.35, 0.95}, {-0.55, 0.95}, {-0.5, 0.2}, {-0.35, -0.5}, {-0.2, -0.72}}, "F")
		d.fill(white)
		d.Circle(cx+0.25*r, cy-0.35*r, 0.07*r, "F")
	case risk.Artillery:
		// a cannon: barrel, carriage, wheel
		d.TransformBegin()
		d.TransformRotate(20, cx, cy)
		d.roundRect(cx-0.95*r, cy-0.42*r, 1.7*r, 0.36*r, 0.15*r, "1234", "F")
		d.TransformEnd()
		d.poly(cx, cy, r, [][2]float64{{-0.6, 0.1}, {0.3, 0.1}, {0.75, 0.75}, {0.5, 0.75}, {0.15, 0.35}, {-0.6, 0.35}}, "F")
		d.Circle(cx-0.2*r, cy+0.5*r, 0.42*r, "F")
		d.fill(white)
		d.Circle(cx-0.2*r, cy+0.5*r, 0.28*r, "F")
		d.fill(c)
		d.Circle(cx-0.2*r, cy+0.5*r, 0.09*r, "F")
		for i := 0; i < 4; i++ {
			a := float64(i) * math.Pi / 4
			d.SetLineWidth(0.06 * r)
			d.Line(cx-0.2*r+0.3*r*math.Cos(a), cy+0.5*r+0.3*r*math.Sin(a), cx-0.2*r-0.3*r*math.Cos(a), cy+0.5*r-0.3*r*math.Sin(a))
		}
	}
}

// badge draws a company's letter in a circle of its colour, so that colour
// is never the only signal.
func (d *Doc) badge(letter string, cx, cy, size float64, c RGB) {
	d.fill(c)
	d.stroke(white)
	d.SetLineWidth(size * 0.06)
	d.Circle(cx, cy, size/2, "FD")
	if c.Dark() {
		d.ink(white)
	} else {
		d.ink(black)
	}
	d.fit(Rect{cx - size/2, cy - size/2, size, size}, size*1.6, "B", "C", letter)
	d.ink(black)
}

// die draws a die face showing n pips (1-6) in a square of side s.
func (d *Doc) die(x, y, s float64, n int, body, pip RGB) {
	if d.saver() && !body.white() {
		body, pip = white, body // a white die with pips in its colour
	}
	d.fill(body)
	d.stroke(grey)
	d.SetLineWidth(0.15)
	d.roundRect(x, y, s, s, s*0.18, "1234", "FD")
	at := map[int][][2]float64{
		1: {{0.5, 0.5}}, 2: {{0.27, 0.27}, {0.73, 0.73}}, 3: {{0.25, 0.25}, {0.5, 0.5}, {0.75, 0.75}},
		4: {{0.27, 0.27}, {0.73, 0.27}, {0.27, 0.73}, {0.73, 0.73}},
		5: {{0.25, 0.25}, {0.75, 0.25}, {0.5, 0.5}, {0.25, 0.75}, {0.75, 0.75}},
		6: {{0.27, 0.22}, {0.73, 0.22}, {0.27, 0.5}, {0.73, 0.5}, {0.27, 0.78}, {0.73, 0.78}},
	}
	d.fill(pip)
	for _, p := range at[n] {
		d.Circle(x+p[0]*s, y+p[1]*s, s*0.09, "F")
	}
}
