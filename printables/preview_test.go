package printables

import (
	"bytes"
	"encoding/xml"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// pdfWord is one word pdftotext -bbox reads back from a PDF, in mm.
type pdfWord struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

// pdfWords reads page 1's words and their boxes back from a PDF.
func pdfWords(t *testing.T, pdf []byte) []pdfWord {
	t.Helper()
	file := filepath.Join(t.TempDir(), "p.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out := run(t, "pdftotext", "-bbox", "-f", "1", "-l", "1", file, "-")
	var doc struct {
		Words []struct {
			XMin string `xml:"xMin,attr"`
			YMin string `xml:"yMin,attr"`
			XMax string `xml:"xMax,attr"`
			YMax string `xml:"yMax,attr"`
			Text string `xml:",chardata"`
		} `xml:"body>doc>page>word"`
	}
	d := xml.NewDecoder(strings.NewReader(out))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	if err := d.Decode(&doc); err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	mm := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v * 25.4 / 72 }
	var ws []pdfWord
	for _, w := range doc.Words {
		ws = append(ws, pdfWord{w.Text, mm(w.XMin), mm(w.YMin), mm(w.XMax), mm(w.YMax)})
	}
	return ws
}

// The preview and the PDF come from one layout: every line of text the SVG
// back end placed on page 1 is found in the PDF, read back by pdftotext,
// starting at the same point (within 0.3 mm) on the same baseline, and
// ending where the preview says it ends. Run for every sheet, both papers,
// both inks.
func TestPreviewTextSitsWhereThePDFPutsIt(t *testing.T) {
	for _, c := range sheetCases {
		s, _ := Find(c.name)
		for _, p := range []Paper{A4, Letter} {
			for _, saver := range []bool{false, true} {
				o := c.opt
				o.Paper, o.InkSaver = p, saver
				pv, err := s.Preview(o)
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				words := pdfWords(t, write(t, c.name, o))
				if len(pv.Named) < 5 || len(words) < 5 {
					t.Fatalf("%s on %s: %d lines in the preview, %d words in the PDF", c.name, p.Name, len(pv.Named), len(words))
				}
				missed := 0
				for _, n := range pv.Named {
					f := strings.Fields(n.Text)
					if len(f) == 0 {
						continue
					}
					if !placedAlike(n, f, words) {
						missed++
						if missed < 4 {
							t.Errorf("%s on %s (saver %v): %q at (%.2f, %.2f) mm, %.2f wide, is not in the PDF there", c.name, p.Name, saver, n.Text, n.X, n.Y, n.W)
						}
					}
				}
				if missed > 0 {
					t.Errorf("%s on %s (saver %v): %d of %d lines differ", c.name, p.Name, saver, missed, len(pv.Named))
				}
			}
		}
	}
}

// placedAlike finds the line's first word where the preview put it, and
// its last word ending where the preview's width ends.
func placedAlike(n Named, f []string, words []pdfWord) bool {
	onLine := func(w pdfWord) bool { return w.YMin-0.3 <= n.Y && n.Y <= w.YMax+0.3 }
	start, end := false, false
	// Leading spaces indent the first word by their width.
	lead := len(n.Text) - len(strings.TrimLeft(n.Text, " "))
	x := n.X + float64(lead)*float64(glyphWidths()[n.Style][' '])*n.Size/1000
	for _, w := range words {
		if !onLine(w) {
			continue
		}
		if math.Abs(w.XMin-x) < 0.3 && (strings.HasPrefix(w.Text, f[0]) || strings.HasPrefix(f[0], w.Text)) {
			start = true
		}
		last := f[len(f)-1]
		if math.Abs(w.XMax-(n.X+n.W)) < 0.3 && (strings.HasSuffix(w.Text, last) || strings.HasSuffix(last, w.Text)) {
			end = true
		}
	}
	return start && end
}

// The preview is an SVG picture of page 1 with the page's footer, and
// counts the pages the PDF has.
func TestPreviewIsTheFirstPageAndCountsThePDFsPages(t *testing.T) {
	for _, c := range sheetCases {
		s, _ := Find(c.name)
		for _, p := range []Paper{A4, Letter} {
			o := c.opt
			o.Paper = p
			pv, err := s.Preview(o)
			if err != nil {
				t.Fatal(err)
			}
			want := c.pagesA4
			if p == Letter {
				want = c.pages
			}
			if pv.Pages != want {
				t.Errorf("%s on %s: preview counts %d pages; the PDF has %d", c.name, p.Name, pv.Pages, want)
			}
			if err := xml.Unmarshal(pv.SVG, new(struct{})); err != nil || !bytes.HasPrefix(pv.SVG, []byte("<svg ")) {
				t.Errorf("%s: the preview is not an SVG document: %v", c.name, err)
			}
			footer := " · " + p.Label() + " · page 1 of " + strconv.Itoa(want)
			if !bytes.Contains(pv.SVG, []byte(footer)) {
				t.Errorf("%s on %s: the preview has no footer %q", c.name, p.Name, footer)
			}
			for _, o := range pv.Outside {
				t.Errorf("%s on %s: text in the margin, %s", c.name, p.Name, o)
			}
			if bytes.Contains(pv.SVG, []byte("style=")) || bytes.Contains(pv.SVG, []byte("<script")) {
				t.Errorf("%s: the preview uses a style attribute or a script", c.name)
			}
		}
	}
}

// Ink saver: every sheet with coloured areas prints far less of the page,
// with the same pages and words; a sheet without them is unchanged, to the
// byte. Both versions are the same bytes on every run.
func TestInkSaverLightensEveryColouredSheet(t *testing.T) {
	for _, s := range Sheets() {
		for _, p := range []Paper{A4, Letter} {
			o := Options{Paper: p, URL: testURL}
			normal, err := s.Preview(o)
			if err != nil {
				t.Fatal(err)
			}
			o.InkSaver = true
			light, err := s.Preview(o)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%-22s %-6s %2d pages, ink %4.1f %% normal, %4.1f %% saver", s.Name, p.Name, normal.Pages, 100*normal.Coverage, 100*light.Coverage)
			if light.Pages != normal.Pages {
				t.Errorf("%s on %s: %d pages with ink saver, %d without", s.Name, p.Name, light.Pages, normal.Pages)
			}
			pdfLight := write(t, s.Name, o)
			if !bytes.Equal(pdfLight, write(t, s.Name, o)) {
				t.Errorf("%s on %s: two ink-saver runs differ", s.Name, p.Name)
			}
			o.InkSaver = false
			same := bytes.Equal(pdfLight, write(t, s.Name, o))
			switch {
			case s.Colour && (same || light.Coverage > normal.Coverage/3):
				t.Errorf("%s on %s: ink saver covers %.3f of the page, normal %.3f; want under a third", s.Name, p.Name, light.Coverage, normal.Coverage)
			case !s.Colour && !same:
				t.Errorf("%s on %s has no coloured areas, yet ink saver changed it", s.Name, p.Name)
			}
		}
	}
}

// Coverage is measured from the shapes: a page with one filled square of
// 100 x 100 mm on A4 prints 10000 / 62370 of it, and a white square on
// top takes its part back.
func TestCoverageCountsFilledAreaAndWhiteOver(t *testing.T) {
	c := newSVGCanvas(A4)
	c.AddPage()
	c.SetFillColor(200, 30, 30)
	c.Rect(50, 50, 100, 100, "F")
	if got, want := c.cover[0].share(), 10000/(210.0*297); math.Abs(got-want) > 0.002 {
		t.Fatalf("coverage %.4f; want %.4f", got, want)
	}
	c.SetFillColor(255, 255, 255)
	c.Rect(50, 50, 50, 100, "F")
	if got, want := c.cover[0].share(), 5000/(210.0*297); math.Abs(got-want) > 0.002 {
		t.Fatalf("after a white half: coverage %.4f; want %.4f", got, want)
	}
}

// BenchmarkPreviewPack draws every sheet's preview (first page as SVG,
// page count, coverage of every page) on both papers.
func BenchmarkPreviewPack(b *testing.B) {
	for i := 0; i < b.N; i++ {
		total := 0
		for _, s := range Sheets() {
			for _, p := range []Paper{A4, Letter} {
				pv, err := s.Preview(Options{Paper: p, URL: testURL})
				if err != nil {
					b.Fatal(err)
				}
				total += len(pv.SVG)
			}
		}
		b.ReportMetric(float64(total), "svg-bytes/pack")
	}
}
