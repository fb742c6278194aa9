package printables

import "fmt"

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
	return Preview{SVG: c.svg(), Pages: c.pages, Coverage: total / float64(c.pages), Named: c.named}, nil
}
