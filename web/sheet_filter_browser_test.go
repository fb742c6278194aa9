package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine/conquest"
	"tableside/engine/risk"
)

// markSheet marks the drawn sheet, so that a wait can tell when the live
// stream has drawn a new one.
const markSheet = `document.querySelector("#sheet").dataset.old = "1"`

// aboutSpot counts the sheet's moves about a territory of the map, by the
// names it answers to (as sheet.js matches them).
const aboutSpot = `(() => {
  const el = document.querySelector('.cq-spot[data-territory="%d"]');
  const keys = ["data-territory", "data-id", "data-name"].map(a => (el.getAttribute(a) || "").trim().toLowerCase()).filter(Boolean);
  keys.push(...keys.map(k => k.replace(/\s+/g, "-")));
  return [...document.querySelectorAll("#sheet form[data-move]")].filter(f => keys.some(k => (f.dataset.places || "").includes("|" + k + "|"))).length;
})()`

// placeStartArmies puts every start army down, each seat's spread over its
// territories beside an enemy in turn, so that the game is at the first
// turn's build with many attacks to come.
func (tb *sheetTable) placeStartArmies() {
	tb.t.Helper()
	for i := 0; ; i++ {
		s := tb.state()
		if s.Phase != conquest.PhasePlace {
			break
		}
		front := frontiers(s, s.Placer)
		tb.do(s.Placer, conquest.CmdPlace, map[string]int{"territory": front[i%len(front)]})
	}
}

// The map's narrowing belongs to the step it was tapped in: while the step
// stays (part of a build placed elsewhere) the sheet stays narrowed to the
// territory; when the step changes (the last army placed, the attacks
// open, moves from the same territory among them) the whole sheet comes
// back, the filter line gone.
func TestMoveSheetMapNarrowingDropsWhenTheStepChanges(t *testing.T) {
	t.Parallel()
	tb := newSheetTable(t)
	by := chromedp.ByQuery
	tb.placeStartArmies()
	s := tb.state()
	if s.Pool < 2 {
		t.Fatalf("seat %d builds %d armies; want at least 2 to place in two goes", s.Turn, s.Pool)
	}
	tab := tb.phones[s.Turn]
	from := frontier(s, s.Turn)
	other := -1
	for tt, o := range s.Owner {
		if o == s.Turn && tt != from {
			other = tt
			break
		}
	}
	shown := func() (n int, filtered bool) {
		tab.Run(t, chromedp.Evaluate(`document.querySelectorAll("#sheet form[data-move]:not([hidden])").length`, &n),
			chromedp.Evaluate(`!document.querySelector("#sheet .sheet-filter").hidden`, &filtered))
		return n, filtered
	}
	tab.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#sheet form[data-move] button`, by))
	tab.Run(t, chromedp.Click(fmt.Sprintf(`.cq-spot[data-territory="%d"]`, from), by), chromedp.WaitVisible(`#sheet .sheet-filter`, by))
	name := risk.Classic().Name(risk.TerritoryID(from))
	if n, filtered := shown(); n != 1 || !filtered {
		t.Fatalf("after a tap on %s the sheet shows %d moves, filter line shown %v; want its one placing move", name, n, filtered)
	}

	// The same step, something else changed: still narrowed.
	tab.Run(t, chromedp.Evaluate(markSheet, nil))
	tb.do(s.Turn, conquest.CmdPlace, map[string]int{"territory": other, "count": 1})
	tab.Run(t, chromedp.WaitReady(`#sheet:not([data-old])`, by))
	if n, filtered := shown(); n != 1 || !filtered {
		t.Errorf("one army placed elsewhere, the step unchanged: the sheet shows %d moves, filter line shown %v; want it still narrowed to %s", n, filtered, name)
	}

	// The step changes (the attacks open, some of them from the same
	// territory): the whole sheet is back.
	tab.Run(t, chromedp.Evaluate(markSheet, nil))
	tb.do(s.Turn, conquest.CmdPlace, map[string]int{"territory": from, "count": tb.state().Pool})
	tab.Run(t, chromedp.WaitReady(`#sheet:not([data-old]) .chance`, by))
	var all, about int
	tab.Run(t, chromedp.Evaluate(`document.querySelectorAll("#sheet form[data-move]").length`, &all),
		chromedp.Evaluate(fmt.Sprintf(aboutSpot, from), &about))
	n, filtered := shown()
	if n != all || filtered {
		t.Errorf("after the step changed the sheet shows %d of %d moves, filter line shown %v; want the whole sheet", n, all, filtered)
	}
	if about == 0 || about == all {
		t.Errorf("the attack step has %d of %d moves about %s; want some (so that a stale narrowing would show)", about, all, name)
	}
}
