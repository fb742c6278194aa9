package printables

import (
	"fmt"
	"sync"
)

// Preview is a sheet drawn onto the SVG back end: its first page as a
// picture, its page count and its ink coverage, from the same layout code
// as the PDF.
type Preview struct {
	SVG   []byte
	Pages int
	// Coverage is the share of the paper's area that prints, averaged
	// over the pages, worked out from the shapes drawn.
	Coverage float64
	// Named is page 1's text as placed, for tests.
	Named []Named
	// Outside lists text on any page that runs into the printer's margin.
	Outside []string
}

// Preview draws the sheet with the options onto the SVG back end.
func (s Sheet) Preview(o Options) (Preview, error) {
	o, err := o.check()
	if err != nil {
		return Preview{}, err
	}
	d := newPreviewDoc(o)
	if err := s.drawOn(d); err != nil {
		return Preview{}, err
	}
	c := d.svg
	if c.pages == 0 {
		return Preview{}, fmt.Errorf("preview %s: no pages drawn", s.Name)
	}
	total := 0.0
	for _, p := range c.cover {
		total += p.share()
	}
	return Preview{SVG: c.svg(), Pages: c.pages, Coverage: total / float64(c.pages), Named: c.named, Outside: c.outside}, nil
}

// Facts is what the print shop tells about a sheet before it is printed,
// for the default options (classic names, one piecepack, double-sided).
type Facts struct {
	Sheet Sheet
	// Pages by paper name ("a4", "letter").
	Pages map[string]int
	// Ink and InkSaver are the coverage on A4, normal and with ink saver
	// (the same for a sheet without coloured areas).
	Ink, InkSaver float64
}

// sampleURL stands in for a table's address when the join poster is only
// measured.
const sampleURL = "http://192.168.1.20:8080/join/1"

// AllFacts measures every sheet once per process: they depend only on the
// code.
var AllFacts = sync.OnceValues(func() ([]Facts, error) {
	var out []Facts
	for _, s := range menu() {
		f := Facts{Sheet: s, Pages: map[string]int{}}
		for _, p := range []Paper{A4, Letter} {
			for _, saver := range []bool{false, true} {
				if saver && (!s.Colour || p != A4) {
					continue
				}
				pv, err := s.Preview(Options{Paper: p, URL: sampleURL, InkSaver: saver})
				if err != nil {
					return nil, err
				}
				f.Pages[p.Name] = pv.Pages
				if p == A4 && saver {
					f.InkSaver = pv.Coverage
				} else if p == A4 {
					f.Ink, f.InkSaver = pv.Coverage, pv.Coverage
				}
			}
		}
		out = append(out, f)
	}
	return out, nil
})
