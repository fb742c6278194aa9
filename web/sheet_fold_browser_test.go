package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tableside/internal/testenv"
)

// A live frame carries a "More" fold as its summary alone: opening it
// with the keyboard (a real <details>) fetches and shows its moves, a move
// in it is sent and accepted, and a live update keeps the opened fold open
// with its moves fetched again for the new sheet. A Cold Cash statement,
// closed in a frame, is likewise filled when opened and kept open.
func TestSheetFoldShowsItsMovesWhenOpenedAndStaysOpenAcrossLiveUpdates(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	other := hostDevice(t, app)
	id := other.createGameWith("coldcash", nil, "Ana", "Ben", "Cy")
	tab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#sheet`, chromedp.ByQuery))
	do := func(typ string, data any) {
		t.Helper()
		if code, body := other.command(id, typ, data, ""); code != 200 {
			t.Fatalf("%s %v from another host screen: %d %.300s", typ, data, code, body)
		}
	}
	// A change made elsewhere: the sheet now comes from a live frame.
	do("found", map[string]any{"company": "c2", "seat": 0, "size": 6})
	const fold = `#sheet .sheet-step[data-step="admin"] details.sheet-more`
	tab.Run(t, chromedp.WaitReady(fold+`[data-lazy]`, chromedp.ByQuery))
	var drawn int
	tab.Run(t, chromedp.Evaluate(`document.querySelectorAll("#sheet details.sheet-more form[data-move]").length`, &drawn))
	if drawn != 0 {
		t.Fatalf("a live frame's folds hold %d moves; want their summaries alone", drawn)
	}

	// Opened from the keyboard, the fold shows its moves.
	tab.Run(t, chromedp.Focus(fold+` > summary`, chromedp.ByQuery), chromedp.KeyEvent(kb.Enter))
	waitJS(t, tab, fmt.Sprintf(`(() => { const d = document.querySelector(%s);
	  return d.open && !d.hasAttribute("data-lazy") && !!d.querySelector("form[data-move] .choice-turn-to-2"); })()`, jsString(fold)),
		"the opened fold's moves")

	// A live update: the new sheet's fold is open again, with its moves.
	tab.Run(t, chromedp.Evaluate(`document.querySelector(`+jsString(fold)+`).dataset.old = "1"`, nil))
	do("buy", map[string]any{"seat": 0, "company": "c2", "count": 1})
	waitJS(t, tab, fmt.Sprintf(`(() => { const d = document.querySelector(%s);
	  return !!d && !d.dataset.old && d.open && !!d.querySelector("form[data-move] .choice-turn-to-2"); })()`, jsString(fold)),
		"the fold open again after a live update, its moves fetched")

	// A move from the fold is sent and accepted: the turn passes to Cy.
	tab.Tap(t, fold+` .choice-turn-to-2`)
	tab.Run(t, testenv.WaitText(`#turn`, "Cy's turn."))
	waitJS(t, tab, fmt.Sprintf(`(() => { const d = document.querySelector(%s);
	  return !!d && d.open && !!d.querySelector("form[data-move] .choice-turn-to-1"); })()`, jsString(fold)),
		"the fold still open after its own move")

	// A statement, closed in a live frame, comes whole when opened, and
	// stays open and whole across the next live update.
	const card = `#stmt-card-0`
	tab.Run(t, chromedp.WaitReady(card+`[data-part]`, chromedp.ByQuery), chromedp.Click(card+` > summary`, chromedp.ByQuery))
	filled := fmt.Sprintf(`(() => { const d = document.querySelector(%s);
	  return !!d && !d.dataset.old && d.open && !d.hasAttribute("data-part") && !!d.querySelector("table td") && !!d.querySelector("#statement-0"); })()`, jsString(card))
	waitJS(t, tab, filled, "Ana's statement filled when opened")
	tab.Run(t, chromedp.Evaluate(`document.querySelector(`+jsString(card)+`).dataset.old = "1"`, nil))
	do("turn", map[string]any{"seat": 0})
	waitJS(t, tab, filled, "Ana's statement open and filled again after a live update")
}
