package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine/conquest"
	"tableside/internal/testenv"
)

// Classic RISK is set up in one tap on a laptop or a phone: it deals the
// territories and places every start army at random (the neutral's too);
// then a tap on the map narrows the move sheet to where the first build
// goes and one more puts it all down. The status line
// follows the phase (never "0 to place" while attacking), the neutral's
// armies are on the map, every territory label is its own and at least 14
// px on the laptop, and nothing scrolls sideways.
func TestBrowserRiskSetUpInAFewTaps(t *testing.T) {
	t.Parallel()
	for _, dev := range laptopAndPhone {
		t.Run(dev.name, func(t *testing.T) {
			app, tab := testenv.Start(t), dev.open(t)
			id := createConquest(t, app, "risk", conquest.Settings{Neutrals: 1})
			tab.Run(t, chromedp.Navigate(app.URL+"/games/"+itoa(id)), chromedp.WaitVisible(`#sheet .choice-start-random`, chromedp.ByQuery))
			noSideScroll(t, tab, "the set-up screen")
			saveShot(t, tab, "risk-setup-"+dev.name)
			tab.Tap(t, `#sheet .choice-start-random`) // tap 1
			if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ana: place") {
				t.Fatalf("after the random start the status says %q; want Ana's build", s)
			}
			var unplaced, neutralArmies int
			tab.Run(t,
				chromedp.Evaluate(`document.querySelectorAll('.cq-spot').length - [...document.querySelectorAll('.cq-spot title')].filter(x => !x.textContent.includes("nobody")).length`, &unplaced),
				chromedp.Evaluate(`[...document.querySelectorAll('.cq-players tbody tr')].filter(r => r.textContent.includes("Neutral")).map(r => +r.cells[2].textContent)[0] || 0`, &neutralArmies),
			)
			if unplaced != 0 || neutralArmies != 35 {
				t.Fatalf("after the random start %d territories are nobody's and the neutral has %d armies; want 0 and 35 (3 players)", unplaced, neutralArmies)
			}
			noSideScroll(t, tab, "the first turn")
			saveShot(t, tab, "risk-first-turn-"+dev.name)
			var labels []string
			var smallest float64
			tab.Run(t,
				chromedp.Evaluate(`[...document.querySelectorAll('.cq-map .cq-name')].map(x => x.textContent)`, &labels),
				// the font size as drawn: the label's size in map units times the map's scale on screen
				chromedp.Evaluate(`Math.min(...[...document.querySelectorAll('.cq-map .cq-name')].map(x => parseFloat(getComputedStyle(x).fontSize) * x.getScreenCTM().a))`, &smallest),
			)
			seen := map[string]bool{}
			for _, l := range labels {
				if seen[l] {
					t.Fatalf("two territories are labelled %q on the map", l)
				}
				seen[l] = true
			}
			if len(labels) != 42 {
				t.Fatalf("%d labels on the map; want 42", len(labels))
			}
			if !dev.phone && smallest < 14 {
				t.Fatalf("the smallest territory label is drawn at %.1f px on the laptop; want at least 14", smallest)
			}
			t.Logf("territory labels drawn at %.1f px", smallest)
			// Tap 2: a territory on the map, the last one the sheet places on;
			// the sheet narrows to its one move and says for which territory.
			var last string
			var hit float64
			tab.Run(t,
				chromedp.Evaluate(`[...document.querySelectorAll('#sheet form[data-move][data-to]')].pop().dataset.to`, &last),
				chromedp.Evaluate(`Math.min(...[...document.querySelectorAll('.cq-hit')].map(c => c.getBoundingClientRect().width))`, &hit),
			)
			if hit < 44 {
				t.Fatalf("a territory's tap area is %.0f px wide; want at least 44", hit)
			}
			spot := `.cq-spot[data-name="` + last + `"]`
			// The tap lands where a finger would, the middle of the spot as
			// scrolled into view: under the map's − and + it once zoomed
			// the map instead (TestMapOpensAtWorkingZoom... checks every
			// territory).
			var at string
			tab.Run(t, chromedp.ScrollIntoView(spot, chromedp.ByQuery), chromedp.Click(spot, chromedp.ByQuery),
				chromedp.Evaluate(`(() => { const r = document.querySelector('`+spot+`').getBoundingClientRect(), e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return e ? e.outerHTML.slice(0, 120) : "nothing"; })()`, &at))
			if err := chromedp.Run(tab.Ctx, testenv.WaitShown(`#sheet .sheet-filter`)); err != nil {
				t.Fatalf("a tap on %s brought no narrowed sheet (%v); the middle of the spot shows %s", last, err, at)
			}
			var shown int
			tab.Run(t, chromedp.Evaluate(`document.querySelectorAll('#sheet form[data-move]:not([hidden])').length`, &shown))
			if note := text(t, tab, `#sheet .sheet-filter-text`); shown != 1 || note != "1 move for "+last {
				t.Fatalf("after the tap on %s the sheet shows %d moves and says %q", last, shown, note)
			}
			saveShot(t, tab, "risk-tapped-"+dev.name)
			tab.Tap(t, sheetPlaceOn(last)) // tap 3: the whole build on the chosen territory
			if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ana: attack") {
				t.Fatalf("with the build placed the status says %q; want Ana attacking", s)
			}
			noSideScroll(t, tab, "the attack")
		})
	}
}
