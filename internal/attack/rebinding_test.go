package attack

import (
	"net/http"
	"strings"
	"testing"
)

// DNS rebinding: a web page at evil.example resolves its own name to the
// laptop, so the laptop's browser sends the page's requests here with
// "Host: evil.example:PORT" and a matching Origin (same-origin to the
// browser). The host's own client sends them here, cookies and all: every
// one is refused with 421 and nothing changes.
func TestDNSRebindingIsRefused(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	phone := s.Phone(t, game, 0)
	games, log := len(s.Games()), s.Log(game)
	evil := "evil.example:" + s.Port
	hdr := []string{"Host", evil, "Origin", "http://" + evil, "Content-Type", "application/json", "Accept", "application/json"}
	for _, r := range []struct{ method, path, body string }{
		{"POST", "/games", `{"kind":"scorepad","name":"Evil","players":["Eve"]}`},
		{"GET", "/games/1/log", ""},
		{"GET", "/games/1/qr.png", ""},
		{"GET", "/games/1/moves?step=turn&fold=More", ""},
		{"POST", "/games/1/seats/0/kick", ""},
		{"POST", "/games/1/commands", `{"type":"score","data":{"seat":0,"points":5},"idem":"evil-1"}`},
		{"GET", "/host", ""},
		{"GET", "/games/1", ""},
		{"GET", "/", ""},
	} {
		resp, body := s.Host.Do(s.Host.Request(r.method, r.path, strings.NewReader(r.body), hdr...))
		if resp.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(body, "not Tableside's") {
			t.Errorf("%s %s with Host %s: %d %.200s; want 421", r.method, r.path, evil, resp.StatusCode, body)
		}
		if strings.Contains(body, "\"events\"") || strings.Contains(body, "PNG") || strings.Contains(body, "/host?k=") {
			t.Errorf("%s %s with Host %s leaked the host's data", r.method, r.path, evil)
		}
	}
	if n := len(s.Games()); n != games {
		t.Errorf("games: %d, was %d", n, games)
	}
	if got := s.Log(game); got != log {
		t.Errorf("the game's log changed:\n%s\nwas:\n%s", got, log)
	}
	// The phone still holds its seat: the kick was refused.
	resp, body := phone.Do(phone.Request("GET", "/games/1", nil, "Accept", "application/json"))
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, `"Viewer":{"seat":0}`) {
		t.Errorf("after the refused kick the phone's page is %d %.200s; want its seat", resp.StatusCode, body)
	}
}
