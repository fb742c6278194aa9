package attack

import (
	"net/http"
	"strings"
	"testing"
)

// On --host-token-only a request from the laptop itself (127.0.0.1) is a
// phone: every host-only route (web/routes.go) refuses it and nothing
// changes, neither the games nor the log nor the join code.
func TestLoopbackPhoneIsNotHostWithHostTokenOnly(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	seated := s.Phone(t, game, 0) // a phone with a seat is no host either
	before, log, join := len(s.Games()), s.Log(game), s.JoinURL(game)
	for _, r := range []struct{ method, path string }{
		{"GET", "/host"},
		{"GET", "/games/1/log"},
		{"POST", "/games/1/log"},
		{"GET", "/games/1/qr.png"},
		{"GET", "/games/1/print/scoresheet"},
		{"POST", "/games"},
		{"POST", "/games/1/undo"},
		{"POST", "/games/1/redo"},
		{"POST", "/games/1/seats/0/kick"},
		{"POST", "/games/1/seats/0/move"},
		{"POST", "/games/1/join-code"},
		{"POST", "/games/1/lock"},
		{"POST", "/games/1/unlock"},
		{"POST", "/games/1/clock"},
		{"POST", "/host/signout"},
		{"GET", "/scores/plays/x/edit"},
		{"POST", "/scores/plays/x"},
		{"POST", "/scores/plays/x/delete"},
		{"POST", "/scores/plays/x/restore"},
		{"POST", "/scores/players/1"},
		{"POST", "/scores/players/1/merge"},
		{"POST", "/scores/players/1/delete"},
		{"POST", "/scores/import"},
	} {
		resp, body := seated.Do(seated.Request(r.method, r.path, strings.NewReader("{}"), "Content-Type", "application/json", "Accept", "application/json"))
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
	if got := s.JoinURL(game); got != join {
		t.Errorf("the join code changed")
	}
	s.Phone(t, game, 1) // the table was not locked
	if code, body := s.Host.Get("/host"); code != http.StatusOK {
		t.Errorf("the host after the attempts: /host %d %.100s", code, body)
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
