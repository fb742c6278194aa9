// Command fontcut makes the print shop's embedded fonts: DejaVu Sans and
// DejaVu Sans Bold cut down to the characters printables may draw (the
// ranges its sanitiser keeps). A full DejaVu Sans is 760 KB and 6,000
// glyphs; fpdf parses the whole file for every PDF, so the cut (about 135 KB,
// 1,200 glyphs) makes every sheet several times cheaper to produce, with
// identical output. The cut uses fpdf's own subsetter: a page that shows
// every kept character is written, and the font program it embeds is
// extracted.
//
//	go run ./printables/internal/fontcut /usr/share/fonts/truetype/dejavu printables/fonts
//
// The DejaVu licence (fonts/LICENSE) allows modified copies; it only forbids
// names containing "Bitstream" or "Vera", which these do not carry.
package main

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/go-pdf/fpdf"

	"tableside/printables"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: fontcut SRC-DIR DEST-DIR")
		os.Exit(2)
	}
	var all []rune
	for r := rune(32); r <= 0xFFFF; r++ {
		if printables.Drawable(r) {
			all = append(all, r)
		}
	}
	for _, f := range []struct{ name, style string }{{"DejaVuSans.ttf", ""}, {"DejaVuSans-Bold.ttf", "B"}} {
		src, err := os.ReadFile(filepath.Join(os.Args[1], f.name))
		if err != nil {
			fail(err)
		}
		out, err := cut(src, f.style, string(all))
		if err != nil {
			fail(fmt.Errorf("%s: %w", f.name, err))
		}
		if err := os.WriteFile(filepath.Join(os.Args[2], f.name), out, 0o644); err != nil {
			fail(err)
		}
		fmt.Printf("%s: %d -> %d bytes, %d characters\n", f.name, len(src), len(out), len(all))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fontcut:", err)
	os.Exit(1)
}

var fontStream = regexp.MustCompile(`<</Length (\d+)\n/Filter /FlateDecode\n/Length1 (\d+)\n>>\nstream\n`)

// cut writes a PDF that uses every character of text in the font and
// returns the subset font program fpdf embedded.
func cut(src []byte, style, text string) ([]byte, error) {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCompression(false)
	f.AddUTF8FontFromBytes("cut", style, src)
	f.SetFont("cut", style, 10)
	f.AddPage()
	f.Text(10, 10, text)
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		return nil, err
	}
	pdf := b.Bytes()
	m := fontStream.FindSubmatchIndex(pdf)
	if m == nil {
		return nil, fmt.Errorf("no embedded font program found")
	}
	n, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
	n1, _ := strconv.Atoi(string(pdf[m[4]:m[5]]))
	zr, err := zlib.NewReader(bytes.NewReader(pdf[m[1] : m[1]+n]))
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	if len(out) != n1 {
		return nil, fmt.Errorf("font program is %d bytes; the PDF says %d", len(out), n1)
	}
	return out, nil
}
