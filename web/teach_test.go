package web

import (
	"context"
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
	doAll(t, tr, info.ID, []engine.Command{cmd(engine.Host, takeover.CmdLay, `{"tiles":"S1 S2 M3 C4 A5 S0 M1 M2 C0 A1 S3 C5 A2 C1 S4 M0 A3 M4 C2 A0 S5 M5 C3 A4","first":""}`)})
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
