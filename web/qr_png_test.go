package web

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/skip2/go-qrcode"

	"tableside/internal/testclient"
)

// A code is drawn once per text and level, reads back as its text, and the
// codes kept stay bounded however many texts are asked for.
func TestQRCodesAreDrawnOncePerTextAndKeptBounded(t *testing.T) {
	var q qrPNGs
	a, err := q.png("http://10.0.0.2:8080/games/1/join?k=AB12", qrcode.Medium)
	if err != nil {
		t.Fatal(err)
	}
	if got := testclient.DecodeQR(t, a); got != "http://10.0.0.2:8080/games/1/join?k=AB12" {
		t.Fatalf("the code reads %q", got)
	}
	again, _ := q.png("http://10.0.0.2:8080/games/1/join?k=AB12", qrcode.Medium)
	if &again[0] != &a[0] {
		t.Fatal("the same text was drawn again")
	}
	low, _ := q.png("http://10.0.0.2:8080/games/1/join?k=AB12", qrcode.Low)
	other, _ := q.png("http://10.0.0.2:8080/games/1/join?k=CD34", qrcode.Medium)
	if bytes.Equal(low, a) || bytes.Equal(other, a) {
		t.Fatal("another level or text was served the first code")
	}
	for i := range 3 * keptMax {
		if _, err := q.png(fmt.Sprint("code ", i), qrcode.Medium); err != nil {
			t.Fatal(err)
		}
	}
	if n := q.kept.len(); n > keptMax {
		t.Fatalf("%d codes kept; at most %d", n, keptMax)
	}
}
