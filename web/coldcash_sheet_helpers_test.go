package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// tapMove taps a move of the sheet: a move folded under "more" is one tap
// further (the fold opened first, as a thumb would). It reports the taps.
func tapMove(t *testing.T, tab *testenv.Tab, sel string) int {
	t.Helper()
	var folded int
	tab.Run(t, chromedp.WaitReady(sel, chromedp.ByQuery), chromedp.Evaluate(`(() => { let n = 0;
		for (let d = document.querySelector(`+jsString(sel)+`).closest("details"); d; d = d.parentElement.closest("details")) { if (!d.open) { d.open = true; n++; } }
		return n; })()`, &folded))
	tab.Tap(t, sel)
	return 1 + folded
}

// pickTerritory taps a territory of the board map that some move of the
// sheet concerns: the sheet narrows to its moves (sheet.js), in place.
func pickTerritory(t *testing.T, tab *testenv.Tab, id string) {
	t.Helper()
	tab.Run(t, chromedp.Click(`#t-`+id, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector("#t-`+id+`.sheet-picked") !== null`, nil, chromedp.WithPollingTimeout(15e9)))
}
