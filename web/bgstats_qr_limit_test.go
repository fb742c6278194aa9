package web

import (
	"strings"
	"testing"

	"github.com/skip2/go-qrcode"

	"tableside/web/scorepages"
)

// The longest link the end screen draws as a QR code is the longest the QR
// library encodes: one character more is refused, not cut.
func TestBGStatsQRLimitIsTheQRCodesCapacity(t *testing.T) {
	t.Parallel()
	at := scorepages.BGStatsCreatePlay + strings.Repeat("%7B", (bgStatsQRMax-len(scorepages.BGStatsCreatePlay))/3)
	at += strings.Repeat("a", bgStatsQRMax-len(at))
	if _, err := qrcode.New(at, qrcode.Low); err != nil || bgStatsTooLong(at) != "" {
		t.Fatalf("a %d-character link: %v, refusal %q", len(at), err, bgStatsTooLong(at))
	}
	over := at + "a"
	if _, err := qrcode.New(over, qrcode.Low); err == nil {
		t.Fatalf("the QR library encodes %d characters; the limit is out of date", len(over))
	}
	if why := bgStatsTooLong(over); !strings.Contains(why, "too long for a QR code") || !strings.Contains(why, "2,954") {
		t.Fatalf("refusal %q", why)
	}
}
