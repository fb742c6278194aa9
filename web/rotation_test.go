package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tableside/internal/testenv"
)

// "Sign out other host screens" replaces the host token: the screen that
// pressed it stays host with the new cookie; every other host screen stops
// being host at once, its open stream ends, and the old /host link fails.
// A phone pressing it is refused and nothing changes.
func TestSignOutOtherHostScreensRotatesTheHostToken(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	laptop, tablet, phone := hostDevice(t, app), hostDevice(t, app), newDevice(t, app)
	game := laptop.createGame("scorepad", "Ana", "Ben")
	old := app.Server.HostToken()

	if code, body := phone.postJSON("/host/signout", nil, nil); code != http.StatusForbidden || !strings.Contains(body, "Only the host") {
		t.Fatalf("a phone signing out the hosts: %d %.200s; want 403", code, body)
	}
	if app.Server.HostToken() != old {
		t.Fatal("a phone's refused sign-out changed the host token")
	}
	if code, _ := tablet.get("/host"); code != http.StatusOK {
		t.Fatalf("after the refused sign-out the tablet's /host is %d; want 200", code)
	}

	st := tablet.open(fmt.Sprintf("/games/%d/live", game), "")
	st.next(t, "phones")
	var out map[string]bool
	if code, body := laptop.postJSON("/host/signout", nil, &out); code != http.StatusOK || !out["signedOut"] {
		t.Fatalf("sign out other host screens: %d %.200s", code, body)
	}
	if app.Server.HostToken() == old {
		t.Fatal("the host token did not change")
	}
	st.next(t, "seat") // the tablet's host stream ends: its page reloads as a non-host
	if code, _ := laptop.get("/host"); code != http.StatusOK {
		t.Fatalf("the screen that signed the others out: /host %d; want 200", code)
	}
	if code, _ := tablet.get("/host"); code != http.StatusForbidden {
		t.Fatalf("the signed-out tablet: /host %d; want 403", code)
	}
	if code, _ := tablet.postJSON("/games", map[string]any{"kind": "scorepad", "name": "x", "players": []string{"Eve"}}, nil); code != http.StatusForbidden {
		t.Fatalf("the signed-out tablet creating a game: %d; want 403", code)
	}
	stranger := newDevice(t, app)
	if code, body := stranger.get("/host?k=" + url.QueryEscape(old)); code != http.StatusForbidden || !strings.Contains(body, "not valid") {
		t.Fatalf("the old host link: %d %.200s; want 403", code, body)
	}
	if code, _ := stranger.get("/host?k=" + url.QueryEscape(app.Server.HostToken())); code != http.StatusOK {
		t.Fatalf("the new host link: %d; want 200", code)
	}
}

// "New join code" shuts out the old QR, link and code at once; seated
// phones keep their seats; a phone cannot do it. Every game has its own code.
func TestNewJoinCodeShutsOutTheOldCode(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host, ana := hostDevice(t, app), newDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben", "Cy")
	other := host.createGame("scorepad", "Dee", "Eve")
	oldJoin := joinURLFromQR(t, host, game)
	if otherJoin := joinURLFromQR(t, host, other); codeOf(t, otherJoin) == codeOf(t, oldJoin) {
		t.Fatal("two games share a join code")
	}
	ana.join(oldJoin, game, 0)
	late := newDevice(t, app) // opened the old link before the change, taps a seat after
	if code, _ := late.get(oldJoin); code != http.StatusOK {
		t.Fatalf("open the join link: %d", code)
	}

	if code, body := ana.postJSON(fmt.Sprintf("/games/%d/join-code", game), nil, nil); code != http.StatusForbidden {
		t.Fatalf("a phone asking for a new join code: %d %.200s; want 403", code, body)
	}
	if joinURLFromQR(t, host, game) != oldJoin {
		t.Fatal("a phone's refused request changed the join code")
	}
	var out struct{ Join string }
	if code, body := host.postJSON(fmt.Sprintf("/games/%d/join-code", game), nil, &out); code != http.StatusOK || out.Join == "" {
		t.Fatalf("new join code: %d %.200s", code, body)
	}
	if out.Join == oldJoin || joinURLFromQR(t, host, game) != out.Join {
		t.Fatalf("the QR holds %q after a new code (old %q, answered %q)", joinURLFromQR(t, host, game), oldJoin, out.Join)
	}
	if code, body := newDevice(t, app).get(oldJoin); code != http.StatusUnprocessableEntity || !strings.Contains(body, "not valid") {
		t.Fatalf("the old join link: %d %.300s; want a refusal saying it is not valid", code, body)
	}
	if code, body := late.postForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {"1"}}); code != http.StatusUnprocessableEntity || !strings.Contains(body, "not valid") {
		t.Fatalf("a seat tapped with the old code: %d %.300s; want a refusal", code, body)
	}
	var page struct{ Viewer struct{ Seat int } }
	if code := ana.getJSON(fmt.Sprintf("/games/%d", game), &page); code != 200 || page.Viewer.Seat != 0 {
		t.Fatalf("Ana after the new code: %d seat %d; want her seat 0", code, page.Viewer.Seat)
	}
	newDevice(t, app).join(out.Join, game, 1)
}

// "Lock the table" closes joining once every seat is taken: the join link
// and a free seat are refused with a clear message, watching still works;
// a phone cannot lock or unlock; unlocking opens joining again.
func TestLockTheTable(t *testing.T) {
	app, host, ana, ben := hostAndTwoPhones(t)
	game, join := anaAtAScorePad(t, host, ana)
	lock, unlock := fmt.Sprintf("/games/%d/lock", game), fmt.Sprintf("/games/%d/unlock", game)
	locked := func() bool {
		var p struct{ Phones struct{ Locked, Full bool } }
		if code := host.getJSON(fmt.Sprintf("/games/%d", game), &p); code != 200 {
			t.Fatalf("host view: %d", code)
		}
		return p.Phones.Locked
	}

	if code, body := host.postJSON(lock, nil, nil); code != http.StatusUnprocessableEntity || !strings.Contains(body, "Ben still has no phone") {
		t.Fatalf("lock with a free seat: %d %.200s; want 422 naming Ben", code, body)
	}
	ben.join(join, game, 1)
	waiting := newDevice(t, app) // opened the link before the lock, taps a seat after
	if code, _ := waiting.get(join); code != http.StatusOK {
		t.Fatalf("open the join link: %d", code)
	}
	if code, _ := ana.postJSON(lock, nil, nil); code != http.StatusForbidden || locked() {
		t.Fatalf("a phone locking the table: %d (locked %v); want 403, unlocked", code, locked())
	}
	if code, body := host.postJSON(lock, nil, nil); code != http.StatusOK || !locked() {
		t.Fatalf("lock: %d %.200s", code, body)
	}
	if code, _ := host.postJSON(fmt.Sprintf("/games/%d/seats/1/kick", game), nil, nil); code != http.StatusOK {
		t.Fatalf("kick Ben: %d", code)
	}

	eve := newDevice(t, app)
	code, body := eve.get(join)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "locked this table") || !strings.Contains(body, "Just watch") {
		t.Fatalf("the join link on a locked table: %d %.300s; want the refusal and a way to watch", code, body)
	}
	if code, body := waiting.postForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {"1"}}); code != http.StatusUnprocessableEntity || !strings.Contains(body, "locked this table") {
		t.Fatalf("a free seat on a locked table: %d %.300s; want 422 saying it is locked", code, body)
	}
	if code, _ := eve.get(fmt.Sprintf("/games/%d/tv", game)); code != http.StatusOK {
		t.Fatalf("watching a locked table: %d; want 200", code)
	}
	eve.open(fmt.Sprintf("/games/%d/live", game), "") // a stream opens (200)

	if code, _ := ana.postJSON(unlock, nil, nil); code != http.StatusForbidden || !locked() {
		t.Fatalf("a phone unlocking the table: %d (locked %v); want 403, still locked", code, locked())
	}
	if code, body := host.postJSON(unlock, nil, nil); code != http.StatusOK || locked() {
		t.Fatalf("unlock: %d %.200s", code, body)
	}
	eve.join(join, game, 1)
}

func codeOf(t *testing.T, join string) string {
	t.Helper()
	u, err := url.Parse(join)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("k")
}

// The one-time host link makes one browser the host, once, before it
// expires, and leaves the address at once.
func TestHostClaimLinkIsSingleUseAndExpires(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	expired := app.Server.NewHostClaim(time.Nanosecond)
	time.Sleep(time.Millisecond)
	late := newDevice(t, app)
	if code, body := late.get("/host/claim?k=" + expired); code != http.StatusForbidden || !strings.Contains(body, "already used or has expired") {
		t.Fatalf("an expired host link: %d %.200s; want 403", code, body)
	}
	if code, _ := late.get("/host"); code != http.StatusForbidden {
		t.Fatalf("after an expired link /host is %d; want 403", code)
	}
	claim := app.Server.NewHostClaim(0)
	laptop := newDevice(t, app)
	req, _ := http.NewRequest("GET", laptop.url("/host/claim?k="+claim), nil)
	resp, _ := laptop.do(req, false)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/" {
		t.Fatalf("the host link: %d to %q; want a redirect to / (the code gone)", resp.StatusCode, resp.Header.Get("Location"))
	}
	if code, _ := laptop.get("/host"); code != http.StatusOK {
		t.Fatalf("after the host link /host is %d; want 200", code)
	}
	if code, _ := newDevice(t, app).get("/host/claim?k=" + claim); code != http.StatusForbidden {
		t.Fatalf("a second use of the host link: %d; want 403", code)
	}
}
