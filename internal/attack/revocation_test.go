package attack

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A kicked phone (or a photo of the poster) holding the old join code gets
// no seat once the host makes a new code; the seated phone keeps its seat
// and the log is unchanged.
func TestOldJoinCodeAfterNewCodeIsRefused(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	oldJoin := s.JoinURL(game)
	ana := s.Phone(t, game, 0)
	kicked := s.Phone(t, game, 1)
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/seats/1/kick", game), nil, nil); code != http.StatusOK {
		t.Fatalf("kick: %d %.200s", code, body)
	}
	if code, body := ana.PostJSON(fmt.Sprintf("/games/%d/join-code", game), nil, nil); code != http.StatusForbidden {
		t.Fatalf("a phone making a new join code: %d %.200s; want 403", code, body)
	}
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/join-code", game), nil, nil); code != http.StatusOK {
		t.Fatalf("new join code: %d %.200s", code, body)
	}
	log := s.Log(game)
	for name, c := range map[string]*Client{"the kicked phone": kicked, "a photo of the poster": s.NewClient(t)} {
		code, body := c.Join(oldJoin, game, 1)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, "not valid") {
			t.Errorf("%s with the old code: %d %.200s; want 422 saying the link is not valid", name, code, body)
		}
	}
	if got := s.Log(game); got != log {
		t.Errorf("the log changed:\n%s\nwas:\n%s", got, log)
	}
	resp, body := ana.Do(ana.Request("GET", fmt.Sprintf("/games/%d", game), nil, "Accept", "application/json"))
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, `"Viewer":{"seat":0}`) {
		t.Errorf("Ana after the new code: %d %.200s; want her seat", resp.StatusCode, body)
	}
	if code, body := s.NewClient(t).Join(s.JoinURL(game), game, 1); code != http.StatusSeeOther {
		t.Errorf("the new code: %d %.200s; want a seat", code, body)
	}
}

// A locked table gives no seat to anyone, even one freed by a kick; watching
// still works; a phone cannot unlock it.
func TestJoiningALockedTableIsRefused(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	join := s.JoinURL(game)
	ana, ben := s.Phone(t, game, 0), s.Phone(t, game, 1)
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/lock", game), nil, nil); code != http.StatusOK {
		t.Fatalf("lock: %d %.200s", code, body)
	}
	if code, _ := ana.PostJSON(fmt.Sprintf("/games/%d/unlock", game), nil, nil); code != http.StatusForbidden {
		t.Fatalf("a phone unlocking: %d; want 403", code)
	}
	if code, _ := s.Host.PostJSON(fmt.Sprintf("/games/%d/seats/1/kick", game), nil, nil); code != http.StatusOK {
		t.Fatal("kick Ben")
	}
	log := s.Log(game)
	for name, c := range map[string]*Client{"Ben, kicked": ben, "a stranger": s.NewClient(t)} {
		code, body := c.Get(join)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, "locked this table") {
			t.Errorf("%s opening the join link: %d %.200s; want 422 saying the table is locked", name, code, body)
		}
		code, body = c.PostForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {"1"}})
		if code/100 != 4 {
			t.Errorf("%s taking the free seat: %d %.200s; want a refusal", name, code, body)
		}
	}
	if got := s.Log(game); got != log {
		t.Errorf("the log changed")
	}
	if code, _ := s.NewClient(t).Get(fmt.Sprintf("/games/%d/tv", game)); code != http.StatusOK {
		t.Errorf("watching a locked table: %d; want 200", code)
	}
}

// After "Sign out other host screens", a copied host cookie and the old
// /host link are worth nothing.
func TestOldHostCookieAfterSignOutIsRefused(t *testing.T) {
	s := Start(t)
	u, _ := url.Parse(s.URL)
	var old *http.Cookie
	for _, c := range s.Host.HTTP.Jar.Cookies(u) {
		if c.Name == "tableside_host" {
			old = c
		}
	}
	if old == nil {
		t.Fatal("the host client holds no host cookie")
	}
	copyOf := func() *Client { // a device that copied the host's cookie before the sign-out
		c := s.NewClient(t)
		c.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: old.Name, Value: old.Value}})
		return c
	}
	thief := copyOf()
	if code, _ := thief.Get("/host"); code != http.StatusOK {
		t.Fatalf("the copied cookie before the sign-out: /host %d; want 200 (it was the host's)", code)
	}
	if code, body := s.Host.PostJSON("/host/signout", nil, nil); code != http.StatusOK {
		t.Fatalf("sign out: %d %.200s", code, body)
	}
	games := len(s.Games())
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/host", ""},
		{"POST", "/games", `{"kind":"scorepad","name":"Thief","players":["Eve"]}`},
		{"POST", "/host/signout", ""},
	} {
		resp, body := thief.Do(thief.Request(r.method, r.path, strings.NewReader(r.body), "Content-Type", "application/json", "Accept", "application/json"))
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s %s with the old host cookie: %d %.200s; want 403", r.method, r.path, resp.StatusCode, body)
		}
	}
	if code, _ := s.NewClient(t).Get("/host?k=" + url.QueryEscape(old.Value)); code != http.StatusForbidden {
		t.Errorf("the old /host link: %d; want 403", code)
	}
	if n := len(s.Games()); n != games {
		t.Errorf("games: %d, was %d", n, games)
	}
	if code, _ := s.Host.Get("/host"); code != http.StatusOK {
		t.Errorf("the host after signing the others out: /host %d; want 200", code)
	}
}

// A kicked phone's live stream is told its seat is gone and ends: it
// receives nothing of the seat's view after the kick.
func TestKickedPhoneStreamEndsAtOnce(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ana := s.Phone(t, game, 0)
	st := ana.Live(t, game)
	if code, body := s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 3}, "before"); code != http.StatusOK {
		t.Fatalf("score: %d %.200s", code, body)
	}
	st.Next(t, "view")
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/seats/0/kick", game), nil, nil); code != http.StatusOK {
		t.Fatalf("kick: %d %.200s", code, body)
	}
	st.Next(t, "seat")
	before := st.Raw()
	if code, body := s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 4}, "after"); code != http.StatusOK {
		t.Fatalf("score after the kick: %d %.200s", code, body)
	}
	for ev := range st.Events { // the server ends the stream
		t.Errorf("the kicked phone's stream went on: %s %.100s", ev.Event, ev.Data)
	}
	if after := st.Raw(); after != before {
		t.Errorf("the kicked phone received more after the kick: %q", strings.TrimPrefix(after, before))
	}
}

// A new join code and a locked table stay so after the server is killed
// and started again.
func TestRevocationsSurviveARestart(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana")
	oldJoin := s.JoinURL(game)
	s.Phone(t, game, 0)
	if code, _ := s.Host.PostJSON(fmt.Sprintf("/games/%d/join-code", game), nil, nil); code != http.StatusOK {
		t.Fatal("new join code")
	}
	newJoin := s.JoinURL(game)
	if code, _ := s.Host.PostJSON(fmt.Sprintf("/games/%d/lock", game), nil, nil); code != http.StatusOK {
		t.Fatal("lock")
	}
	if code, _ := s.Host.PostJSON(fmt.Sprintf("/games/%d/seats/0/kick", game), nil, nil); code != http.StatusOK {
		t.Fatal("kick")
	}
	s2 := s.Restart(t)
	if code, body := s2.NewClient(t).Join(strings.Replace(oldJoin, s.URL, s2.URL, 1), game, 0); code != http.StatusUnprocessableEntity || !strings.Contains(body, "not valid") {
		t.Errorf("the old join code after a restart: %d %.200s; want refused", code, body)
	}
	if code, body := s2.NewClient(t).Join(strings.Replace(newJoin, s.URL, s2.URL, 1), game, 0); code != http.StatusUnprocessableEntity || !strings.Contains(body, "locked this table") {
		t.Errorf("the locked table after a restart: %d %.200s; want refused as locked", code, body)
	}
}
