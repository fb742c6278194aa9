package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// a11yTabs opens the devices the accessibility test looks through: the
// host's laptop, a 360 px phone, and a TV (a 1280 x 720 browser with no
// host rights and no seat), all on one server. A device lives four minutes
// at most (testenv.NewTab), so one two minutes old is replaced by a new one
// (which is no longer seated: a phone then sees the public view).
type a11yTabs struct {
	app  *testenv.App
	tabs map[string]*a11yTab
}

type a11yTab struct {
	*testenv.Tab
	born time.Time
}

func newA11yTabs(app *testenv.App) *a11yTabs {
	return &a11yTabs{app: app, tabs: map[string]*a11yTab{}}
}

// tab is a device of the kind ("host", "phone" or "tv") with pages left.
func (a *a11yTabs) tab(t *testing.T, kind string) *testenv.Tab {
	t.Helper()
	if d := a.tabs[kind]; d != nil && time.Since(d.born) < 2*time.Minute {
		return d.Tab
	}
	var tab *testenv.Tab
	switch kind {
	case "host":
		tab = testenv.Laptop(t)
		a.app.MakeHost(t, tab)
	case "phone":
		tab = testenv.NewTab(t, 360, 740, true)
	default:
		tab = testenv.NewTab(t, 1280, 720, false)
	}
	a.tabs[kind] = &a11yTab{Tab: tab, born: time.Now()}
	return tab
}

// away takes every device off the game it shows before the game is
// played on: a screen left open would draw each move for nothing, and the
// next check loads its page afresh anyway. The phone comes back first,
// well inside the host's grace for a seat's phone (awayGrace), so the
// host's list still shows it online.
func (a *a11yTabs) away(t *testing.T) {
	t.Helper()
	for _, d := range a.tabs {
		d.Away(t)
	}
}

// check opens path on a device of the kind once it shows ready, and fails
// on any axe-core violation there, in the light and the dark colour scheme.
func (a *a11yTabs) check(t *testing.T, kind, name, path, ready string) {
	t.Helper()
	tab := a.tab(t, kind)
	t.Run(name, func(t *testing.T) {
		tab.Run(t, chromedp.Navigate(a.app.URL+path), chromedp.WaitVisible(ready, chromedp.ByQuery))
		testenv.AxeLightAndDark(t, tab, name)
		if kind == "phone" { // a 360 px phone: no sideways scroll, no tap target under 44 px
			if problems := tab.LayoutProblems(t); len(problems) > 0 {
				t.Errorf("%s on a 360 px phone:\n  %s", name, strings.Join(problems, "\n  "))
			}
		}
		if ready == "#live" { // a game's screen: its feed is read out as it changes
			var live string
			tab.Run(t, chromedp.Evaluate(`(document.getElementById("feed") || {getAttribute: () => "no #feed"}).getAttribute("aria-live")`, &live))
			if live != "polite" {
				t.Errorf("%s: the feed's aria-live is %q, want polite", name, live)
			}
		}
	})
}

// Every page in docs/screens.md is readable by everyone: axe-core finds no
// violation of any impact on the host's screen, a 360 px phone and the TV
// of every game, the join page, the winner screen with its luck, the dice
// page, the timeline, the score log's pages and the pages around the
// games, in light and dark mode; every game screen's feed is a polite
// live region.
func TestEveryScreenPassesAxeInLightAndDarkMode(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	fixedDice(app) // before any game starts: the groups below run side by side
	for _, g := range everyGameSetUp {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			a, host := newA11yTabs(app), hostDevice(t, app)
			id := host.createGameWith(g.kind, g.settings, "Ana", "Ben")
			game := fmt.Sprintf("/games/%d", id)
			join := joinURLFromQR(t, host, id)
			if g.kind == "risk" {
				a.tab(t, "join").Run(t, chromedp.Navigate(join)) // the join page, after the code is taken off the address
				a.check(t, "join", "join", game+"/join", `.seat-pick`)
			}
			holdSeat(t, app, a.tab(t, "phone"), id, "Ana")
			a.check(t, "host", g.name+"-host", game, `#live`)
			a.check(t, "phone", g.name+"-phone360", game, `#live`)
			a.check(t, "tv", g.name+"-tv", game+"/tv", `#live`)
			if g.name == "coldcash-bank" {
				a.checkColdCashToTheEnd(t, host, id)
			}
			if g.kind == "scorepad" { // its winner screen, with a play to log in BG Stats
				a.away(t)
				for _, c := range []struct {
					typ  string
					data any
				}{{"score", map[string]int{"seat": 0, "points": 7}}, {"score", map[string]int{"seat": 1, "points": 12}}, {"finish", nil}} {
					if code, body := host.command(id, c.typ, c.data, ""); code != 200 {
						t.Fatalf("%s: %d %s", c.typ, code, body)
					}
				}
				a.check(t, "phone", "scorepad-winner-phone360", game, `#winner`) // first: the host sees Ana's phone online
				a.check(t, "host", "scorepad-winner-host", game, `#winner`)
				a.check(t, "tv", "scorepad-winner-tv", game+"/tv", `#winner`)
			}
		})
	}
	t.Run("the-end", func(t *testing.T) { t.Parallel(); newA11yTabs(app).checkTheEnd(t, hostDevice(t, app)) })
	t.Run("pages", func(t *testing.T) {
		t.Parallel()
		a := newA11yTabs(app)
		for _, p := range []string{"/", "/join", "/odds", "/odds?a=12&d=3&chain=2,2", "/calc", "/print",
			"/scores", "/scores/new", "/scores/players", "/scores/games", "/scores/ratings"} {
			a.check(t, "phone", p+" phone360", p, `main`)
		}
		a.check(t, "host", "new-game-host", "/", `main form`)
	})
}

// checkColdCashToTheEnd looks at a Cold Cash Risk game in full swing (two
// companies, shares held), then at its end: the winner screen with its
// chart, and the timeline's past table and chart.
func (a *a11yTabs) checkColdCashToTheEnd(t *testing.T, host *device, id int64) {
	t.Helper()
	a.away(t)
	do := twoCompaniesOpened(host, id)
	game := fmt.Sprintf("/games/%d", id)
	a.check(t, "phone", "coldcash-busy-phone360", game, `#live`) // first: the host sees Ana's phone online
	a.check(t, "host", "coldcash-busy-host", game, `#live`)
	a.away(t)
	do("size", map[string]any{"company": "c2", "size": 12})
	do("size", map[string]any{"company": "c6", "size": 22})
	do("end", map[string]any{"reason": "closing-bell"})
	a.check(t, "phone", "coldcash-winner-phone360", game, `#winner svg.chart.worth`)
	a.check(t, "host", "coldcash-winner-host", game, `#winner svg.chart.worth`)
	a.check(t, "tv", "coldcash-timeline-tv", game+"/timeline?at=3", `#timeline svg.chart`)
}

// checkTheEnd plays a RISK game to the world with the app's dice and looks
// at its end: the winner screen with its chart and luck, the dice page, the
// timeline, and the score log's pages of the play and its winner.
func (a *a11yTabs) checkTheEnd(t *testing.T, host *device) {
	t.Helper()
	g := &conquestGame{t: t, host: host, id: host.createGame("risk", "Ana", "Ben"), dice: true}
	g.do("start", nil)
	g.playToTheWorld()
	game := fmt.Sprintf("/games/%d", g.id)
	a.check(t, "host", "winner-host", game, `#winner`)
	a.check(t, "phone", "winner-luck-phone360", game, `#luck`)
	a.check(t, "tv", "winner-tv", game+"/tv", `#winner`)
	a.check(t, "phone", "dice-phone360", game+"/dice", `main`)
	a.check(t, "phone", "timeline-phone360", game+"/timeline", `#timeline`)
	var play, player string
	a.tab(t, "tv").Run(t, chromedp.Navigate(a.app.URL+"/scores"),
		chromedp.AttributeValue(`a[href^="/scores/plays/"]`, "href", &play, nil, chromedp.ByQuery),
		chromedp.Navigate(a.app.URL+"/scores/players"),
		chromedp.AttributeValue(`a[href^="/scores/players/"]`, "href", &player, nil, chromedp.ByQuery))
	a.check(t, "phone", "score-play-phone360", play, `main`)
	a.check(t, "phone", "score-player-phone360", player, `main`)
}

// tileDescription is a map tile's accessible name without the words drawn
// on it ("C Amer M&P 2, Central America: Mom & Pop defending with 2 teams"
// → "Central America: Mom & Pop defending with 2 teams").
func tileDescription(label string) string {
	if i := strings.Index(label, ": "); i >= 0 {
		if j := strings.Index(label[:i], ", "); j >= 0 {
			return label[j+2:]
		}
	}
	return label
}
