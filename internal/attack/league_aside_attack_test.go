package attack

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"tableside/internal/leaguetest"
)

var asideRE = regexp.MustCompile(`action="/scores/league/aside/([^"]+)"`)

// The league page's actions on a play the hub refused (Fix this play,
// Send again, Leave out of the league) are the host's alone: a seated
// phone is refused each one, so is the host's own browser sent here under
// a foreign Host name (DNS rebinding), and a double tap on "Leave out of
// the league" leaves it out once, the second tap refused saying so. After
// each refusal the league page and the score log are as they were.
func TestAttackTheLeaguePagesActionsAreTheHostsOnce(t *testing.T) {
	s := Start(t)
	th := leaguetest.StartHub(t, leaguetest.Options{RefuseTitle: "Poisoned"})
	if code, body := s.Host.PostForm("/scores/league", url.Values{"hub": {th.URL}, "code": {th.NewCode(t)}, "name": {"Kitchen"}}); code != http.StatusOK && code != http.StatusSeeOther {
		t.Fatalf("pair the table: %d %.300s", code, body)
	}
	play := url.Values{"game": {"Poisoned"}, "date": {"2026-11-20"}, "scoring": {"high"}, "p0.name": {"Ana"}, "p0.score": {"3"}, "p1.name": {"Ben"}, "p1.score": {"2"}}
	if code, body := s.Host.PostForm("/scores/plays", play); code != http.StatusSeeOther {
		t.Fatalf("log the play: %d %.300s", code, body)
	}
	// A play logged by hand goes at the table's next rescan (30 s), not
	// at once: ask now and then, not in a loop that keeps two cores busy.
	var page string
	for deadline := time.Now().Add(60 * time.Second); !strings.Contains(page, "Send again"); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the refused play was never set aside on the league page:\n%s", page)
		}
		_, page = s.Host.Get("/scores/league")
	}
	key := asideRE.FindStringSubmatch(page)[1]
	state := func() string {
		_, league := s.Host.Get("/scores/league")
		_, scores := s.Host.Get("/scores/export")
		return league + scores
	}
	before := state()

	game := s.CreateGame("scorepad", "Ana", "Ben")
	phone := s.Phone(t, game, 0)
	evil := "evil.example:" + s.Port
	foreign := []string{"Host", evil, "Origin", "http://" + evil}
	for _, a := range []struct {
		who          string
		c            *Client
		method, path string
		form         url.Values
		header       []string
		want         int
	}{
		{"a phone", phone, "GET", "/scores/plays/" + key + "/edit", nil, nil, http.StatusForbidden},
		{"a phone", phone, "POST", "/scores/plays/" + key, play, nil, http.StatusForbidden},
		{"a phone", phone, "POST", "/scores/league/aside/" + key, url.Values{"do": {"resend"}}, nil, http.StatusForbidden},
		{"a phone", phone, "POST", "/scores/league/aside/" + key, url.Values{"do": {"drop"}}, nil, http.StatusForbidden},
		{"a foreign Host", s.Host, "GET", "/scores/plays/" + key + "/edit", nil, foreign, http.StatusMisdirectedRequest},
		{"a foreign Host", s.Host, "POST", "/scores/plays/" + key, play, foreign, http.StatusMisdirectedRequest},
		{"a foreign Host", s.Host, "POST", "/scores/league/aside/" + key, url.Values{"do": {"resend"}}, foreign, http.StatusMisdirectedRequest},
		{"a foreign Host", s.Host, "POST", "/scores/league/aside/" + key, url.Values{"do": {"drop"}}, foreign, http.StatusMisdirectedRequest},
	} {
		req := a.c.Request(a.method, a.path, strings.NewReader(a.form.Encode()), append([]string{"Content-Type", "application/x-www-form-urlencoded"}, a.header...)...)
		if resp, body := a.c.Do(req); resp.StatusCode != a.want {
			t.Errorf("%s: %s %s %v: %d %.200s; want %d", a.who, a.method, a.path, a.form, resp.StatusCode, body, a.want)
		}
		if now := state(); now != before {
			t.Fatalf("%s: %s %s changed the league page or the score log", a.who, a.method, a.path)
		}
	}

	if code, body := s.Host.PostForm("/scores/league/aside/"+key, url.Values{"do": {"drop"}}); code != http.StatusSeeOther {
		t.Fatalf("the host leaves the play out of the league: %d %.300s", code, body)
	}
	after := state()
	if strings.Contains(after, "Send again") {
		t.Fatalf("the play is still set aside after Leave out of the league")
	}
	code, body := s.Host.PostForm("/scores/league/aside/"+key, url.Values{"do": {"drop"}})
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "is set aside for the league") {
		t.Errorf("a second tap on Leave out of the league: %d %.300s; want 422 saying it is no longer set aside", code, body)
	}
	if state() != after {
		t.Fatalf("a second tap on Leave out of the league changed the league page or the score log")
	}
	if n := len(th.Plays(t)); n != 0 {
		t.Fatalf("the hub holds %d plays; want none", n)
	}
}
