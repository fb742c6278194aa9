package printables

import (
	"encoding/json"
	"fmt"
	"strings"

	"tableside/engine/acquire"
)

// Paper is a sheet size in mm.
type Paper struct {
	Name string
	W, H float64
}

// The two paper sizes everything prints on.
var (
	A4     = Paper{"a4", 210, 297}
	Letter = Paper{"letter", 215.9, 279.4}
)

// Label is the paper's name as people write it: "A4" or "Letter".
func (p Paper) Label() string {
	if p.Name == "letter" {
		return "Letter"
	}
	return strings.ToUpper(p.Name)
}

// ParsePaper reads "a4" or "letter".
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "a4":
		return A4, nil
	case "letter", "us-letter", "usletter":
		return Letter, nil
	}
	return Paper{}, fmt.Errorf("paper %q: want a4 or letter", s)
}

// Rect is a box in mm from the page's top-left corner.
type Rect struct{ X, Y, W, H float64 }

// Inset shrinks the box by m on every side (grows it for negative m).
func (r Rect) Inset(m float64) Rect { return Rect{r.X + m, r.Y + m, r.W - 2*m, r.H - 2*m} }

// CX and CY are the box's centre.
func (r Rect) CX() float64 { return r.X + r.W/2 }

// CY is the box's vertical centre.
func (r Rect) CY() float64 { return r.Y + r.H/2 }

// Printable is the part of the page inside the margins.
func (p Paper) Printable() Rect { return Rect{Margin, Margin, p.W - 2*Margin, p.H - 2*Margin} }

// ParseOptions reads the choices as the command line and the web page give
// them: paper "a4" or "letter", names "classic", "1999" or "2008", sets 1
// or 2, single-sided or not.
func ParseOptions(paper, names string, sets int, single bool) (Options, error) {
	p, err := ParsePaper(paper)
	if err != nil {
		return Options{}, err
	}
	o := Options{Paper: p, Names: acquire.NameSet(strings.TrimSpace(names)), Sets: sets, Single: single}.normal()
	if _, err := acquire.Companies(o.Names); err != nil {
		return Options{}, err
	}
	if o.Sets < 1 || o.Sets > 2 {
		return Options{}, fmt.Errorf("sets %d: print one piecepack or two", sets)
	}
	return o, nil
}

// ParseInk reads the ink mode: "normal" (or nothing) or "saver".
func ParseInk(s string) (saver bool, err error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "normal":
		return false, nil
	case "saver", "light":
		return true, nil
	}
	return false, fmt.Errorf("ink %q: want normal or saver", s)
}

// GameNames reads a running game's company name set from its settings
// (the "names" field Cold Cash Risk keeps); the default when it has none.
func GameNames(settings json.RawMessage) acquire.NameSet {
	var s struct {
		Names acquire.NameSet `json:"names"`
	}
	if len(settings) == 0 || json.Unmarshal(settings, &s) != nil {
		return acquire.Classic
	}
	if _, err := acquire.Companies(s.Names); err != nil {
		return acquire.Classic
	}
	return s.Names
}
