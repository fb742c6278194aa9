package printables

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
)

// A join poster with the table's Wi-Fi carries two QR codes, read back from
// the printed page (A4 and Letter): the game's join address and the
// network, exactly as given.
func TestJoinPosterWithWiFiCarriesBothQRCodes(t *testing.T) {
	const wifi = `WIFI:T:WPA;S:Table\;net;P:pass\:word;;`
	for _, paper := range []Paper{A4, Letter} {
		dir := t.TempDir()
		file := filepath.Join(dir, "poster.pdf")
		if err := os.WriteFile(file, write(t, "join-poster", Options{Paper: paper, URL: testURL, Table: "Friday", Room: "KFJE", JoinAt: "192.168.1.20:8080/join", WiFi: wifi, WiFiName: "Table;net"}), 0o644); err != nil {
			t.Fatal(err)
		}
		prefix := filepath.Join(dir, "p")
		if dump := os.Getenv("POSTER_PNG"); dump != "" {
			prefix = filepath.Join(dump, paper.Name)
		}
		img := firstPage(t, "join-poster", file, prefix, 100)
		bmp, err := gozxing.NewBinaryBitmapFromImage(img)
		if err != nil {
			t.Fatal(err)
		}
		found, err := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, nil)
		if err != nil {
			t.Fatalf("%s: read the poster's QR codes: %v", paper.Name, err)
		}
		var texts []string
		for _, r := range found {
			texts = append(texts, r.GetText())
		}
		slices.Sort(texts)
		if want := []string{wifi, testURL}; !slices.Equal(texts, want) { // sorted
			t.Errorf("%s: the poster's QR codes read %q; want %q", paper.Name, texts, want)
		}
	}
}
