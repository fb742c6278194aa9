package web_test

import (
	"context"
	"fmt"
	gohtml "html"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/internal/testclient"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
)

// html is the page as the tab holds it now, live updates included.
func html(t *testing.T, tab *testenv.Tab) string {
	var s string
	tab.Run(t, chromedp.OuterHTML("html", &s, chromedp.ByQuery))
	return s
}

// qrFromScreen photographs the host screen's QR code and decodes it, as a
// phone's camera would.
func qrFromScreen(t testing.TB, host *testenv.Tab) string {
	t.Helper()
	// The phones panel is redrawn as the live stream opens; the code's
	// picture stays the same element (app.js redrawKeepingPictures).
	host.WaitFor(t, `(() => { const i = document.querySelector("#phones .qr img"); return !!i && i.complete && i.naturalWidth > 0; })()`, "the join QR code drawn")
	return decodeQR(t, host.ElementPNG(t, `#phones .qr img`))
}

// joinInBrowser scans the join URL with a phone and taps the seat's name.
func joinInBrowser(t testing.TB, phone *testenv.Tab, joinURL, name string) {
	t.Helper()
	var loc string
	phone.Run(t,
		chromedp.Navigate(joinURL),
		chromedp.WaitVisible(`.seat-pick`, chromedp.ByQuery),
		chromedp.Location(&loc),
	)
	if strings.Contains(loc, "k=") {
		t.Fatalf("after scanning, the address bar still holds the join code: %s", loc)
	}
	phone.Submit(t, fmt.Sprintf(`.seat-pick button[data-name=%q]`, name), 200)
	phone.Run(t, testenv.WaitText(`.seatbar`, "You are "+name))
}

// seatPhone seats a browser phone at a game the short way and opens the
// game on it (holdSeat).
func seatPhone(t testing.TB, app *testenv.App, phone *testenv.Tab, game int64, name string) {
	t.Helper()
	holdSeat(t, app, phone, game, name)
	phone.Run(t, chromedp.Navigate(gameURL(app, game)), testenv.WaitText(`.seatbar`, "You are "+name))
}

// holdSeat gives a browser phone the seat named name, the short way, for
// the tests whose subject is what a seated phone does: the join link is
// opened and the name tapped over HTTP, through the same handlers and with
// the phone's own user agent, and the seat cookie that answers is handed
// to the phone's browser. The phone's page does not change. The join as a
// person makes it in the browser (the QR code on the host's screen, the
// seat page, the code leaving the address bar) is joinInBrowser's, in the
// tests about joining. The short way spares each phone two page loads, a
// redirect and a picture of the QR code (docs/performance.md, round 22).
func holdSeat(t testing.TB, app *testenv.App, phone *testenv.Tab, game int64, name string) {
	t.Helper()
	var ua string
	phone.Run(t, chromedp.Evaluate(`navigator.userAgent`, &ua))
	c := testclient.New(t, app.URL)
	code, body := c.Get(joinURLFromQR(t, hostDevice(t, app), game), "User-Agent", ua)
	seat := regexp.MustCompile(`name="seat" value="(\d+)">\s*<button[^>]*data-name="` + regexp.QuoteMeta(gohtml.EscapeString(name)) + `"`).FindStringSubmatch(body)
	if code != http.StatusOK || seat == nil {
		t.Fatalf("the join page offers no seat named %s: %d %.300s", name, code, body)
	}
	if code, body := c.PostForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {seat[1]}}, "User-Agent", ua); code != http.StatusSeeOther {
		t.Fatalf("%s taps their name: %d %.300s", name, code, body)
	}
	phone.GiveCookies(t, c.HTTP.Jar, app.URL)
}

// Host plus two phones join one game by its QR code, take turns, see every
// change live without reloading, and never receive each other's secret.
func TestBrowserThreeDevicesJoinByQRAndKeepSecrets(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{Games: []engine.Rules{testgames.Secrets{}}, PhonesNotHost: true})
	// The laptop opens the host link, as a second host screen does: it
	// lands on the home page, signed in (app.MakeHost skips these loads).
	host := testenv.Laptop(t)
	host.RecordNetwork(t)
	host.Run(t,
		chromedp.Navigate(app.URL+"/host?k="+url.QueryEscape(app.HostToken)),
		chromedp.WaitVisible(`select[name=kind]`, chromedp.ByQuery),
		chromedp.SetValue(`select[name=kind]`, "secrets", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=player]:nth-of-type(1)`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=player]:nth-of-type(2)`, "Ben", chromedp.ByQuery),
	)
	host.Submit(t, `#start-game`, 200)
	host.Run(t, chromedp.SetValue(`input[name=type]`, "deal", chromedp.ByQuery))
	host.Submit(t, `form.card button.primary`, 200)
	var secret [2]string
	app.Tracker.State(context.Background(), 1, func(s engine.State, _ int64) {
		secret[0], secret[1] = testgames.SecretOf(s, 0), testgames.SecretOf(s, 1)
	})
	join := qrFromScreen(t, host)
	if !strings.HasPrefix(join, app.URL+"/games/1/join?k=") {
		t.Fatalf("the QR on the host screen says %q", join)
	}

	ana, ben := testenv.Phone(t), testenv.Phone(t)
	anaHeard, benHeard := watch(t, "Ana", ana), watch(t, "Ben", ben)
	// The phones list is drawn anew as Ana joins; the join code, unchanged
	// while Ben's seat is free, stays the very picture (not decoded again).
	host.Run(t, chromedp.Evaluate(`window.qrShown = document.querySelector("#phones .qr img"), true`, nil))
	joinInBrowser(t, ana, join, "Ana")
	host.Run(t, testenv.WaitText(`#phones [data-seat="0"]`, "online"))
	var kept bool
	host.Run(t, chromedp.Evaluate(`document.querySelector("#phones .qr img") === window.qrShown && document.querySelector("#phones [data-seat='0']") !== null`, &kept))
	if !kept {
		t.Fatal("the join QR code became a new picture when Ana joined; want the one on the screen kept")
	}
	joinInBrowser(t, ben, join, "Ben")
	host.Run(t,
		testenv.WaitText(`#phones [data-seat="0"]`, "online"),
		testenv.WaitText(`#phones [data-seat="1"]`, "online"),
	)

	// Ana's phone shows her move as a big card; Ben's says the table waits for Ana.
	ana.Run(t, testenv.WaitText(`#turn .decision`, "Your move"), testenv.WaitText(`pre.view`, secret[0]))
	ben.Run(t, testenv.WaitText(`#turn`, "Waiting for Ana"), testenv.WaitText(`pre.view`, secret[1]))

	// Ben's page must not reload while Ana plays: a mark on it survives only if it does not.
	ben.Run(t, chromedp.Evaluate(`window.notReloaded = true`, nil))
	ana.Tap(t, `#turn .decision form.choice button`) // the big card's one tap
	ben.Run(t, testenv.WaitText(`#turn .decision`, "Your move"), testenv.WaitText(`pre.view`, `"passes":1`))
	host.Run(t, testenv.WaitText(`pre.view`, `"passes":1`), testenv.WaitText(`#turn`, "Waiting for Ben"))
	var same bool
	ben.Run(t, chromedp.Evaluate(`window.notReloaded === true`, &same))
	if !same {
		t.Fatal("Ben's page reloaded to show Ana's move; it must arrive live")
	}

	var benButtons int
	ben.Run(t, chromedp.Evaluate(`document.querySelectorAll("#turn .decision form.choice button").length`, &benButtons))
	if benButtons != 1 {
		t.Fatalf("Ben's phone shows %d decision buttons on his move; want 1", benButtons)
	}
	ben.Tap(t, `#turn .decision form.choice button`)
	ana.Run(t, testenv.WaitText(`#turn .decision`, "Your move"), testenv.WaitText(`pre.view`, `"passes":2`))

	// Ana's phone sleeps and reloads mid-game: she keeps her seat and her secret.
	ana.Run(t, chromedp.Reload(), testenv.WaitText(`.seatbar`, "You are Ana"), testenv.WaitText(`pre.view`, secret[0]))

	anaAll := html(t, ana) + strings.Join(anaHeard.heard(t), "\n")
	benAll := html(t, ben) + strings.Join(benHeard.heard(t), "\n")
	if !strings.Contains(anaAll, secret[0]) || !strings.Contains(benAll, secret[1]) {
		t.Fatal("a phone never showed its own secret: the search below would prove nothing")
	}
	if strings.Contains(anaAll, secret[1]) {
		t.Error("Ana's phone received Ben's secret")
	}
	if strings.Contains(benAll, secret[0]) {
		t.Error("Ben's phone received Ana's secret")
	}
	if len(anaHeard.heard(t)) == 0 || len(benHeard.heard(t)) == 0 {
		t.Error("the phones received no live messages at all")
	}
	for _, tab := range []*testenv.Tab{host, ana, ben} {
		tab.AssertLocalOnly(t, app.URL)
	}
}

// Two phones keep score in a score pad: each writes their own points (and a
// note) on the move sheet, the other phone and the host see it live, and a
// double tap writes once.
func TestBrowserScorePadTurnsOnPhonesWithLiveUpdates(t *testing.T) {
	t.Parallel()
	app, host := hostLaptopTab(t)
	host.RecordNetwork(t)
	hostDev := hostDevice(t, app)
	game := hostDev.createGame("scorepad", "Ana", "Ben")
	host.Run(t, chromedp.Navigate(fmt.Sprintf("%s/games/%d", app.URL, game)))
	ana, ben := testenv.Phone(t), testenv.Phone(t)
	ana.RecordNetwork(t)
	ben.RecordNetwork(t)
	seatPhone(t, app, ana, game, "Ana")
	seatPhone(t, app, ben, game, "Ben")

	ana.Run(t, chromedp.SetValue(`#sheet input[name="d.points"]`, "5", chromedp.ByQuery),
		chromedp.SetValue(`#sheet input[name="t.note"]`, "first round", chromedp.ByQuery))
	ana.Tap(t, `#sheet .choice-score-0`)
	ben.Run(t, testenv.WaitText(`[data-seat-total="0"]`, "5"))
	host.Run(t, testenv.WaitText(`[data-seat-total="0"]`, "5"), testenv.WaitText(`.entries`, "(first round)"))

	// Ben taps twice, fast: one entry.
	ben.Run(t,
		chromedp.SetValue(`#sheet input[name="d.points"]`, "3", chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const b = document.querySelector("#sheet .choice-score-1"); b.click(); b.click(); })()`, nil),
	)
	ana.Run(t, testenv.WaitText(`[data-seat-total="1"]`, "3"))
	host.Run(t, testenv.WaitText(`[data-seat-total="1"]`, "3"), testenv.WaitText(`.undo-bar`, "Ben scored 3"))
	var entries int
	app.Tracker.State(context.Background(), game, func(s engine.State, seq int64) { entries = int(seq) })
	if entries != 2 {
		t.Fatalf("after Ana's tap and Ben's double tap the log holds %d events; want 2", entries)
	}
	for _, tab := range []*testenv.Tab{host, ana, ben} {
		tab.AssertLocalOnly(t, app.URL)
	}
}

// A phone loses its network mid-game: it says it is offline, and when the
// network is back it shows the change it missed, without a reload. The phone
// reaches the server through a proxy the test can cut, like a Wi-Fi drop.
func TestBrowserPhoneOfflineShowsItAndCatchesUpWithoutReload(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	wifi := newCuttable(t, strings.TrimPrefix(app.URL, "http://"))
	phone := testenv.Phone(t)
	phone.RecordNetwork(t)
	holdSeat(t, app, phone, game, "Ana")
	phone.Run(t,
		chromedp.Navigate(fmt.Sprintf("%s/games/%d", wifi.url, game)), // cookies are per host, not per port
		testenv.WaitText(`.seatbar`, "You are Ana"),
		testenv.WaitText(`[data-seat-total="0"]`, "0"),
		chromedp.Evaluate(`window.notReloaded = true`, nil),
	)
	phone.WaitFor(t, `document.querySelector(".offline").hidden`, "the stream to open")
	wifi.cut()
	phone.WaitFor(t, `!document.querySelector(".offline").hidden`, "the offline badge to show")
	if code, body := host.command(game, "score", map[string]int{"seat": 0, "points": 5}, "while-offline"); code != 200 {
		t.Fatalf("score: %d %s", code, body)
	}
	wifi.restore()
	phone.Run(t, testenv.WaitText(`[data-seat-total="0"]`, "5"))
	phone.WaitFor(t, `document.querySelector(".offline").hidden`, "the offline badge to go")
	var same bool
	phone.Run(t, chromedp.Evaluate(`window.notReloaded === true`, &same))
	if !same {
		t.Fatal("the phone reloaded to catch up; the missed change must arrive live")
	}
	for _, u := range phone.Requests(t) {
		if !strings.HasPrefix(u, app.URL) && !strings.HasPrefix(u, wifi.url) {
			t.Errorf("the phone requested %s, outside the server", u)
		}
	}
}

// cuttable is a TCP proxy standing for the table's Wi-Fi: cut drops every
// connection and refuses new ones until restore.
type cuttable struct {
	url   string
	mu    sync.Mutex
	down  bool
	conns []net.Conn
}

func newCuttable(t *testing.T, target string) *cuttable {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cuttable{url: "http://" + ln.Addr().String()}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			if p.down {
				p.mu.Unlock()
				c.Close()
				continue
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				p.mu.Unlock()
				c.Close()
				continue
			}
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { io.Copy(up, c); up.Close() }()
			go func() { io.Copy(c, up); c.Close() }()
		}
	}()
	return p
}

func (p *cuttable) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *cuttable) restore() {
	p.mu.Lock()
	p.down = false
	p.mu.Unlock()
}
