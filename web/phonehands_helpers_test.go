package web_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// screen is one device at the table: its tab and, once watched, every
// live-stream message the page received, recorded by the browser itself
// (the DevTools network domain sees each EventSource message as it lands
// in the page).
type screen struct {
	name    string
	tab     *testenv.Tab
	mu      sync.Mutex
	watched bool
	msgs    []string // each message's data, with a view's html field decoded
}

// watch is a screen recording its tab's live messages and requests; call
// it before the tab opens the game.
func watch(t testing.TB, name string, tab *testenv.Tab) *screen {
	t.Helper()
	return (&screen{name: name, tab: tab}).watch(t)
}

// watch starts recording the screen's live messages (and its tab's
// requests, testenv.RecordNetwork); call it before the tab opens the game.
// The browser reports a tab's traffic only when asked: a screen that is
// only looked at costs no recording.
func (s *screen) watch(t testing.TB) *screen {
	t.Helper()
	s.tab.RecordNetwork(t)
	chromedp.ListenTarget(s.tab.Ctx, func(ev any) {
		e, ok := ev.(*network.EventEventSourceMessageReceived)
		if !ok {
			return
		}
		text := e.EventName + " " + e.Data // a live frame's HTML is in it as it is
		s.mu.Lock()
		s.msgs = append(s.msgs, text)
		s.mu.Unlock()
	})
	s.mu.Lock()
	s.watched = true
	s.mu.Unlock()
	return s
}

// heard is every live message the screen received so far; it fails the
// test when the screen was never watched, where no message would prove
// nothing.
func (s *screen) heard(t testing.TB) []string {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.watched {
		t.Fatalf("%s's live messages were not recorded: watch the screen before it opens the game", s.name)
	}
	return append([]string(nil), s.msgs...)
}

// views counts the view messages received so far.
func (s *screen) views(t testing.TB) int {
	t.Helper()
	n := 0
	for _, m := range s.heard(t) {
		if strings.HasPrefix(m, "view ") {
			n++
		}
	}
	return n
}

// keeps fails the test when the screen's whole page, or any live message it
// received so far, contains one of the secrets.
func (s *screen) keeps(t *testing.T, when string, secrets ...string) {
	t.Helper()
	page := html(t, s.tab)
	msgs := s.heard(t)
	for _, sec := range secrets {
		if strings.Contains(page, sec) {
			t.Errorf("%s: %s's page holds another player's secret %q", when, s.name, sec)
		}
		for i, m := range msgs {
			if strings.Contains(m, sec) {
				t.Errorf("%s: %s's live message %d holds another player's secret %q", when, s.name, i, sec)
				break
			}
		}
	}
}

// shows fails the test unless the screen's page contains every string: the
// positive control that the secrets searched for are spelled as the page
// spells them.
func (s *screen) shows(t *testing.T, when string, want ...string) {
	t.Helper()
	page := html(t, s.tab)
	for _, w := range want {
		if !strings.Contains(page, w) {
			t.Errorf("%s: %s's page lacks %q", when, s.name, w)
		}
	}
}

// received fails the test unless some live message contains want within
// 15 s: the positive control that a secret's spelling is one its holder's
// frames carry, so that keeps could find it in anyone else's.
func (s *screen) received(t *testing.T, when, want string) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, m := range s.heard(t) {
			if strings.Contains(m, want) {
				return
			}
		}
	}
	t.Errorf("%s: no live message to %s holds %q", when, s.name, want)
}

// mark tags the page now shown, so notReloaded can prove a later change
// arrived live, without the page being loaded again.
func (s *screen) mark(t *testing.T) {
	t.Helper()
	s.tab.Run(t, chromedp.Evaluate(`window.tablesideMark = true`, nil))
}

// notReloaded fails the test when the page marked earlier was replaced.
func (s *screen) notReloaded(t *testing.T, when string) {
	t.Helper()
	var ok bool
	s.tab.Run(t, chromedp.Evaluate(`window.tablesideMark === true`, &ok))
	if !ok {
		t.Errorf("%s: %s's page was reloaded; the change should have arrived live", when, s.name)
	}
}

// taps counts a player's taps for the report of a move's cost.
type taps struct {
	t *testing.T
	n int
}

// submit taps a button that posts a form.
func (c *taps) submit(tab *testenv.Tab, sel string) {
	c.t.Helper()
	c.n++
	tab.Submit(c.t, sel, 200)
}

// tap taps a move on the move sheet: it is sent without leaving the page.
func (c *taps) tap(tab *testenv.Tab, sel string) {
	c.t.Helper()
	c.n++
	tab.Tap(c.t, sel)
}

// click taps anything else (a checkbox, a grid cell, a summary).
func (c *taps) click(tab *testenv.Tab, sel string) {
	c.t.Helper()
	c.n++
	tab.Run(c.t, chromedp.Click(sel, chromedp.ByQuery))
}

// atMost fails the test when a move took more taps than the UX allows.
func (c *taps) atMost(what string, max int) {
	c.t.Helper()
	if c.n > max {
		c.t.Errorf("%s took %d taps, want at most %d", what, c.n, max)
	}
	c.t.Logf("%s: %d taps", what, c.n)
	c.n = 0
}

func gameURL(app *testenv.App, id int64) string { return fmt.Sprintf("%s/games/%d", app.URL, id) }

// hostLaptop starts a server on which phones are not the host (every tab
// connects from 127.0.0.1) and opens the host laptop, which proves itself
// with the host token; host is its screen, to watch (screen.watch) before
// the laptop opens a game when the test reads what its stream brings.
func hostLaptop(t testing.TB) (app *testenv.App, hostTab *testenv.Tab, host *screen) {
	t.Helper()
	app, hostTab = hostLaptopTab(t)
	return app, hostTab, &screen{name: "the host", tab: hostTab}
}

// hostLaptopTab is a server whose phones cannot host and a laptop signed
// in as its host, for tests that watch the laptop's screen their own way.
func hostLaptopTab(t testing.TB) (*testenv.App, *testenv.Tab) {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	hostTab := testenv.Laptop(t)
	app.MakeHost(t, hostTab)
	return app, hostTab
}

// joinTwoPhones seats Ana's and Ben's phones at the game (seatPhone), each
// on the game's page.
func joinTwoPhones(t *testing.T, app *testenv.App, game int64) (ana, ben *screen) {
	t.Helper()
	ana, ben = watch(t, "Ana", testenv.Phone(t)), watch(t, "Ben", testenv.Phone(t))
	seatPhone(t, app, ana.tab, game, "Ana")
	seatPhone(t, app, ben.tab, game, "Ben")
	return ana, ben
}
