package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// inFirstScreen reports where the first visible button matching a selector
// ends, the screen's height and how far the page is scrolled: a thumb taps
// it without scrolling when it ends inside the screen, unscrolled.
const inFirstScreen = `((sel) => {
  const b = [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null && !e.closest("details:not([open])"));
  if (!b) return [-1, innerHeight, scrollY];
  return [b.getBoundingClientRect().bottom, innerHeight, scrollY];
})`

// Board mode on two phones (360 x 740 and 390 x 844) with the app's deck:
// each player's complete first turn (play a card, found a company, take a
// card) takes at most 3 taps with no scrolling, every step's first button
// inside the first screen; buying shares is one tap more, Buy 3 of the
// company just founded first; each CEO's earnings one tap. The taps per
// action are listed in docs/screens.md.
func TestColdCashFirstTurnTakesThreeTapsWithoutScrolling(t *testing.T) {
	t.Parallel()
	tb := newScreenTable(t, "coldcash", map[string]any{"mode": "board", "deck": "app"})
	tb.host.Tap(t, `#turn .choice-open`)
	phones := map[string]*testenv.Tab{"Ana": tb.phones[0], "Ben": tb.phones[1]}
	size := map[string]int{"Ana": 360, "Ben": 390}
	counts := map[string]int{}
	// tap taps the first visible move matching sel on the phone, after
	// checking that it and the sheet's first button are on the first
	// screen, unscrolled.
	tap := func(who, step, sel string) string {
		t.Helper()
		tab := phones[who]
		var at, first []float64
		tab.Run(t, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Evaluate(inFirstScreen+"("+jsString(sel)+")", &at),
			chromedp.Evaluate(inFirstScreen+`("#sheet form[data-move] button:not(.step-by)")`, &first))
		for _, x := range [][]float64{first, at} {
			if x[0] < 0 || x[0] > x[1] || x[2] != 0 {
				t.Errorf("%s's %d px phone, %s: a button ends at %.0f px of a %.0f px screen, scrolled %.0f px; want it inside, unscrolled", who, size[who], step, x[0], x[1], x[2])
			}
		}
		checkScreen(t, tab, fmt.Sprintf("coldcash-sheet-%s-phone%d", step, size[who]))
		var class string
		tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll(`+jsString(sel)+`)].find(e => e.offsetParent !== null).className`, &class))
		tab.Tap(t, sel)
		counts[step]++
		return class
	}
	for turn := 0; turn < 2; turn++ {
		who := waitedFor(t, tb.host, "place a Mom & Pop")
		tab := phones[who]
		tab.Run(t, testenv.WaitText(`#turn [data-decision]`, "Place a Mom & Pop"))
		var cash string
		tab.Run(t, chromedp.Text(`#standing`, &cash, chromedp.ByQuery))
		if !strings.HasPrefix(cash, "Cash $") {
			t.Errorf("%s's phone says %q above the sheet; want the cash first", who, cash)
		}
		tap(who, "play-a-card", `#sheet .sheet-step > .choices button[class*="choice-place-"]`)
		tab.Run(t, testenv.WaitText(`#turn [data-decision]`, "found, absorb, merge or leave it"))
		class := tap(who, "found", `#sheet .sheet-step > .choices button[class*="choice-found-"]`)
		co := strings.TrimPrefix(class[strings.Index(class, "choice-found-"):], "choice-found-")
		tab.Run(t, testenv.WaitText(`#turn [data-decision]`, "One action"))
		var firstBuy string
		tab.Run(t, chromedp.Evaluate(`document.querySelector('#sheet button[class*="choice-buy-"]').className`, &firstBuy))
		if !strings.Contains(firstBuy, "choice-buy-"+co+"-1") {
			t.Errorf("%s founded %s, yet the first buy is %q", who, co, firstBuy)
		}
		tap(who, "buy-3", `#turn .choice-buy-`+co+`-3`)
		tap(who, "take-a-card", `#turn .choice-draw`)
		// A complete first turn: play a card, found, take a card, one tap
		// each (buying is one tap more, counted on its own).
		if n := counts["play-a-card"] + counts["found"] + counts["take-a-card"]; n > 3*(turn+1) {
			t.Errorf("%s's first turn took %d taps; want at most 3", who, n-3*turn)
		}
	}
	// Earnings: each CEO in turn, one tap on their own phone.
	for i := 0; i < 2; i++ {
		who := waitedFor(t, tb.host, "choose each company's earnings")
		phones[who].Run(t, testenv.WaitText(`#turn [data-decision]`, "Your earnings"))
		tap(who, "earnings", `#sheet .sheet-step > .choices button[class*="choice-dividends-"]`)
	}
	waitedFor(t, tb.host, "place a Mom & Pop")
	for _, step := range []string{"play-a-card", "found", "buy-3", "take-a-card", "earnings"} {
		if counts[step] != 2 {
			t.Errorf("%s: %d taps over two players; want one each", step, counts[step])
		}
	}
	t.Logf("taps per action (two players each): %v", counts)
}
