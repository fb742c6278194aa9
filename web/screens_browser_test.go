package web_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// screensDir, when set (go test ./web -run TestScreens -screens ../docs/screens),
// saves each screen the test looks at as a JPEG for docs/screens.md.
var screensDir = flag.String("screens", "", "directory to save the screen guide's screenshots in")

// layoutProblems is the shared measure of a page on a phone (testenv).
const layoutProblems = testenv.LayoutProblemsJS

// checkScreen fails the test on a page that scrolls sideways or has tap
// targets under 44 px, and saves the screen when -screens is given.
func checkScreen(t *testing.T, tab *testenv.Tab, name string) {
	t.Helper()
	var problems []string
	// The maps are measured as they open, at their working zoom (mapzoom.js).
	tab.WaitFor(t, `!document.querySelector(".cq-map-wrap:not([data-opened]), .cc-map-wrap:not([data-opened])")`, "the maps to open at their working zoom")
	tab.Run(t, chromedp.Evaluate(layoutProblems, &problems))
	if len(problems) > 0 {
		if len(problems) > 12 {
			problems = append(problems[:12], fmt.Sprintf("and %d more", len(problems)-12))
		}
		t.Errorf("%s:\n  %s", name, strings.Join(problems, "\n  "))
	}
	if *screensDir == "" {
		return
	}
	// Drawn at one device pixel per CSS pixel (a phone is emulated at 3)
	// and as a JPEG (a quality under 100): small enough for docs/screens.
	var size []int64
	var touch bool
	tab.Run(t, chromedp.Evaluate(`[innerWidth, innerHeight]`, &size), chromedp.Evaluate(`navigator.maxTouchPoints > 0`, &touch))
	var jpg []byte
	if touch {
		tab.Run(t, chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(1)))
	}
	tab.Run(t, chromedp.FullScreenshot(&jpg, 70))
	if touch {
		tab.Run(t, chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(3)))
	}
	path := filepath.Join(*screensDir, name+".jpg") // a subtest's name holds a folder
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, jpg, 0o644); err != nil {
		t.Fatal(err)
	}
}

// screenTable is one game on a laptop and two phones of the two sizes the
// table's phones come in, all joined by the QR on the host screen.
// everyGameSetUp is each game a table can start, Cold Cash Risk in both
// its modes, as the screen tests go through them: a name for the
// subtest and its screenshots, the kind and the settings.
var everyGameSetUp = []struct {
	name, kind string
	settings   map[string]any
}{
	{"coldcash-bank", "coldcash", nil},
	{"coldcash-board", "coldcash", map[string]any{"mode": "board", "deck": "app"}},
	{"risk", "risk", nil},
	{"pctw", "pctw", nil},
	{"takeover", "takeover", nil},
	{"cashcrash", "cashcrash", nil},
	{"scorepad", "scorepad", nil},
}

type screenTable struct {
	app    *testenv.App
	id     int64
	host   *testenv.Tab
	phones []*testenv.Tab // Ana on a 360 x 740 phone, Ben on a 390 x 844 one
}

func newScreenTable(t *testing.T, kind string, settings map[string]any) *screenTable {
	t.Helper()
	app, hostTab, _ := hostLaptop(t)
	id := hostDevice(t, app).createGameWith(kind, settings, "Ana", "Ben")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	small, big := testenv.NewTab(t, 360, 740, true), testenv.NewTab(t, 390, 844, true)
	seatPhone(t, app, small, id, "Ana")
	seatPhone(t, app, big, id, "Ben")
	return &screenTable{app: app, id: id, host: hostTab, phones: []*testenv.Tab{small, big}}
}

// check looks at every screen of the table as it is now: the host's, both
// phones' and the TV's.
func (tb *screenTable) check(t *testing.T, name string) {
	t.Helper()
	tb.host.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	checkScreen(t, tb.host, name+"-host")
	for i, p := range tb.phones {
		p.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
		checkScreen(t, p, fmt.Sprintf("%s-phone%d", name, []int{360, 390}[i]))
	}
	// The TV screen, as the laptop draws it on a 1920 x 1080 TV (its join
	// corner included); tv_browser_test.go measures it at both TV sizes.
	tv := tb.host
	tv.Run(t, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(gameURL(tb.app, tb.id)+"/tv"), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	checkScreen(t, tv, name+"-tv1920")
	var menu bool
	tv.Run(t, chromedp.Evaluate(`document.querySelector("header nav") !== null || !document.body.classList.contains("tv")`, &menu))
	if menu {
		t.Errorf("%s: the TV view shows the site menu or lacks its big type", name)
	}
	tv.Run(t, chromedp.EmulateViewport(testenv.LaptopWidth, testenv.LaptopHeight))
}

// Every game's screens fit a phone and a laptop: no sideways scrolling,
// no tap target under 44 px, on the host, both phones and the TV view.
func TestScreensOfEveryGameFitAndCanBeTapped(t *testing.T) {
	for _, g := range everyGameSetUp {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			tb := newScreenTable(t, g.kind, g.settings)
			tb.check(t, g.name)
			if g.name == "coldcash-board" { // the map's names read at 14 px or more on the laptop
				var px float64
				tb.host.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)),
					chromedp.Evaluate(`Math.min(...[...document.querySelectorAll(".cc-map .tname")].map(e => e.getBoundingClientRect().height))`, &px))
				if px < 14 {
					t.Errorf("the board map's smallest territory name is %.1f px high on the laptop; want 14 or more", px)
				}
			}
		})
	}
}

// The pages around the games fit a phone too.
func TestScreensAroundTheGamesFit(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	for _, size := range [][2]int{{360, 740}, {390, 844}} {
		tab := testenv.NewTab(t, size[0], size[1], true)
		for _, p := range []string{"/", "/odds", "/odds?a=10&d=8", "/odds?a=12&d=3&chain=2,2", "/calc", "/print", "/scores"} {
			tab.Run(t, chromedp.Navigate(app.URL+p), chromedp.WaitVisible(`main`, chromedp.ByQuery))
			name := strings.Trim(strings.NewReplacer("/", "-", "?", "-", "&", "-", "=", "").Replace(p), "-")
			if name == "" {
				name = "home"
			}
			checkScreen(t, tab, fmt.Sprintf("page-%s-%d", name, size[0]))
		}
	}
}

// Cold Cash Risk's busiest screens fit too: shares held and hidden, every
// company active, and a phone's merger decision card.
func TestScreensOfAColdCashGameInFullSwingFit(t *testing.T) {
	t.Parallel()
	tb := newScreenTable(t, "coldcash", nil)
	host := hostDevice(t, tb.app)
	do := func(d *device, typ string, data map[string]any) {
		t.Helper()
		if code, body := d.command(tb.id, typ, data, ""); code != 200 {
			t.Fatalf("%s %v: %d %s", typ, data, code, body)
		}
	}
	for i, co := range []string{"c1", "c2", "c3", "c4", "c5", "c6"} {
		do(host, "found", map[string]any{"company": co, "seat": i % 2, "size": 2 + i})
	}
	do(host, "buy", map[string]any{"seat": 0, "company": "c5", "count": 3})
	do(host, "turn", nil)
	do(host, "buy", map[string]any{"seat": 1, "company": "c5", "count": 2})
	tb.check(t, "coldcash-bank-busy")
	for i, p := range tb.phones { // and its timeline, with the chart
		p.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)+"/timeline"), chromedp.WaitVisible(`#timeline svg.chart`, chromedp.ByQuery))
		checkScreen(t, p, fmt.Sprintf("coldcash-bank-busy-timeline-phone%d", []int{360, 390}[i]))
	}
	do(host, "merge", map[string]any{"survivor": "c6", "defunct": "c5", "maker": 0})
	tb.check(t, "coldcash-bank-merger")
	var card string
	tb.phones[0].Run(t, chromedp.Text(`#turn .decision`, &card, chromedp.ByQuery))
	if !strings.Contains(card, "Sell all") {
		t.Fatalf("Ana's phone during the merger shows %q; want her decision card", card)
	}
}
