package attack

import (
	"net/http"
	"strings"
	"testing"
)

// On --host-token-only a request from the laptop itself (127.0.0.1) is a
// phone: every host route refuses it and nothing changes.
func TestLoopbackPhoneIsNotHostWithHostTokenOnly(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	before, log := len(s.Games()), s.Log(game)
	phone := s.NewClient(t)
	for _, r := range []struct{ method, path string }{
		{"GET", "/host"},
		{"GET", "/games/1/log"},
		{"GET", "/games/1/qr.png"},
		{"GET", "/games/1/print/scoresheet"},
		{"POST", "/games"},
		{"POST", "/games/1/undo"},
		{"POST", "/games/1/redo"},
		{"POST", "/games/1/seats/0/kick"},
		{"POST", "/games/1/seats/0/move"},
	} {
		resp, body := phone.Do(phone.Request(r.method, r.path, strings.NewReader("{}"), "Content-Type", "application/json", "Accept", "application/json"))
		if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "Only the host") {
			t.Errorf("%s %s as a phone on 127.0.0.1: %d %.200s; want 403 naming the host", r.method, r.path, resp.StatusCode, body)
		}
	}
	if n := len(s.Games()); n != before {
		t.Errorf("games: %d, was %d", n, before)
	}
	if got := s.Log(game); got != log {
		t.Errorf("the game's log changed:\n%s\nwas:\n%s", got, log)
	}
}

// The printed host link works once: a second browser opening it is refused
// and is not the host.
func TestHostLinkWorksOnce(t *testing.T) {
	s := Start(t)
	other := s.NewClient(t)
	code, body := other.Get(s.ClaimPath())
	if code != http.StatusForbidden || !strings.Contains(body, "already used or has expired") {
		t.Fatalf("second use of the host link: %d %.300s; want 403 saying it was used", code, body)
	}
	if code, _ := other.Get("/host"); code != http.StatusForbidden {
		t.Fatalf("after a refused host link /host answered %d; want 403", code)
	}
}
