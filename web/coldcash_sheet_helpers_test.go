package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// tapMove taps a move of the sheet: a move folded under "more" is one tap
// further (the fold opened first, as a thumb would). A live frame draws a
// fold as its summary alone, so while the move is not on the page every
// fold not yet fetched is opened (sheet.js fetches it); once the move is
// found, the folds opened that do not hold it are closed again, so the
// sheet is left as a player would leave it. It reports the taps.
func tapMove(t *testing.T, tab *testenv.Tab, sel string) int {
	t.Helper()
	folded := revealMove(t, tab, sel)
	tab.Tap(t, sel)
	return 1 + folded
}

// revealMove brings a move of the sheet onto the page and into an open
// fold, as tapMove does before its tap, and reports the folds a thumb
// would have opened for it.
func revealMove(t *testing.T, tab *testenv.Tab, sel string) int {
	t.Helper()
	q := jsString(sel)
	tab.WaitFor(t, `(() => {
		if (document.querySelector(`+q+`)) return true;
		document.querySelectorAll("[data-sheet] details.sheet-more[data-lazy]:not([open])").forEach(d => { d.dataset.tapOpened = ""; d.open = true; });
		return false; })()`, sel+" on the sheet, its folds opened")
	var folded int
	tab.Run(t, chromedp.Evaluate(`(() => { let n = 0;
		const el = document.querySelector(`+q+`), holders = [];
		for (let d = el.closest("details"); d; d = d.parentElement.closest("details")) {
			holders.push(d);
			if (!d.open || "tapOpened" in d.dataset) { d.open = true; n++; }
		}
		document.querySelectorAll("details[data-tap-opened]").forEach(d => { delete d.dataset.tapOpened; if (!holders.includes(d)) d.open = false; });
		return n; })()`, &folded))
	return folded
}

// pickTerritory taps a territory of the board map that some move of the
// sheet concerns: the sheet narrows to its moves (sheet.js), in place.
func pickTerritory(t *testing.T, tab *testenv.Tab, id string) {
	t.Helper()
	tab.Run(t, chromedp.Click(`#t-`+id, chromedp.ByQuery))
	tab.WaitFor(t, `document.querySelector("#t-`+id+`.sheet-picked") !== null`, "the map to mark "+id+" picked")
}

// answerOnHost makes a move of a seat that plays on its own phone from the
// host's sheet, as the laptop may only do it: it opens that seat's "Answer
// for a player" fold (its moves are fetched then), opens the move's
// question, does what before says (a stepper's taps) and taps the move. It
// reports the taps (3, and before's).
func answerOnHost(t *testing.T, host *testenv.Tab, name, sel string, before ...chromedp.Action) int {
	t.Helper()
	fold := `#turn #sheet details.answer-for[data-fold="Answer for a player: ` + name + `"]`
	host.Run(t, chromedp.WaitVisible(fold+` > summary`, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const d = document.querySelector(`+jsString(fold)+`); if (!d.open) d.querySelector("summary").click(); return true; })()`, nil))
	host.WaitFor(t, `!!document.querySelector(`+jsString(fold+" "+sel)+`)`, sel+" fetched into "+name+"'s fold")
	host.Run(t, chromedp.Evaluate(`(() => { const b = document.querySelector(`+jsString(fold+" "+sel)+`); const d = b.closest("details.sheet-confirm"); if (!d) throw new Error("the move asks nothing first"); if (!d.open) d.querySelector("summary").click(); return true; })()`, nil),
		chromedp.WaitVisible(fold+` details.sheet-confirm[open] .confirm-q`, chromedp.ByQuery))
	host.Run(t, before...)
	host.Tap(t, fold+" "+sel)
	return 3 + len(before)
}
