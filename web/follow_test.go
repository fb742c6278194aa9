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
)

// finishedTakeover seats Ana and Ben's phones in a Takeover game and plays
// it to its end (both pass at once).
func finishedTakeover(t *testing.T, s *Server, id int64) {
	t.Helper()
	tr := s.tracker
	seatToken(t, s, id, 0)
	seatToken(t, s, id, 1)
	cmds := []engine.Command{cmd(engine.Host, takeover.CmdLay, `{"tiles":"S1 S2 M3 C4 A5 S0 M1 M2 C0 A1 S3 C5 A2 C1 S4 M0 A3 M4 C2 A0 S5 M5 C3 A4","first":0}`)}
	pool := takeover.AllPieces()
	for k := range pool {
		cmds = append(cmds, cmd(takeover.DraftSeat(0, 2, k), takeover.CmdDraft, `{"coin":"`+pool[k]+`"}`))
	}
	cmds = append(cmds, cmd(0, takeover.CmdConceal, ""), cmd(1, takeover.CmdConceal, ""), cmd(0, takeover.CmdPass, ""), cmd(1, takeover.CmdPass, ""))
	doAll(t, tr, id, cmds)
	if info, _ := tr.Info(context.Background(), id); info.Status != "finished" {
		t.Fatalf("the game is %s after both passed", info.Status)
	}
}

// request sends a request from the laptop (host) or a phone address, with
// the given cookies, and returns the recorder.
func request(s *Server, method, path, form string, host bool, cookies ...*http.Cookie) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(form))
	if form != "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.RemoteAddr = "192.0.2.10:5555"
	if host {
		req.RemoteAddr = "127.0.0.1:5555"
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	return rec
}

func cookieOf(rec *httptest.ResponseRecorder, name string) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == name && c.MaxAge > 0 {
			return c
		}
	}
	return nil
}

// "Play again with the same players": each phone of the finished game is
// offered its own seat in the new one, and takes it in one tap with the
// seat token it already holds. Ben's phone asking for Ana's seat, a
// stranger, and a phone of the new game's other seat are refused; nothing
// is seated by a refusal; a second tap changes nothing.
func TestPlayAgainPhonesFollowIntoTheirOwnSeatsOnly(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	info, err := tr.Create(context.Background(), "takeover", "Night", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	old := info.ID
	finishedTakeover(t, s, old)
	ana := &http.Cookie{Name: seatCookieName(old), Value: seatToken(t, s, old, 0)}
	ben := &http.Cookie{Name: seatCookieName(old), Value: seatToken(t, s, old, 1)}
	oldPath := "/games/" + strconv.FormatInt(old, 10)

	// Before Play again, no page offers a next game.
	if body := request(s, "GET", oldPath, "", false, ana).Body.String(); strings.Contains(body, `id="next-game"`) {
		t.Fatal("a finished game offers a next game before the host started one")
	}
	rec := request(s, "POST", oldPath+"/again", "", true)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("play again: %d %s", rec.Code, rec.Body)
	}
	next, err := strconv.ParseInt(strings.TrimPrefix(rec.Header().Get("Location"), "/games/"), 10, 64)
	if err != nil || next == old {
		t.Fatalf("play again went to %q", rec.Header().Get("Location"))
	}
	nextPath := "/games/" + strconv.FormatInt(next, 10)
	follow := nextPath + "/follow"

	// Each phone's old page offers its own seat; the host and the public
	// are sent to the new game's page.
	for seat, ck := range []*http.Cookie{ana, ben} {
		body := request(s, "GET", oldPath, "", false, ck).Body.String()
		want := `action="` + follow + `"`
		if !strings.Contains(body, want) || !strings.Contains(body, `name="seat" value="`+strconv.Itoa(seat)+`"`) {
			t.Fatalf("seat %d's old page lacks its follow form for seat %d", seat, seat)
		}
	}
	if body := request(s, "GET", oldPath, "", false).Body.String(); strings.Contains(body, "/follow") || !strings.Contains(body, "Watch the new game") {
		t.Fatal("the public page must lead to the new game to watch, without a seat")
	}
	if body := request(s, "GET", oldPath, "", true).Body.String(); !strings.Contains(body, `href="`+nextPath+`"`) {
		t.Fatal("the host's old page must lead to the new game")
	}

	seated := func(why string, want map[int]bool) {
		t.Helper()
		h, err := s.seats.Holders(context.Background(), next)
		if err != nil {
			t.Fatal(err)
		}
		for seat := range 2 {
			if _, ok := h[seat]; ok != want[seat] {
				t.Fatalf("%s: seat %d held %v, want %v", why, seat, ok, want[seat])
			}
		}
	}
	refused := func(why, form string, cookies ...*http.Cookie) {
		t.Helper()
		rec := request(s, "POST", follow, form, false, cookies...)
		back := oldPath // the refusal is shown on the game the form came from
		if !strings.Contains(form, "from="+strconv.FormatInt(old, 10)+"&") {
			back = nextPath
		}
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != back || cookieOf(rec, "ts_toast") == nil || cookieOf(rec, seatCookieName(next)) != nil {
			t.Fatalf("%s: %d to %q; want a refusal back where the form came from, no seat", why, rec.Code, rec.Header().Get("Location"))
		}
	}
	from := "from=" + strconv.FormatInt(old, 10)
	refused("Ben's phone asking for Ana's seat", from+"&seat=0", ben)
	refused("a stranger asking for Ana's seat", from+"&seat=0")
	refused("a stranger with a forged token", from+"&seat=0", &http.Cookie{Name: seatCookieName(old), Value: "forged"})
	refused("Ana's token under another game's name", "from="+strconv.FormatInt(next, 10)+"&seat=0", &http.Cookie{Name: seatCookieName(next), Value: ana.Value})
	seated("after the refusals", map[int]bool{})
	if rec := request(s, "POST", follow, from, false, ana); rec.Code != http.StatusBadRequest {
		t.Fatalf("a follow without its seat: %d", rec.Code)
	}

	// Ana's phone: one tap, and she is Ana in the new game.
	rec = request(s, "POST", follow, from+"&seat=0", false, ana)
	anaNew := cookieOf(rec, seatCookieName(next))
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != nextPath || anaNew == nil {
		t.Fatalf("Ana following: %d to %q", rec.Code, rec.Header().Get("Location"))
	}
	if body := request(s, "GET", nextPath, "", false, anaNew).Body.String(); !strings.Contains(body, "You are <strong>Ana</strong>") {
		t.Fatal("Ana's phone is not Ana in the new game")
	}
	seated("after Ana", map[int]bool{0: true})
	// A second tap (both cookies now) changes nothing; Ben takes his own seat.
	if rec := request(s, "POST", follow, from+"&seat=0", false, ana, anaNew); rec.Code != http.StatusSeeOther || cookieOf(rec, seatCookieName(next)) != nil {
		t.Fatalf("Ana's second tap: %d, new cookie %v", rec.Code, cookieOf(rec, seatCookieName(next)))
	}
	refused("Ben's phone asking for Ana's taken seat", from+"&seat=0", ben)
	if rec := request(s, "POST", follow, from+"&seat=1", false, ben); cookieOf(rec, seatCookieName(next)) == nil {
		t.Fatalf("Ben following: %d", rec.Code)
	}
	seated("after Ben", map[int]bool{0: true, 1: true})
}
