package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/conquest"
	"tableside/engine/takeover"
	"tableside/internal/conquestplay"
	"tableside/internal/enginetest"
	"tableside/internal/testenv"
)

// sheetPlay drives a game by taps on the move sheets: each step, the seat
// the table waits for (or the host, when it waits for no phone) taps a move
// its sheet offers, picked by the game's policy;
// every tap must be accepted (Tab.Tap fails on a refusal's toast), after a
// change of step the new step's first move must be on the phone's screen
// as the page stands (stepWatch), and every everyday move of the step (all
// but the folded ones) must be inside the phone's first screen, at scroll
// 0, every time.
type sheetPlay struct {
	t     *testing.T
	app   *testenv.App
	id    int64
	rules engine.Rules
	host  *testenv.Tab
	seats []*testenv.Tab
	// pick is a JavaScript function body, given the sheet element as
	// sheet, that returns the button to tap (opening its fold if need be).
	pick  string
	taps  int
	steps *stepWatch // the step each phone was last seen at
	// deepest is, per screen height, the lowest bottom edge of an
	// everyday move measured, and where: what the test's log reports.
	deepest map[int]string
	low     map[int]int
}

// onFirstScreen fails the test unless every everyday move of a phone's
// step (all but the folded ones) is on its first screen, unscrolled, and
// keeps the deepest (measured).
func (sp *sheetPlay) onFirstScreen(f firstScreen, where string) {
	sp.t.Helper()
	if out := f.outside(); len(out) > 0 || len(f.Moves) == 0 || f.Y != 0 {
		sp.t.Fatalf("%s, step %q: scrolled %d px; everyday moves off the %d px screen: %s (above the map: %s)", where, f.Key, f.Y, f.H, strings.Join(out, ", "), strings.Join(f.Above, ", "))
	}
	sp.measured(f, where)
}

// measured keeps the deepest everyday move of a measured first screen.
func (sp *sheetPlay) measured(f firstScreen, where string) {
	if sp.low == nil {
		sp.low, sp.deepest = map[int]int{}, map[int]string{}
	}
	for _, m := range f.Moves {
		if m.Bottom > sp.low[f.H] {
			sp.low[f.H] = m.Bottom
			sp.deepest[f.H] = fmt.Sprintf("%s at y %d..%d of %d px (%s, step %q)", m.ID, m.Top, m.Bottom, f.H, where, f.Key)
			if m.ID == "the map" { // what stands above it, for the log
				sp.deepest[f.H] += "; above it: " + strings.Join(f.Above, ", ")
			}
		}
	}
}

// sheetTableOf starts kind on a laptop and two phones joined by its QR
// code: Ana on a 360 x 740 phone, Ben on a 390 x 844 one.
func sheetTableOf(t *testing.T, kind string, rules engine.Rules, settings map[string]any, pick string) *sheetPlay {
	t.Helper()
	tb := newScreenTable(t, kind, settings)
	return &sheetPlay{t: t, app: tb.app, id: tb.id, rules: rules, host: tb.host, seats: tb.phones, pick: pick, steps: newStepWatch()}
}

// now reads the game: its seq, whether it is over, and whom it waits for.
func (sp *sheetPlay) now() (seq int64, over bool, seats []int) {
	sp.app.Tracker.State(context.Background(), sp.id, func(s engine.State, n int64) {
		seq = n
		if f, ok := sp.rules.(engine.Finisher); ok {
			_, over = f.Result(s)
		}
		if w, ok := sp.rules.(engine.Waiter); ok {
			if wt, ok := w.Waiting(s); ok {
				seats = wt.Seats
			}
		}
	})
	return
}

// sheetOffers holds once a page's sheet offers a move to tap (and is
// not busy sending one): with Tab.WaitSeq, the sheet of a step.
const sheetOffers = `!!document.querySelector("#sheet form[data-move] button:not(.step-by)") && !document.querySelector("#sheet.is-busy")`

// actor is the seat the table waits for that has a phone here, else the
// host.
func (sp *sheetPlay) actor(seats []int) int {
	for _, s := range seats {
		if s >= 0 && s < len(sp.seats) {
			return s
		}
	}
	return engine.Host
}

// play taps n moves on the sheets, or until the game is over.
func (sp *sheetPlay) play(n int) {
	t := sp.t
	t.Helper()
	for end := sp.taps + n; sp.taps < end; {
		seq, over, seats := sp.now()
		if over {
			return
		}
		tab, phone := sp.host, false
		if a := sp.actor(seats); a != engine.Host {
			tab, phone = sp.seats[a], true
		}
		tab.WaitSeq(t, seq, sheetOffers, fmt.Sprintf("the sheet at step %d", seq))
		if phone {
			where := fmt.Sprintf("tap %d, %s's phone", sp.taps, []string{"Ana", "Ben"}[sp.actor(seats)])
			sp.steps.check(t, tab, where)
			// Every everyday move of the step (all but the folded ones) on
			// the first screen, unscrolled.
			var f firstScreen
			tab.Run(t, chromedp.Evaluate(`scrollTo(0, 0)`, nil), chromedp.Evaluate(firstScreenJS, &f))
			sp.onFirstScreen(f, where)
		}
		var label string
		tab.Run(t, chromedp.Evaluate(fmt.Sprintf(`(() => { const b = ((sheet) => { %s })(document.querySelector("#sheet"));
		  document.querySelectorAll("[data-pick]").forEach(x => x.removeAttribute("data-pick"));
		  const d = b.closest("details"); if (d) d.open = true;
		  b.setAttribute("data-pick", "%d"); return b.textContent.trim(); })()`, sp.pick, sp.taps), &label))
		tab.Tap(t, fmt.Sprintf(`#sheet [data-pick="%d"]`, sp.taps))
		sp.taps++
	}
}

// send plays moves the engine offers (the first that choose picks)
// straight through the tracker, as the seat's phone would send them, until
// done says so or the game is over: the stretches of a long game the test
// does not tap, so a whole game fits a browser tab's life on a loaded
// machine.
func (sp *sheetPlay) send(choose func([]engine.Move) engine.Move, done func(engine.State) bool) {
	t := sp.t
	t.Helper()
	// 3000, as the engines' whole-game tests: a PCtW game played by the
	// first attack each time takes 225 moves in the middle of 1,500 seeded
	// games, but 1 in 75 takes more than 1,000 (the longest 1,450).
	for range 3000 {
		var stop bool
		var v engine.Viewer
		var ms []engine.Move
		// Read under the tracker's lock: the state is the game's own.
		sp.app.Tracker.State(context.Background(), sp.id, func(st engine.State, _ int64) {
			_, over := sp.rules.(engine.Finisher).Result(st)
			if stop = over || done(st); stop {
				return
			}
			var seats []int
			if w, ok := sp.rules.(engine.Waiter).Waiting(st); ok {
				seats = w.Seats
			}
			v = engine.Viewer{Seat: sp.actor(seats)}
			ms = sp.rules.(engine.Mover).Moves(st, v).Moves
		})
		if stop {
			return
		}
		if len(ms) == 0 {
			t.Fatalf("seat %d, awaited, is offered no move", v.Seat)
		}
		m := choose(ms)
		if _, err := sp.app.Tracker.Do(context.Background(), sp.id, enginetest.MoveCmd(v, m, nil), ""); err != nil {
			t.Fatalf("the offered move %q was refused: %v", m.Label, err)
		}
	}
	t.Fatal("the game did not end after 3000 moves")
}

// firstOfAny picks the first move of the first type in types that is
// offered, else the first move.
func firstOfAny(types ...string) func([]engine.Move) engine.Move {
	return func(ms []engine.Move) engine.Move {
		if m, ok := moveOf(ms, types...); ok {
			return m
		}
		return ms[0]
	}
}

// moveOf finds the first move of ms of the earliest of types that it has.
func moveOf(ms []engine.Move, types ...string) (engine.Move, bool) {
	for _, typ := range types {
		for _, m := range ms {
			if m.Type == typ {
				return m, true
			}
		}
	}
	return engine.Move{}, false
}

// away takes the table's screens (the host's, when it is still open, and
// each phone's) to a blank page, for a stretch the moves go through the
// tracker (send) and nothing reads them: each would redraw every move's
// live frame. back brings them to the game's page again.
func (sp *sheetPlay) away() {
	sp.t.Helper()
	for _, tab := range sp.screens() {
		tab.Away(sp.t)
	}
}

// back brings the screens away takes away to the game's page, at its
// newest state, to be read and tapped live from there on.
func (sp *sheetPlay) back() {
	t := sp.t
	t.Helper()
	seq, _, _ := sp.now()
	for _, tab := range sp.screens() {
		tab.Run(t, chromedp.Navigate(gameURL(sp.app, sp.id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
		tab.WaitSeq(t, seq, "", "the page")
	}
}

// screens are the table's open tabs: the host's, unless closed (nil), and
// the phones' (nil where a seat has none).
func (sp *sheetPlay) screens() []*testenv.Tab {
	var out []*testenv.Tab
	for _, tab := range append([]*testenv.Tab{sp.host}, sp.seats...) {
		if tab != nil {
			out = append(out, tab)
		}
	}
	return out
}

// never lets send play to the end.
func never(engine.State) bool { return false }

// ends checks every screen's end: the winner's phone says "You win!", the
// other screens name the winner, and each fits its width unclipped.
func (sp *sheetPlay) ends(name string) {
	t := sp.t
	t.Helper()
	var r engine.Result
	sp.app.Tracker.State(context.Background(), sp.id, func(s engine.State, _ int64) { r, _ = sp.rules.(engine.Finisher).Result(s) })
	// A random game may end shared: each winner's phone names the others.
	names := []string{"Ana", "Ben"}
	var winners []string
	won := map[int]bool{}
	for _, sc := range r.Scores {
		if sc.Winner {
			winners = append(winners, names[sc.Seat])
			won[sc.Seat] = true
		}
	}
	if len(winners) == 0 {
		t.Fatalf("%s ended with no winner: %+v", name, r)
	}
	all := engine.JoinNames(winners) + " wins!"
	if len(winners) > 1 {
		all = engine.JoinNames(winners) + " win!"
	}
	for seat, tab := range sp.seats {
		want := all
		if won[seat] {
			want = "You win!"
			if len(winners) > 1 {
				want = "You win, with " + names[1-seat] + "!"
			}
		}
		tab.Run(t, testenv.WaitText(`#win-line`, want))
		endFits(t, tab, fmt.Sprintf("end-%s-phone%d", name, []int{360, 390}[seat]))
	}
	sp.host.Run(t, testenv.WaitText(`#win-line`, all))
	sp.endsPassAxe(name)
}

// endsPassAxe runs axe-core on every screen's end, the host's and each
// phone's, in light and dark: the end screens are where a heading level
// was once skipped.
func (sp *sheetPlay) endsPassAxe(name string) {
	t := sp.t
	t.Helper()
	for i, tab := range append([]*testenv.Tab{sp.host}, sp.seats...) {
		testenv.AxeLightAndDark(t, tab, fmt.Sprintf("%s's end on %s", name, []string{"the host", "Ana's phone", "Ben's phone"}[i]))
	}
}

// endClipping lists what a finished game's screen clips or pushes past
// its width once every fold is open: the winner card, every table, and the
// hide-all controls.
const endClipping = `(() => {
  document.querySelectorAll("main details").forEach(d => d.open = true);
  const w = document.documentElement.clientWidth, out = [];
  const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\s+/).join(".") : "");
  document.querySelectorAll("#winner, #winner *, main table, main table *, .hide-form, .hide-form *").forEach(e => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    if (r.right > w + 1 || r.left < -1) out.push(name(e) + " spans " + Math.round(r.left) + ".." + Math.round(r.right) + " of " + w + " px");
    const st = getComputedStyle(e);
    if (st.overflowX !== "visible" && e.scrollWidth > e.clientWidth + 1) out.push(name(e) + " clips " + e.scrollWidth + " px into " + e.clientWidth);
  });
  return out;
})()`

// endFits fails the test when a screen clips or overflows its width with
// every fold open, or fails the screen test (sideways scroll, small
// targets); with -screens it keeps the screen.
func endFits(t *testing.T, tab *testenv.Tab, name string) {
	t.Helper()
	var problems []string
	tab.Run(t, chromedp.Evaluate(endClipping, &problems))
	if len(problems) > 0 {
		if len(problems) > 8 {
			problems = append(problems[:8], fmt.Sprintf("and %d more", len(problems)-8))
		}
		t.Errorf("%s:\n  %s", name, strings.Join(problems, "\n  "))
	}
	checkScreen(t, tab, name)
}

// Cash or Crash is played by taps on the move sheets alone, several full
// rounds: the host starts, each phone stakes, opens or calls SELL! from its
// sheet, every tap accepted, each step's first button inside the first
// screen; the rest of the game goes by the same offered moves, and the
// winner's phone says "You win!" and every end screen fits.
func TestBrowserCashCrashWholeGameByTheMoveSheetAlone(t *testing.T) {
	t.Parallel()
	sp := sheetTableOf(t, "cashcrash", cashcrash.Rules{}, nil,
		`const b = sheet.querySelector(".choice-sell") || sheet.querySelector("form[data-move] button:not(.step-by)");
		 const pick = b.closest("form").querySelector(".pick"); // a stake: tick its first cards
		 if (pick) [...pick.querySelectorAll("input")].slice(0, +pick.dataset.count).forEach(x => { x.checked = true; });
		 return b;`)
	sp.play(14) // three rounds or so: stakes, an opening, SELL!, by the phones
	sp.send(firstOfAny(cashcrash.CmdSell), never)
	sp.steps.checked(t, "Cash or Crash")
	sp.ends("cashcrash")
	t.Logf("Cash or Crash: %d taps on the sheets; deepest everyday move per screen: %v", sp.taps, sp.deepest)
}

// Takeover is played by taps on the move sheets alone, every kind of step:
// the host deals, the phones draft, choose stock and cash, merge (the first
// merge offered, from the sheet's fold) and, once no merge is left, pass to
// the end; every tap accepted, each step's first button inside the first
// screen (the stretches between go by the same offered moves); the
// winner's phone says "You win!" and every end screen fits.
func TestBrowserTakeoverWholeGameByTheMoveSheetAlone(t *testing.T) {
	t.Parallel()
	sp := sheetTableOf(t, "takeover", takeover.Rules{}, nil,
		`return sheet.querySelector("form[data-move] button[class*='choice-merge-']") || sheet.querySelector("form[data-move] button:not(.step-by)");`)
	sp.play(5) // the host's deal, the first picks of the draft
	sp.send(firstOfAny(takeover.CmdDraft), func(st engine.State) bool { return st.(*takeover.State).Phase != takeover.PhaseDraft })
	// Both secret choices, tapped on the phones.
	for phase := takeover.PhaseConceal; phase == takeover.PhaseConceal; {
		sp.play(1)
		sp.app.Tracker.State(context.Background(), sp.id, func(st engine.State, _ int64) { phase = st.(*takeover.State).Phase })
	}
	sp.tapAMerge()
	sp.play(10) // merges, the first of each turn from the sheet's fold
	sp.send(firstOfAny(takeover.CmdMerge), func(st engine.State) bool {
		s := st.(*takeover.State)
		return len(s.Options(s.Turn)) == 0 // read under the tracker's lock
	})
	sp.play(4) // the last merges or passes
	sp.send(firstOfAny(takeover.CmdMerge), never)
	sp.steps.checked(t, "Takeover")
	sp.ends("takeover")
	t.Logf("Takeover: %d taps on the sheets; deepest everyday move per screen: %v", sp.taps, sp.deepest)
}

// tapAMerge taps a Takeover merge on the phone of the player on turn, as
// a player finds it: its fold ("Every merge you can make"), then the
// merge; docs/screens.md counts it at 2 taps.
func (sp *sheetPlay) tapAMerge() {
	t := sp.t
	t.Helper()
	seq, _, seats := sp.now()
	a := sp.actor(seats)
	if a == engine.Host {
		t.Fatalf("after the secret choices the table waits for %v; want a phone's merge or pass", seats)
	}
	tab := sp.seats[a]
	tab.WaitSeq(t, seq, sheetOffers, "the merge step's sheet")
	fold := fmt.Sprintf(`#sheet details.sheet-more[data-fold=%q]`, takeover.GroupMerges)
	merge := &taps{t: t}
	merge.click(tab, fold+` > summary`)
	tab.WaitFor(t, fmt.Sprintf(`!!document.querySelector(%s)`, jsString(fold+`[open] form[data-move] button[class*="choice-merge-"]`)), "the merges in their opened fold")
	merge.tap(tab, fold+` form[data-move] button[class*="choice-merge-"]`)
	sp.taps++
	merge.atMost("a merge from the sheet", 2)
}

// The score pad is played to its end by taps on the move sheets alone:
// each phone raises its points with the sheet's + and writes them, the
// host writes a score for Ana and ends the game; the winner's phone says
// "You win!" and every end screen fits.
func TestBrowserScorePadWholeGameByTheMoveSheetAlone(t *testing.T) {
	t.Parallel()
	sp := sheetTableOf(t, "scorepad", nil, nil, "")
	for seat, plus := range []int{2, 3} {
		tab, where := sp.seats[seat], fmt.Sprintf("%s's phone", []string{"Ana", "Ben"}[seat])
		tab.Run(t, testenv.WaitText(`#turn .big-msg`, "round 1: write your score"))
		sp.onFirstScreen(sp.steps.check(t, tab, where+", round 1"), where+", round 1")
		write := &taps{t: t} // docs/screens.md: write a score, 1 per +, then 1
		for range plus {
			write.click(tab, `#sheet .step-by[data-by="1"]`)
		}
		write.tap(tab, fmt.Sprintf(`#sheet .choice-score-%d`, seat))
		// The next round is a new step: its first move is on the screen.
		tab.Run(t, testenv.WaitText(`#turn .big-msg`, "round 2: write your score"))
		write.atMost(fmt.Sprintf("writing %d points", plus), plus+1)
		sp.onFirstScreen(sp.steps.check(t, tab, where+", after writing round 1"), where+", after writing round 1")
	}
	sp.steps.checked(t, "the score pad")
	t.Logf("the score pad: deepest everyday move per screen: %v", sp.deepest)
	for _, tab := range append([]*testenv.Tab{sp.host}, sp.seats...) {
		tab.Run(t, testenv.WaitText(`[data-seat-total="1"]`, "3"))
	}
	// Ana has her phone: the host writes her score only through her fold,
	// behind its question.
	answerOnHost(t, sp.host, "Ana", `.choice-score-0`,
		chromedp.Click(`#sheet details.answer-for form:has(.choice-score-0) .step-by[data-by="1"]`, chromedp.ByQuery))
	// Ending the game asks first: its button is behind the question, a
	// tap away from the score buttons, never one mis-tap from them.
	var hidden bool
	sp.host.Run(t, chromedp.Evaluate(`!!document.querySelector("#sheet .choice-finish").closest("details:not([open])")`, &hidden))
	if !hidden {
		t.Error("the host's End the game sends on the first tap; want it behind a confirmation")
	}
	sp.host.Run(t, chromedp.Click(`#sheet .sheet-confirm:has(.choice-finish) > summary`, chromedp.ByQuery), testenv.WaitText(`#sheet .sheet-confirm:has(.choice-finish) .confirm-q`, "End the game now?"))
	sp.host.Tap(t, `#sheet .choice-finish`)
	for seat, other := range []string{"Ben", "Ana"} { // 3 points each: a shared win
		sp.seats[seat].Run(t, testenv.WaitText(`#win-line`, "You win, with "+other+"!"))
		endFits(t, sp.seats[seat], fmt.Sprintf("end-scorepad-phone%d", []int{360, 390}[seat]))
	}
	sp.host.Run(t, testenv.WaitText(`#win-line`, "Ana and Ben win!"))
	sp.endsPassAxe("the score pad")
}

// A Cold Cash Risk game's end fits the phone: "Hide all" beside the shares
// while it is played, then the final scores, every table and the money
// flash of the end (every bonus and every sale, summed), at 360 and 390 px.
func TestBrowserColdCashEndFitsThePhone(t *testing.T) {
	t.Parallel()
	tb := newScreenTable(t, "coldcash", nil)
	host := hostDevice(t, tb.app)
	do := host.commander(tb.id)
	for i, co := range []string{"c6", "c5", "c4"} {
		do("found", map[string]any{"company": co, "seat": i % 2, "size": 11 + 5*i})
	}
	do("buy", map[string]any{"seat": 0, "company": "c6", "count": 3})
	do("turn", nil)
	do("buy", map[string]any{"seat": 1, "company": "c5", "count": 3})
	for i, p := range tb.phones {
		p.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#sheet [class*="choice-hide-all-"]`, chromedp.ByQuery))
		endFits(t, p, fmt.Sprintf("coldcash-shares-phone%d", []int{360, 390}[i]))
	}
	do("end", map[string]any{"reason": "short"})
	for i, p := range tb.phones {
		p.Run(t, testenv.WaitText(`#winner`, "The game is over"))
		var flash string
		deadline := time.Now().Add(15 * time.Second)
		for time.Now().Before(deadline) && !strings.Contains(flash, " in all") {
			p.Run(t, chromedp.Evaluate(`(document.querySelector(".cash-flash") || {}).textContent || ""`, &flash))
		}
		if !strings.Contains(flash, " in all") || !strings.Contains(flash, "bonus") {
			t.Errorf("phone %d's end flash says %q; want every bonus and sale summed", i, flash)
		}
		endFits(t, p, fmt.Sprintf("end-coldcash-phone%d", []int{360, 390}[i]))
	}
}

// A RISK game's end fits the phone too: the game is played to its end
// through the tracker by offered moves alone (the keen test player), then
// each phone's end screen, every fold open, fits 360 and 390 px unclipped
// and the winner's phone says "You win!".
func TestBrowserRiskEndFitsThePhone(t *testing.T) {
	t.Parallel()
	tb := newScreenTable(t, "risk", map[string]any{"startArmies": 24})
	// Nothing reads the screens while the tracker plays the whole game: the
	// host's is closed, and the phones wait on a blank page, not redrawing
	// every move, until they open the end.
	tb.host.Close()
	for _, p := range tb.phones {
		p.Away(t)
	}
	if code, body := hostDevice(t, tb.app).command(tb.id, conquest.CmdStart, map[string]any{}, "start"); code != 200 {
		t.Fatalf("start: %d %s", code, body)
	}
	winner := keenPlay(t, tb.app, tb.id, 1, conquestplay.Over).Winner
	names := []string{"Ana", "Ben"}
	for seat, p := range tb.phones {
		want := names[winner] + " wins!"
		if seat == winner {
			want = "You win!"
		}
		p.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), testenv.WaitText(`#win-line`, want))
		endFits(t, p, fmt.Sprintf("end-risk-phone%d", []int{360, 390}[seat]))
	}
}
