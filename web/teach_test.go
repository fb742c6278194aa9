package web

import (
	"context"
	"html"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/takeover"
	"tableside/rulebook"
)

// A refused form (the path without JavaScript) comes back as a toast that
// names its rule, so its "why?" opens the clause behind it; the rule's link
// leads to that clause on the game's rules page.
func TestRefusedFormToastNamesItsRule(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	info, _ := tr.Create(context.Background(), "takeover", "Why", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	doAll(t, tr, info.ID, []engine.Command{cmd(engine.Host, takeover.CmdLay, `{"tiles":"S1 S2 M3 C4 A5 S0 M1 M2 C0 A1 S3 C5 A2 C1 S4 M0 A3 M4 C2 A0 S5 M5 C3 A4"}`)})
	var first int
	tr.State(context.Background(), info.ID, func(st engine.State, _ int64) { first = st.(*takeover.State).First })
	other := 1 - first // not this seat's pick: refused
	id := strconv.FormatInt(info.ID, 10)
	req := httptest.NewRequest(http.MethodPost, "/games/"+id+"/commands", strings.NewReader("type=draft&d.coin=S1"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "192.0.2.10:5555"
	seat := &http.Cookie{Name: seatCookieName(info.ID), Value: seatToken(t, s, info.ID, other)}
	req.AddCookie(seat)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	var toast *http.Cookie
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == flashCookie && ck.MaxAge > 0 {
			toast = ck
		}
	}
	if rec.Code != http.StatusSeeOther || toast == nil {
		t.Fatalf("a draft out of turn: %d, toast cookie %v", rec.Code, toast)
	}
	get := httptest.NewRequest(http.MethodGet, "/games/"+id, nil)
	get.RemoteAddr = "192.0.2.10:5555"
	get.AddCookie(seat)
	get.AddCookie(toast)
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, get)
	page := rec.Body.String()
	at := strings.Index(page, `id="toast" data-rule="`)
	if at < 0 {
		t.Fatalf("the toast names no rule:\n%.400s", page[max(0, strings.Index(page, `class="toast"`)):])
	}
	rule := page[at+len(`id="toast" data-rule="`):]
	rule = rule[:strings.IndexByte(rule, '"')]
	if strings.Contains(page, "\x1f") {
		t.Error("the toast shows the cookie's separator")
	}
	if !strings.Contains(page, `data-rules="/rules/takeover"`) {
		t.Error("the game's page has no link to its rules")
	}
	b, _ := rulebook.Get("takeover")
	w, ok := b.ForRule(rule)
	if !ok {
		t.Fatalf("rule %q has no clause", rule)
	}
	why := httptest.NewRequest(http.MethodGet, "/rules/takeover/why/"+rule, nil)
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, why)
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || loc != "/rules/takeover#"+w.Clause.ID {
		t.Fatalf("why? for %q: %d to %q, want the clause %s", rule, rec.Code, loc, w.Clause.ID)
	}
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/rules/takeover", nil))
	if !strings.Contains(rec.Body.String(), `id="`+w.Clause.ID+`"`) {
		t.Fatalf("the rules page has no clause %s", w.Clause.ID)
	}
}

// Before anything is played the host's screen lists the pieces for this
// game and this many players (with what Tableside prints or replaces), and
// no other screen does; once the game's first move of play is due, every
// screen (the host, each phone, the TV) says who starts and how that step
// works, and the checklist is gone.
func TestSetupListThenTheFirstMoveOnEveryScreen(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	seats := []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}
	info, err := tr.Create(context.Background(), "coldcash", "Teach", engine.Setup{Seats: seats, Settings: []byte(`{"mode":"board","deck":"app"}`)})
	if err != nil {
		t.Fatal(err)
	}
	path := "/games/" + strconv.FormatInt(info.ID, 10)
	page := func(who int) string {
		t.Helper()
		switch who {
		case engine.Host:
			return request(s, http.MethodGet, path, "", true).Body.String()
		case engine.Public:
			return request(s, http.MethodGet, path+"/tv", "", false).Body.String()
		}
		return request(s, http.MethodGet, path, "", false, &http.Cookie{Name: seatCookieName(info.ID), Value: seatToken(t, s, info.ID, who)}).Body.String()
	}
	host := page(engine.Host)
	for _, want := range []string{`data-setup-list="`, "$6,000 for each of the 3 players", "/print/pdf?sheet=quickstart-coldcash&amp;paper=a4", "the laptop is the bank"} {
		if !strings.Contains(host, want) {
			t.Errorf("the host's screen before the opening bell lacks %q", want)
		}
	}
	for _, who := range []int{0, engine.Public} {
		if strings.Contains(page(who), "data-setup-list") {
			t.Errorf("screen %d shows the host's setup checklist", who)
		}
	}
	if strings.Contains(host, "data-first-move") {
		t.Error("the first move is explained before the opening bell")
	}
	doAll(t, tr, info.ID, []engine.Command{cmd(engine.Host, "open", "")})
	var first string
	b, _ := rulebook.Get("coldcash")
	sec, _ := b.ForStep("place")
	for _, who := range []int{engine.Host, 0, 1, 2, engine.Public} {
		p := page(who)
		at := strings.Index(p, "data-first-move")
		if at < 0 {
			t.Errorf("screen %d does not explain the first move", who)
			continue
		}
		line := p[at:min(len(p), at+600)]
		if !strings.Contains(line, html.EscapeString(sec.How)) || !strings.Contains(line, "/rules/coldcash/step/place") {
			t.Errorf("screen %d's first move line: %.300s", who, line)
		}
		name := line[strings.Index(line, "First move: ")+len("First move: "):]
		name = name[:strings.Index(name, ".")]
		if first == "" {
			first = name
		}
		if name != first || (name != "Ana" && name != "Ben" && name != "Cy") {
			t.Errorf("screen %d says %q starts (another said %q)", who, name, first)
		}
		if strings.Contains(p, "data-setup-list") {
			t.Errorf("screen %d still shows the setup checklist after the opening bell", who)
		}
	}
}
