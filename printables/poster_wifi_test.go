package printables

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
)

// posterQR is one QR code read back from a printed poster, with how far
// down the page its centre is (pixels at 100 dpi).
type posterQR struct {
	Text string
	Y    float64
}

// readPosterQRs prints the poster's first page at 100 dpi and reads every
// QR code on it (POSTER_PNG keeps the pictures, to look at).
func readPosterQRs(t *testing.T, pdf []byte, name string) []posterQR {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "poster.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	prefix := filepath.Join(dir, "p")
	if dump := os.Getenv("POSTER_PNG"); dump != "" {
		prefix = filepath.Join(dump, name)
	}
	img := firstPage(t, name, file, prefix, 100)
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	found, err := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, nil)
	if err != nil {
		t.Fatalf("%s: read the poster's QR codes: %v", name, err)
	}
	var out []posterQR
	for _, r := range found {
		var y float64
		for _, p := range r.GetResultPoints() {
			y += p.GetY() / float64(len(r.GetResultPoints()))
		}
		out = append(out, posterQR{r.GetText(), y})
	}
	return out
}

var wordBox = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// wordHeights are the heights, in points, of each word of the poster's
// text as pdftotext reads it back: a word's height is its type size.
func wordTops(t *testing.T, pdf []byte) (tops, heights map[string]float64) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "poster.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	tops, heights = map[string]float64{}, map[string]float64{}
	for _, m := range wordBox.FindAllStringSubmatch(run(t, "pdftotext", "-bbox", file, "-"), -1) {
		y0, _ := strconv.ParseFloat(m[2], 64)
		y1, _ := strconv.ParseFloat(m[4], 64)
		if _, seen := tops[m[5]]; !seen {
			tops[m[5]], heights[m[5]] = y0, y1-y0
		}
	}
	return tops, heights
}

// A join poster carries the game's join address as a QR code and the room
// code in large type (read back from the PDF: at least 72 pt, against the
// 14 pt line that says where to type it); with the table's Wi-Fi it also
// carries the network's QR code, and the Wi-Fi comes first: its step and
// its code are above the table's. Both read back exactly as given, on A4
// and Letter.
func TestJoinPosterPutsTheWiFiFirstAndTheRoomCodeLarge(t *testing.T) {
	const wifi = `WIFI:T:WPA;S:Table\;net;P:pass\:word;;`
	for _, paper := range []Paper{A4, Letter} {
		for _, withWiFi := range []bool{true, false} {
			o := Options{Paper: paper, URL: testURL, Table: "Friday", Room: "KFJE", JoinAt: "192.168.1.20:8080/join"}
			name := paper.Name
			if withWiFi {
				o.WiFi, o.WiFiName, name = wifi, "Table;net", paper.Name+"-wifi"
			}
			pdf := write(t, "join-poster", o)
			qrs := readPosterQRs(t, pdf, name)
			slices.SortFunc(qrs, func(a, b posterQR) int { return int(a.Y - b.Y) }) // top first
			var texts []string
			for _, q := range qrs {
				texts = append(texts, q.Text)
			}
			want := []string{testURL}
			if withWiFi {
				want = []string{wifi, testURL}
			}
			if !slices.Equal(texts, want) {
				t.Errorf("%s: the poster's QR codes read, top to bottom, %q; want %q", name, texts, want)
			}
			tops, heights := wordTops(t, pdf)
			if h := heights["KFJE"]; h < 72 {
				t.Errorf("%s: the room code KFJE is %.1f pt tall (%v); want at least 72 pt", name, h, heights)
			}
			if withWiFi && !(tops["First,"] < tops["Then"] && tops["Then"] < tops["KFJE"]) {
				t.Errorf("%s: the Wi-Fi step is at %.0f pt, the table's at %.0f pt, the room code at %.0f pt; want them in that order", name, tops["First,"], tops["Then"], tops["KFJE"])
			}
		}
	}
}
