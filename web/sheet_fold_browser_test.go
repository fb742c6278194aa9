package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tableside/engine/conquest"
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
	tab.WaitFor(t, fmt.Sprintf(`(() => { const d = document.querySelector(%s);
	  return d.open && !d.hasAttribute("data-lazy") && !!d.querySelector("form[data-move] .choice-turn-to-2"); })()`, jsString(fold)),
		"the opened fold's moves")

	// A live update: the new sheet's fold is open again, with its moves.
	tab.Run(t, chromedp.Evaluate(`document.querySelector(`+jsString(fold)+`).dataset.old = "1"`, nil))
	do("buy", map[string]any{"seat": 0, "company": "c2", "count": 1})
	tab.WaitFor(t, fmt.Sprintf(`(() => { const d = document.querySelector(%s);
	  return !!d && !d.dataset.old && d.open && !!d.querySelector("form[data-move] .choice-turn-to-2"); })()`, jsString(fold)),
		"the fold open again after a live update, its moves fetched")

	// A move from the fold is sent and accepted: the turn passes to Cy.
	tab.Tap(t, fold+` .choice-turn-to-2`)
	tab.Run(t, testenv.WaitText(`#turn`, "Cy's turn."))
	tab.WaitFor(t, fmt.Sprintf(`(() => { const d = document.querySelector(%s);
	  return !!d && d.open && !!d.querySelector("form[data-move] .choice-turn-to-1"); })()`, jsString(fold)),
		"the fold still open after its own move")

	// A statement, closed in a live frame, comes whole when opened, and
	// stays open and whole across live updates: one that leaves the
	// statements as they were keeps the very card (a kept part), one that
	// changes them draws the card anew, opened and filled again.
	const card = `#stmt-card-0`
	tab.Run(t, chromedp.WaitReady(card+`[data-part]`, chromedp.ByQuery), chromedp.Click(card+` > summary`, chromedp.ByQuery))
	filled := func(old bool) string {
		return fmt.Sprintf(`(() => { const d = document.querySelector(%s);
	  return !!d && !!d.dataset.old === %t && d.open && !d.hasAttribute("data-part") && !!d.querySelector("table td") && !!d.querySelector("#statement-0"); })()`, jsString(card), old)
	}
	tab.WaitFor(t, filled(false), "Ana's statement filled when opened")
	tab.Run(t, chromedp.Evaluate(`document.querySelector(`+jsString(card)+`).dataset.old = "1"`, nil))
	seq := tab.Seq(t)
	do("turn", map[string]any{"seat": 0})
	tab.WaitSeq(t, seq+1, "", "the turn marker's frame")
	tab.WaitFor(t, filled(true), "Ana's statement, which the turn marker leaves as it was, kept open and filled")
	do("buy", map[string]any{"seat": 0, "company": "c2", "count": 1})
	tab.WaitFor(t, filled(false), "Ana's statement drawn anew after her buy, open and filled again")
}

// A tap on the map narrows the sheet to the territory's moves even when
// they are all in a fold a live frame left closed: the fold is opened,
// its moves fetched, and only those about the territory are shown.
func TestSheetFoldMapTapNarrowsIntoAFoldNotYetFetched(t *testing.T) {
	t.Parallel()
	tb := newSheetTable(t)
	tb.placeStartArmies() // many attacks open
	s := tb.state()
	if s.Pool == 0 {
		t.Fatalf("the first turn has no armies to place: %+v", s)
	}
	tab := tb.phones[s.Turn]
	tab.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#sheet form[data-move] button`, chromedp.ByQuery))
	// The attacks come in a live frame: their rare ones in closed folds.
	tb.do(s.Turn, conquest.CmdPlace, map[string]int{"territory": frontier(s, s.Turn), "count": s.Pool})
	tab.WaitFor(t, `!!document.querySelector("#sheet .chance") && !!document.querySelector("#sheet details.sheet-more[data-lazy][data-places]")`, "the attacks' sheet with a closed fold")
	// The territory to tap: one concerned only by folded moves whose centre
	// a finger can reach (not under the map's zoom buttons; a random board
	// put one there, and the tap zoomed the map instead).
	var spot, hit string
	tab.Run(t, chromedp.Evaluate(`(() => {
	  const drawn = new Set([...document.querySelectorAll("#sheet form[data-move]")].flatMap(f => (f.dataset.places || "").split("|").filter(Boolean)));
	  const seen = [];
	  for (const d of document.querySelectorAll("#sheet details.sheet-more[data-lazy][data-places]")) {
	    for (const k of d.dataset.places.split("|").filter(Boolean)) {
	      if (drawn.has(k)) continue;
	      const g = [...document.querySelectorAll(".cq-spot")].find(g => (g.dataset.name || "").toLowerCase() === k || g.dataset.territory === k);
	      if (!g) continue;
	      g.scrollIntoView({block: "center"});
	      const r = g.getBoundingClientRect(), e = document.elementFromPoint(r.x + r.width/2, r.y + r.height/2), h = e && e.closest(".cq-spot");
	      const at = " at " + Math.round(r.x) + "," + Math.round(r.y) + " " + Math.round(r.width) + "x" + Math.round(r.height);
	      if (h === g) return [g.dataset.territory, "itself" + at];
	      seen.push(g.dataset.territory + ": " + (e ? e.tagName + "." + e.className : "none") + at);
	    }
	  }
	  return ["", seen.join("; ")];
	})()`, &[]*string{&spot, &hit}))
	if spot == "" {
		t.Fatalf("no territory is concerned only by folded moves with its centre free to tap; the test needs one (centres: %s)", hit)
	}
	t.Logf("spot %s: the point at its centre is %s", spot, hit)
	tab.Run(t, chromedp.Click(`.cq-spot[data-territory="`+spot+`"]`, chromedp.ByQuery))
	var diag string
	defer func() {
		if t.Failed() {
			tab.Run(t, chromedp.Evaluate(`JSON.stringify({filter: document.querySelector("#sheet .sheet-filter").hidden ? "hidden" : document.querySelector("#sheet .sheet-filter").textContent, picked: [...document.querySelectorAll(".sheet-picked")].map(x => x.dataset.territory), folds: [...document.querySelectorAll("#sheet details.sheet-more")].map(d => [d.dataset.fold, d.open, d.hasAttribute("data-lazy"), d.hidden, (d.textContent || "").slice(0, 80)])})`, &diag))
			t.Logf("the sheet: %s", diag)
		}
	}()
	// The fold's moves come in a request of their own (under a busy test
	// run it once took over 15 s: Tab.WaitFor's limit is set by it).
	tab.WaitFor(t, fmt.Sprintf(`(() => {
	  const g = document.querySelector('.cq-spot[data-territory="%s"]');
	  const keys = [(g.dataset.name || "").toLowerCase().replace(/\s+/g, "-"), (g.dataset.name || "").toLowerCase(), g.dataset.territory];
	  const shown = [...document.querySelectorAll("#sheet form[data-move]:not([hidden])")].filter(f => !f.closest("details:not([open])"));
	  return !document.querySelector("#sheet .sheet-filter").hidden && !document.querySelector("#sheet details.sheet-more[open][data-lazy]") &&
	    shown.length > 0 && shown.every(f => keys.some(k => (f.dataset.places || "").includes("|" + k + "|")));
	})()`, spot), "only the tapped territory's moves, from the fold, shown")
}
