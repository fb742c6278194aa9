package testclient

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// BGStatsPlay decodes the play of a BG Stats createPlay link (a play's
// "Send to BG Stats" link in the score log, the end screen's QR code) into
// play: generic JSON shows each field's JSON type.
func BGStatsPlay(t testing.TB, link string, play any) {
	t.Helper()
	const prefix = "https://app.bgstatsapp.com/createPlay.html?data="
	if !strings.HasPrefix(link, prefix) {
		t.Fatalf("link %q is not BG Stats' createPlay address", link)
	}
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(u.Query().Get("data")), play); err != nil {
		t.Fatalf("data %q: %v", u.Query().Get("data"), err)
	}
}
