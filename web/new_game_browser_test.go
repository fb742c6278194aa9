package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"tableside/games"
	"tableside/internal/testenv"
)

// saveShot writes a full-page screenshot to $TABLESIDE_SHOTS (when set), so
// a person can look at the screen a test walked through.
func saveShot(t *testing.T, tab *testenv.Tab, name string) {
	t.Helper()
	dir := os.Getenv("TABLESIDE_SHOTS")
	if dir == "" {
		return
	}
	var png []byte
	tab.Run(t, chromedp.FullScreenshot(&png, 100))
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// noSideScroll fails the test when the page is wider than the screen. A
// phone (mobile emulation) widens window.innerWidth to the content when the
// page overflows, so the page is measured against the layout viewport
// (the root's clientWidth) as well.
func noSideScroll(t *testing.T, tab *testenv.Tab, where string) {
	t.Helper()
	var sw, iw, cw int
	tab.Run(t, chromedp.Evaluate(`document.documentElement.scrollWidth`, &sw), chromedp.Evaluate(`window.innerWidth`, &iw),
		chromedp.Evaluate(`document.documentElement.clientWidth`, &cw))
	if sw > iw || sw > cw {
		t.Errorf("%s scrolls sideways: %d px wide on a %d px screen", where, sw, min(iw, cw))
	}
}

// screenSize is a screen a test is run on: a name for its subtest and
// screenshots, its size, and whether it is a phone (touch, mobile).
type screenSize struct {
	name          string
	width, height int
	phone         bool
}

// laptopAndPhone are the two screens the set-up tests are run on.
var laptopAndPhone = []screenSize{{"laptop", testenv.LaptopWidth, testenv.LaptopHeight, false}, {"phone", 390, 844, true}}

// open opens a browser tab of the screen's size.
func (s screenSize) open(t *testing.T) *testenv.Tab {
	return testenv.NewTab(t, s.width, s.height, s.phone)
}

// pickKind chooses a game in the new-game form as a person does (the
// select's change event runs the form's script).
func pickKind(kind string) chromedp.Action {
	return chromedp.Evaluate(`(() => { const s = document.querySelector("#new-game-kind"); s.value = "`+kind+`"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil)
}

// visible reports whether the element matching sel is shown.
func visible(t *testing.T, tab *testenv.Tab, sel string) bool {
	t.Helper()
	var on bool
	tab.Run(t, chromedp.Evaluate(`(() => { const e = document.querySelector(`+"`"+sel+"`"+`); return !!e && e.offsetParent !== null; })()`, &on))
	return on
}

// The new-game form on a laptop and a phone shows the chosen game's
// settings only (board-mode options only in board mode), RISK's neutrals
// and Empire rule are chosen before Start, and nothing scrolls sideways.
func TestBrowserNewGameFormShowsOnlyTheChosenGamesSettings(t *testing.T) {
	t.Parallel()
	for _, dev := range laptopAndPhone {
		t.Run(dev.name, func(t *testing.T) {
			app, tab := testenv.Start(t), dev.open(t)
			app.MakeHost(t, tab)
			tab.Run(t, chromedp.Navigate(app.URL+"/"), chromedp.WaitVisible(`#new-game-kind`, chromedp.ByQuery))
			if !visible(t, tab, `#set-coldcash-mode`) || visible(t, tab, `#set-risk-neutrals`) || visible(t, tab, `#set-coldcash-deck`) {
				t.Fatal("with Cold Cash Risk chosen, the form should show its bank-mode settings only")
			}
			noSideScroll(t, tab, "the new-game form")
			saveShot(t, tab, "newgame-coldcash-"+dev.name)
			tab.Run(t, chromedp.SetValue(`#set-coldcash-mode`, "board", chromedp.ByQuery),
				chromedp.Evaluate(`document.querySelector("#set-coldcash-mode").dispatchEvent(new Event("change", {bubbles: true}))`, nil))
			if !visible(t, tab, `#set-coldcash-deck`) || !visible(t, tab, `#set-coldcash-ending`) {
				t.Fatal("board mode chosen, but its deck and ending do not show")
			}
			for _, r := range games.All() { // every game's settings fit the screen
				tab.Run(t, pickKind(r.Kind()))
				noSideScroll(t, tab, "the new-game form with "+r.Title()+" chosen")
				if !visible(t, tab, `#`+r.Kind()+`-options`) {
					t.Fatalf("%s chosen, but its settings do not show", r.Title())
				}
			}
			tab.Run(t, pickKind("risk"))
			if visible(t, tab, `#set-coldcash-mode`) || !visible(t, tab, `#set-risk-neutrals`) || !visible(t, tab, `#set-risk-empire`) || visible(t, tab, `#set-pctw-wrap`) {
				t.Fatal("with RISK chosen, the form should show RISK's settings and no other game's")
			}
			tab.Run(t,
				chromedp.SetValue(`#set-risk-neutrals`, "1", chromedp.ByQuery),
				chromedp.Click(`#set-risk-empire`, chromedp.ByQuery),
				chromedp.SendKeys(`input[name=player]:nth-of-type(1)`, "Ana", chromedp.ByQuery),
				chromedp.SendKeys(`input[name=player]:nth-of-type(2)`, "Ben", chromedp.ByQuery),
			)
			noSideScroll(t, tab, "the new-game form with RISK chosen")
			var small []string
			tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll('#new-game select, #new-game input:not([type=hidden]):not([type=checkbox]), #new-game label.check, #new-game button')].filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44).map(e => e.outerHTML.slice(0, 80))`, &small))
			if len(small) > 0 {
				t.Fatalf("tap targets under 44 px on the form: %q", small)
			}
			saveShot(t, tab, "newgame-risk-"+dev.name)
			tab.Submit(t, `#new-game button.primary`, 200)
			tab.Run(t, testenv.WaitText(`#live`, "Neutral"), testenv.WaitText(`#live`, "Empire rule (on)"))
			noSideScroll(t, tab, "the RISK set-up screen")
		})
	}
}

// Without JavaScript the form still works: every game's settings show
// under its name, and the game started gets the chosen game's settings.
func TestBrowserNewGameFormWorksWithoutJavaScript(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.NewTab(t, 390, 844, true)
	app.MakeHost(t, tab)
	tab.Run(t, emulation.SetScriptExecutionDisabled(true), chromedp.Navigate(app.URL+"/"), chromedp.WaitVisible(`#new-game-kind`, chromedp.ByQuery))
	if !visible(t, tab, `#set-coldcash-mode`) || !visible(t, tab, `#set-risk-neutrals`) || !visible(t, tab, `#set-scorepad-lowWins`) {
		t.Fatal("without JavaScript every game's settings should show, each under its name")
	}
	tab.Run(t,
		chromedp.SetValue(`#new-game-kind`, "risk", chromedp.ByQuery),
		chromedp.SetValue(`#set-risk-neutrals`, "2", chromedp.ByQuery),
		chromedp.SetValue(`#set-pctw-startArmies`, "77", chromedp.ByQuery), // another game's field: never read
		chromedp.SendKeys(`input[name=player]:nth-of-type(1)`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=player]:nth-of-type(2)`, "Ben", chromedp.ByQuery),
	)
	noSideScroll(t, tab, "the form without JavaScript")
	tab.Submit(t, `#new-game button.primary`, 200)
	var body string
	tab.Run(t, chromedp.Text(`.cq-players`, &body, chromedp.ByQuery))
	if !strings.Contains(body, "Neutral 1") || !strings.Contains(body, "Neutral 2") {
		t.Fatalf("the RISK game started without JavaScript has players %q; want two neutrals", body)
	}
	gs, err := app.Tracker.Games(t.Context())
	if err != nil || len(gs) != 1 {
		t.Fatalf("games: %v %v", gs, err)
	}
	if strings.Contains(string(gs[0].Setup.Settings), "77") {
		t.Fatalf("PCTW's field reached the RISK game: %s", gs[0].Setup.Settings)
	}
}
