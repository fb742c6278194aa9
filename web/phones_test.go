package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
	"tableside/web"
)

// secretsApp runs a server where phones are not the host, with the test-only
// Secrets engine, and a dealt game with Ana and Ben seated on two phones.
type table struct {
	app            *testenv.App
	host, ana, ben *device
	game           int64
	secret         [2]string
}

func secretsTable(t *testing.T) *table {
	t.Helper()
	return secretsTableWith(t, testenv.Options{})
}

// secretsTableWith is secretsTable on a server with options (its games and
// its phones-not-host are the table's own).
func secretsTableWith(t *testing.T, o testenv.Options) *table {
	t.Helper()
	o.Games, o.PhonesNotHost = []engine.Rules{testgames.Secrets{}}, true
	app := testenv.StartWith(t, o)
	tb := &table{app: app, host: hostDevice(t, app), ana: newDevice(t, app), ben: newDevice(t, app)}
	tb.game = tb.host.createGame("secrets", "Ana", "Ben")
	if code, body := tb.host.command(tb.game, testgames.CmdDeal, nil, "deal-1"); code != 200 {
		t.Fatalf("deal: %d %s", code, body)
	}
	join := joinURLFromQR(t, tb.host, tb.game)
	tb.ana.join(join, tb.game, 0)
	tb.ben.join(join, tb.game, 1)
	tb.app.Tracker.State(context.Background(), tb.game, func(s engine.State, _ int64) {
		tb.secret[0], tb.secret[1] = testgames.SecretOf(s, 0), testgames.SecretOf(s, 1)
	})
	if tb.secret[0] == "" || tb.secret[1] == "" {
		t.Fatal("the deal gave no secrets")
	}
	return tb
}

func TestJoinQRCodeOpensJoinPageAndCodeLeavesTheURL(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host, phone := hostDevice(t, app), newDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	join := joinURLFromQR(t, host, game)
	u, err := url.Parse(join)
	if err != nil || u.Path != fmt.Sprintf("/games/%d/join", game) || len(u.Query().Get("k")) < 22 {
		t.Fatalf("the QR holds %q; want this game's join page with a code of at least 128 bits", join)
	}
	if !strings.HasPrefix(join, app.URL) {
		t.Fatalf("the QR holds %q; want the server's address %s (no LAN address in tests)", join, app.URL)
	}

	// Scanning swaps the code for a cookie and redirects to an address without it.
	req, _ := http.NewRequest("GET", join, nil)
	resp, _ := phone.do(req, false)
	if resp.StatusCode != http.StatusSeeOther || strings.Contains(resp.Header.Get("Location"), "k=") {
		t.Fatalf("join link: %d to %q; want 303 to an address without the code", resp.StatusCode, resp.Header.Get("Location"))
	}
	assertCookie(t, resp, "tableside_join")
	code, body := phone.get(resp.Header.Get("Location"))
	if code != 200 || !strings.Contains(body, ">Ana</button>") || !strings.Contains(body, ">Ben</button>") {
		t.Fatalf("join page: %d %.600s", code, body)
	}

	form := url.Values{"seat": {"1"}}
	req, _ = http.NewRequest("POST", app.URL+fmt.Sprintf("/games/%d/join", game), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, _ = phone.do(req, false)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("join seat 1: %d", resp.StatusCode)
	}
	ck := assertCookie(t, resp, fmt.Sprintf("tableside_seat_%d", game))
	if len(ck.Value) < 43 || ck.MaxAge < 24*3600 {
		t.Fatalf("seat cookie %q max-age %d: want a 256-bit token that outlives the browser session", ck.Value, ck.MaxAge)
	}
	if _, body := phone.get(fmt.Sprintf("/games/%d", game)); !strings.Contains(body, "You are <strong>Ben</strong>") {
		t.Fatalf("after joining, the game page does not say who the phone is: %.800s", body)
	}
	// A second phone cannot take Ben's seat.
	other := newDevice(t, app)
	other.get(join)
	if code, body := other.postForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {"1"}}); code != http.StatusUnprocessableEntity || !strings.Contains(body, "already holds that seat") {
		t.Fatalf("second phone on Ben's seat: %d %.300s", code, body)
	}
	// A phone without the code cannot join at all.
	stranger := newDevice(t, app)
	if code, _ := stranger.postForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {"0"}}); code != http.StatusUnprocessableEntity {
		t.Fatalf("joining without the QR's code: %d, want 422", code)
	}
	if code, _ := stranger.get(fmt.Sprintf("/games/%d/join?k=guessed-code-000000000", game)); code != http.StatusUnprocessableEntity {
		t.Fatalf("a guessed code: %d, want 422", code)
	}
}

func assertCookie(t *testing.T, resp *http.Response, name string) *http.Cookie {
	t.Helper()
	for _, c := range resp.Cookies() {
		if c.Name == name {
			if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
				t.Fatalf("cookie %s: HttpOnly %v SameSite %v; want HttpOnly, Lax", name, c.HttpOnly, c.SameSite)
			}
			return c
		}
	}
	t.Fatalf("no %s cookie in %v", name, resp.Header.Values("Set-Cookie"))
	return nil
}

func TestPhonesAreNotHostWhenLoopbackHostIsOff(t *testing.T) {
	t.Parallel()
	tb := secretsTable(t)
	for _, path := range []string{"/games/%d/qr.png", "/games/%d/log"} {
		if code, _ := tb.ana.get(fmt.Sprintf(path, tb.game)); code != http.StatusForbidden {
			t.Errorf("phone GET %s: %d, want 403", path, code)
		}
	}
	if code, _ := tb.ana.postForm(fmt.Sprintf("/games/%d/undo", tb.game), nil); code != http.StatusForbidden {
		t.Errorf("phone undo: %d, want 403", code)
	}
	if code, _ := tb.ana.postForm(fmt.Sprintf("/games/%d/seats/1/kick", tb.game), nil); code != http.StatusForbidden {
		t.Errorf("phone kicks Ben: %d, want 403", code)
	}
	if code, _ := tb.ana.command(tb.game, testgames.CmdDeal, nil, ""); code != http.StatusUnprocessableEntity {
		t.Errorf("phone deals: %d, want 422 (host-deals)", code)
	}
	if code, _ := newDevice(t, tb.app).get("/host"); code != http.StatusForbidden {
		t.Errorf("a stranger opens the host page: %d, want 403", code)
	}
	if code, _ := newDevice(t, tb.app).get("/host?k=not-the-token"); code != http.StatusForbidden {
		t.Errorf("a wrong host token: %d, want 403", code)
	}
}

// Each phone plays, watches its stream, loads its page and its JSON view;
// afterwards nothing it received holds the other phone's secret.
func TestPrivacyNoPhoneReceivesAnotherSeatsSecret(t *testing.T) {
	t.Parallel()
	tb := secretsTable(t)
	tv := newDevice(t, tb.app)
	streams := []*stream{
		tb.ana.open(fmt.Sprintf("/games/%d/live", tb.game), ""),
		tb.ben.open(fmt.Sprintf("/games/%d/live", tb.game), ""),
		tv.open(fmt.Sprintf("/games/%d/live", tb.game), ""),
		tb.host.open(fmt.Sprintf("/games/%d/live?as=public", tb.game), ""),
	}
	for _, s := range streams {
		s.next(t, "view")
	}
	for turn := 0; turn < 4; turn++ {
		p := []*device{tb.ana, tb.ben}[turn%2]
		if code, body := p.command(tb.game, testgames.CmdPass, nil, fmt.Sprintf("pass-%d", turn)); code != 200 {
			t.Fatalf("turn %d: %d %s", turn, code, body)
		}
		for _, s := range streams {
			s.next(t, "view")
		}
		for _, d := range []*device{tb.ana, tb.ben, tv} {
			d.get(fmt.Sprintf("/games/%d", tb.game))
			d.getJSON(fmt.Sprintf("/games/%d/view", tb.game), nil)
			d.getJSON(fmt.Sprintf("/games/%d", tb.game), nil)
			d.get(fmt.Sprintf("/games/%d/tv", tb.game))
		}
	}
	// Out of turn: the refusal page is built for the phone too.
	tb.ben.postForm(fmt.Sprintf("/games/%d/commands", tb.game), url.Values{"type": {"pass"}})
	tb.host.get(fmt.Sprintf("/games/%d/tv", tb.game))
	tb.host.getJSON(fmt.Sprintf("/games/%d/view?as=public", tb.game), nil)
	for _, s := range streams {
		s.close()
	}

	ana, ben, pub, host := tb.ana.received(), tb.ben.received(), tv.received(), tb.host.received()
	if !strings.Contains(ana, tb.secret[0]) || !strings.Contains(ben, tb.secret[1]) {
		t.Fatal("a phone never received its own secret: the search below would prove nothing")
	}
	if strings.Contains(ana, tb.secret[1]) {
		t.Error("Ana's phone received Ben's secret")
	}
	if strings.Contains(ben, tb.secret[0]) {
		t.Error("Ben's phone received Ana's secret")
	}
	for i, sec := range tb.secret {
		if strings.Contains(pub, sec) {
			t.Errorf("the public view received seat %d's secret", i)
		}
		if strings.Contains(host, sec) {
			t.Errorf("the host (public view and TV) received seat %d's secret", i)
		}
	}
	// The turn bar: Ana's phone was told when it was her move; Ben's was told he waited for her.
	if !strings.Contains(ana, "Your move") || !strings.Contains(ben, "Waiting for <strong>Ana</strong>") {
		t.Error("the phones were not shown whose turn it is")
	}
}

func TestStreamResumesFromLastEventIDWithoutMissingAChange(t *testing.T) {
	t.Parallel()
	tb := secretsTable(t)
	live := fmt.Sprintf("/games/%d/live", tb.game)
	s := tb.ana.open(live, "")
	first := s.next(t, "view")
	seq := viewSeq(t, first)
	if first.ID != fmt.Sprint(seq) {
		t.Fatalf("view event id %q, seq %d: the id must be the seq for Last-Event-ID to work", first.ID, seq)
	}
	s.close() // the phone's Wi-Fi drops

	tb.ana.command(tb.game, testgames.CmdPass, nil, "while-away") // the table plays on

	s = tb.ana.open(live, first.ID) // the browser reconnects, saying what it saw last
	got := s.next(t, "view")
	if f := readFrame(t, got); f.Seq != seq+1 || !strings.Contains(f.HTML, `&#34;passes&#34;:1`) {
		t.Fatalf("after reconnecting from %d: got seq %d %s; want the change made while away", seq, viewSeq(t, got), got.Data)
	}
	s.close()

	// Reconnecting with nothing missed sends nothing old: the next view is the next change.
	s = tb.ana.open(live, fmt.Sprint(seq+1))
	tb.ben.command(tb.game, testgames.CmdPass, nil, "next")
	if got := s.next(t, "view"); viewSeq(t, got) != seq+2 {
		t.Fatalf("up-to-date reconnect: first view seq %d, want %d (no duplicate of %d)", viewSeq(t, got), seq+2, seq+1)
	}
}

func TestMovingASeatCutsOffTheOldPhoneAtOnce(t *testing.T) {
	t.Parallel()
	tb := secretsTable(t)
	s := tb.ana.open(fmt.Sprintf("/games/%d/live", tb.game), "")
	s.next(t, "view")

	var moved struct{ Join string }
	if code, body := tb.host.postJSON(fmt.Sprintf("/games/%d/seats/0/move", tb.game), nil, &moved); code != 200 {
		t.Fatalf("move seat: %d %s", code, body)
	}
	s.next(t, "seat") // the old phone's stream is told and closed
	before := len(tb.ana.received())
	tb.ana.get(fmt.Sprintf("/games/%d", tb.game))
	tb.ana.getJSON(fmt.Sprintf("/games/%d/view", tb.game), nil)
	if strings.Contains(tb.ana.received()[before:], tb.secret[0]) {
		t.Fatal("the old phone still sees Ana's secret after the seat was moved")
	}
	if code, _ := tb.ana.command(tb.game, testgames.CmdPass, nil, "old-phone"); code != http.StatusForbidden {
		t.Fatalf("the old phone's command: %d, want 403", code)
	}
	// The hand-over code opens Ana's seat, for the new phone only.
	newPhone := newDevice(t, tb.app)
	newPhone.join(moved.Join, tb.game, 0)
	if !strings.Contains(newPhone.received(), tb.secret[0]) {
		t.Fatal("the new phone does not see Ana's secret")
	}
	// Kick: Ben's phone is sent away, and his seat is free for the game's code.
	if code, _ := tb.host.postJSON(fmt.Sprintf("/games/%d/seats/1/kick", tb.game), nil, nil); code != 200 {
		t.Fatalf("kick: %d", code)
	}
	if _, body := tb.ben.get(fmt.Sprintf("/games/%d", tb.game)); strings.Contains(body, tb.secret[1]) || !strings.Contains(body, "Watching") {
		t.Fatal("a kicked phone still sees its seat")
	}
}

func TestHostSeesWhichPhonesAreConnected(t *testing.T) {
	t.Parallel()
	// Away after 100 ms rather than the product's 5 s: the test waits for
	// it (presence_test.go checks the grace itself).
	tb := secretsTableWith(t, testenv.Options{AwayGrace: 100 * time.Millisecond})
	hs := tb.host.open(fmt.Sprintf("/games/%d/live", tb.game), "")
	hs.next(t, "phones")
	a := tb.ana.open(fmt.Sprintf("/games/%d/live", tb.game), "")
	for {
		ev := hs.next(t, "phones")
		if strings.Contains(ev.Data, "online") {
			break
		}
	}
	a.close()
	for {
		ev := hs.next(t, "phones")
		if !strings.Contains(ev.Data, "● online") && strings.Contains(ev.Data, "○ away since") {
			break
		}
	}
}

func TestSeatSurvivesServerRestart(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{Games: []engine.Rules{testgames.Secrets{}}, PhonesNotHost: true})
	host, ana := hostDevice(t, app), newDevice(t, app)
	game := host.createGame("secrets", "Ana", "Ben")
	ana.join(joinURLFromQR(t, host, game), game, 0)
	app.Stop()

	app2 := testenv.StartWith(t, testenv.Options{Games: []engine.Rules{testgames.Secrets{}}, PhonesNotHost: true, DBPath: app.DBPath})
	ana.base = app2.URL // the same phone (cookies are per host, not per port), the laptop restarted
	if _, body := ana.get(fmt.Sprintf("/games/%d", game)); !strings.Contains(body, "You are <strong>Ana</strong>") {
		t.Fatalf("after a restart the phone lost its seat: %.600s", body)
	}
}

// A double tap or a retried post carries the same key and applies once.
func TestSameIdempotencyKeyAppliesOnce(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host, ana := hostDevice(t, app), newDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	ana.join(joinURLFromQR(t, host, game), game, 0)
	form := url.Values{"type": {"score"}, "d.seat": {"0"}, "d.points": {"7"}, "idem": {"tap-1"}}
	for range 3 {
		if code, body := ana.postForm(fmt.Sprintf("/games/%d/commands", game), form); code != 200 {
			t.Fatalf("score: %d %.300s", code, body)
		}
	}
	var view struct{ Totals []int }
	ana.getJSON(fmt.Sprintf("/games/%d/view", game), &struct{ View any }{&view})
	if len(view.Totals) != 2 || view.Totals[0] != 7 {
		t.Fatalf("three posts of one tap gave totals %v; want [7 0]", view.Totals)
	}
	form.Set("idem", "tap-2")
	ana.postForm(fmt.Sprintf("/games/%d/commands", game), form)
	ana.getJSON(fmt.Sprintf("/games/%d/view", game), &struct{ View any }{&view})
	if view.Totals[0] != 14 {
		t.Fatalf("a second tap gave totals %v; want [14 0]", view.Totals)
	}
}

func TestCrossSitePostsAreRefused(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	d := newDevice(t, app)
	for name, hdr := range map[string][2]string{
		"fetch metadata says cross-site": {"Sec-Fetch-Site", "cross-site"},
		"origin of another site":         {"Origin", "http://evil.example"},
	} {
		req, _ := http.NewRequest("POST", app.URL+"/games", strings.NewReader("kind=scorepad&player=A"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set(hdr[0], hdr[1])
		if resp, _ := d.do(req, false); resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s: %d, want 403", name, resp.StatusCode)
		}
	}
	req, _ := http.NewRequest("POST", app.URL+"/games", strings.NewReader("kind=scorepad&player=A"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", app.URL)
	if resp, _ := d.do(req, false); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("same-origin post: %d, want 303", resp.StatusCode)
	}
	games, _ := app.Tracker.Games(context.Background())
	if len(games) != 1 {
		t.Errorf("%d games exist; only the same-origin post may have made one", len(games))
	}
}

func TestOversizedCommandIsRefusedUnread(t *testing.T) {
	t.Parallel()
	tb := secretsTable(t)
	big := strings.Repeat("x", 100<<10)
	code, _ := tb.ana.postJSON(fmt.Sprintf("/games/%d/commands", tb.game), map[string]any{"type": "pass", "data": map[string]string{"x": big}}, nil)
	if code != http.StatusRequestEntityTooLarge {
		t.Fatalf("a 100 KB command: %d, want 413", code)
	}
}

func TestJoiningAndCommandsAreRateLimited(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{Games: []engine.Rules{testgames.Secrets{}}, PhonesNotHost: true,
		Limits: web.Limits{JoinPerSecond: 0.01, JoinBurst: 4, CommandPerSecond: 0.01, CommandBurst: 3}})
	host, ana := hostDevice(t, app), newDevice(t, app)
	game := host.createGame("secrets", "Ana", "Ben")
	ana.join(joinURLFromQR(t, host, game), game, 0) // 3 of the 4 join requests (link, its redirect, the post)
	guesser := newDevice(t, app)
	var codes []int
	for i := range 3 {
		c, _ := guesser.get(fmt.Sprintf("/games/%d/join?k=guess%d", game, i))
		codes = append(codes, c)
	}
	if codes[len(codes)-1] != http.StatusTooManyRequests {
		t.Errorf("guessing join codes from one address: %v; want 429 once the burst is spent", codes)
	}
	codes = nil
	for i := range 5 {
		c, _ := ana.command(game, "pass", nil, fmt.Sprint(i))
		codes = append(codes, c)
	}
	if codes[4] != http.StatusTooManyRequests {
		t.Errorf("5 quick commands from one phone: %v; want 429 once the burst is spent", codes)
	}
	for i := range 5 {
		if c, _ := host.command(game, "deal", nil, fmt.Sprint("d", i)); c != 200 {
			t.Errorf("the host's command %d: %d; the host is never limited", i, c)
		}
	}
}

func TestPublicViewShowsNoSecretEvenToTheHost(t *testing.T) {
	t.Parallel()
	tb := secretsTable(t)
	_, tv := tb.host.get(fmt.Sprintf("/games/%d/tv", tb.game))
	_, pub := tb.host.get(fmt.Sprintf("/games/%d?as=public", tb.game))
	for i, sec := range tb.secret {
		if strings.Contains(tv+pub, sec) {
			t.Errorf("the public view shows seat %d's secret", i)
		}
	}
	if !strings.Contains(tv, `data-as="public"`) {
		t.Error("the TV page does not mark itself public, so its live stream would not ask for the public view")
	}
	if strings.Contains(tv, `alt="QR code to join this game"`) {
		t.Error("the TV drawn by the host shows the join QR with every seat taken (the corner is for free seats)")
	}
	if _, stranger := newDevice(t, tb.app).get(fmt.Sprintf("/games/%d/tv", tb.game)); strings.Contains(stranger, "QR code to join") {
		t.Error("a spectator's public view shows the join QR (only the host may draw it)")
	}
}

// The poster's link and the host's join QR use the laptop's LAN address,
// looked up again each time one is drawn: a laptop that joins the Wi-Fi
// (or another one) after the start is found without a restart.
func TestJoinLinkForPostersUsesTheLANAddress(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	ctx := context.Background()
	var mu sync.Mutex
	var now []string // the laptop's addresses, as the lookup finds them
	app.Server.SetReach(web.Reach{URLs: func() []string { mu.Lock(); defer mu.Unlock(); return slices.Clone(now) }})
	if link, err := app.Server.JoinLink(ctx, game); err != nil || link != "" {
		t.Fatalf("with no LAN address: %q %v; want none", link, err)
	}
	for _, base := range []string{"http://192.168.1.23:8080", "http://10.0.0.7:8080"} {
		mu.Lock()
		now = []string{base}
		mu.Unlock()
		link, err := app.Server.JoinLink(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		qr := joinURLFromQR(t, host, game)
		if want := base + strings.TrimPrefix(qr, base); link != want || !strings.HasPrefix(qr, base+"/games/") {
			t.Fatalf("on %s: poster link %q, QR %q: want the same LAN join link", base, link, qr)
		}
	}
}

// The table waits for Ana: her phone gets the decision's answers, her move
// sheet, as one big card; Ben's phone and the TV learn only whom the table
// waits for.
func TestDecisionChoicesGoOnlyToTheDecidingPhone(t *testing.T) {
	t.Parallel()
	tb := secretsTable(t)
	type msg struct {
		Waiting struct {
			Seats []int
			Text  string
		}
		Turn string
	}
	var ana, ben, pub msg
	tb.ana.getJSON(fmt.Sprintf("/games/%d/view", tb.game), &ana)
	tb.ben.getJSON(fmt.Sprintf("/games/%d/view", tb.game), &ben)
	newDevice(t, tb.app).getJSON(fmt.Sprintf("/games/%d/view", tb.game), &pub)
	if got := moveTypes(ana.Turn); len(got) != 1 || got[0] != "pass" || !strings.Contains(ana.Turn, "Your move") {
		t.Fatalf("Ana's phone: %+v", ana)
	}
	for who, m := range map[string]msg{"Ben": ben, "the public": pub} {
		if len(moveTypes(m.Turn)) != 0 || strings.Contains(m.Turn, "<form") || len(m.Waiting.Seats) != 1 || m.Waiting.Seats[0] != 0 {
			t.Errorf("%s: %+v; want whom the table waits for, and no choices", who, m)
		}
		if !strings.Contains(m.Turn, "Waiting for <strong>Ana</strong>: pass the turn") {
			t.Errorf("%s's turn bar: %q", who, m.Turn)
		}
	}
}
