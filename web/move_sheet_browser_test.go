package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/testenv"
)

// sheetTable is a classic RISK game (the real engine, riskclassic, whose
// moves the sheets draw), on a laptop and two phones: Ana on a 360 x 740
// phone, Ben on a 390 x 844 one.
type sheetTable struct {
	t      *testing.T
	app    *testenv.App
	id     int64
	phones []*testenv.Tab
}

func newSheetTable(t *testing.T) *sheetTable {
	t.Helper()
	app, hostTab := hostLaptopTab(t)
	host := hostDevice(t, app)
	id := host.createGameWith("risk", map[string]any{"startArmies": 30}, "Ana", "Ben")
	if code, body := host.command(id, conquest.CmdStart, map[string]any{}, "start"); code != 200 {
		t.Fatalf("start: %d %s", code, body)
	}
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	join := qrFromScreen(t, hostTab)
	small, big := testenv.NewTab(t, 360, 740, true), testenv.NewTab(t, 390, 844, true)
	joinInBrowser(t, small, join, "Ana")
	joinInBrowser(t, big, join, "Ben")
	hostTab.Close() // the tests look at the phones: the host's board need not redraw every move
	return &sheetTable{t: t, app: app, id: id, phones: []*testenv.Tab{small, big}}
}

func (tb *sheetTable) state() *conquest.State {
	var s conquest.State
	tb.app.Tracker.State(context.Background(), tb.id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
	return &s
}

// armiesLeft is every army still to be placed.
func armiesLeft(s *conquest.State) int {
	n := 0
	for _, x := range s.ToPlace {
		n += x
	}
	return n + s.Pool
}

// do sends a command for a seat straight to the tracker (the parts of
// the game the test is not about).
func (tb *sheetTable) do(seat int, typ string, data any) {
	tb.t.Helper()
	b, _ := json.Marshal(data)
	if _, err := tb.app.Tracker.Do(context.Background(), tb.id, engine.Command{Type: typ, Seat: seat, Data: b}, ""); err != nil {
		tb.t.Fatalf("%s %s: %v", typ, b, err)
	}
}

// waitFor polls the game until cond holds.
func (tb *sheetTable) waitFor(what string, cond func(s *conquest.State) bool) {
	tb.t.Helper()
	for range 300 {
		if cond(tb.state()) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.t.Fatalf("waited 15s for %s", what)
}

// firstButtonFits reports where the sheet's first button is on a freshly
// opened page: its bottom edge and the screen's height, and the scroll.
const firstButtonFits = `(() => {
  const b = document.querySelector("#sheet form[data-move] button:not(.step-by)");
  if (!b) return [-1, innerHeight, scrollY];
  return [b.getBoundingClientRect().bottom, innerHeight, scrollY];
})()`

// firstPlaceInView reports whether the territory of the sheet's first move
// is inside the map's visible frame.
const firstPlaceInView = `(() => {
  const f = document.querySelector("#sheet form[data-move][data-places]");
  const want = f.dataset.places.split("|").filter(Boolean)[0];
  const spot = [...document.querySelectorAll(".cq-spot")].find(g => (g.dataset.name || "").toLowerCase() === want);
  if (!spot) return false;
  const r = spot.getBoundingClientRect(), w = document.querySelector(".cq-map-wrap").getBoundingClientRect();
  const c = r.left + r.width / 2;
  return c >= w.left && c <= w.right;
})()`

// On a phone of either size, the seat the table waits for finds its moves
// at the top of the page: the sheet's first button is inside the first
// screen, with no scrolling; the moves are the engine's, one per territory
// it may place on, said once; and the screens keep 44 px targets and no
// sideways scroll; the map opens on the territory the first move is about.
func TestMoveSheetFirstButtonIsInsideThePhonesFirstScreen(t *testing.T) {
	t.Parallel()
	tb := newSheetTable(t)
	seen := map[int]bool{}
	for len(seen) < 2 {
		s := tb.state()
		p := s.Placer
		tab := tb.phones[p]
		var at []float64
		tab.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#sheet form[data-move] button`, chromedp.ByQuery),
			chromedp.Evaluate(firstButtonFits, &at))
		if at[0] < 0 || at[0] > at[1] || at[2] != 0 {
			t.Errorf("seat %d's phone: the sheet's first button ends at %.0f px of a %.0f px screen, scrolled %.0f px; want it inside, unscrolled", p, at[0], at[1], at[2])
		}
		var n, steps int
		var head string
		tab.Run(t, chromedp.Evaluate(`document.querySelectorAll("#sheet form[data-move]").length`, &n),
			chromedp.Evaluate(`document.querySelectorAll("#sheet .sheet-step > h2").length`, &steps),
			chromedp.Text(`#turn .decision .big-msg`, &head, chromedp.ByQuery))
		// The step in the engine's words: its start armies, and how many are left.
		want := fmt.Sprintf("place start armies (%d left)", s.ToPlace[p])
		if n != s.Count(p) || steps != 0 || head != want {
			t.Errorf("seat %d's sheet: %d moves, %d step titles, says %q; want one per territory held (%d), the step said once: %q", p, n, steps, head, s.Count(p), want)
		}
		var centred bool
		tab.Run(t, chromedp.Evaluate(firstPlaceInView, &centred))
		if !centred {
			t.Errorf("seat %d's phone: the map does not open on the territory of the sheet's first move", p)
		}
		checkScreen(t, tab, fmt.Sprintf("sheet-place-phone%d", []int{360, 390}[p]))
		seen[p] = true
		tb.do(p, conquest.CmdPlace, map[string]int{"territory": owned(s, p)})
	}
}

// owned is the first territory seat p holds.
func owned(s *conquest.State, p int) int {
	for t, o := range s.Owner {
		if o == p {
			return t
		}
	}
	return -1
}

// A tap on a move sends it without reloading the page (a mark left on the
// page survives) and every screen follows live; a double tap sends once;
// a move the laptop refuses shows a toast under the tapped move and
// changes nothing.
func TestMoveSheetTapSendsWithoutReloadAndARefusalIsAToast(t *testing.T) {
	t.Parallel()
	tb := newSheetTable(t)
	by := chromedp.ByQuery
	for _, tab := range tb.phones {
		tab.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#live`, by), chromedp.Evaluate(`window.stayed = "yes"`, nil))
	}
	stayed := func(tab *testenv.Tab) {
		t.Helper()
		var mark string
		tab.Run(t, chromedp.Evaluate(`window.stayed || "reloaded"`, &mark))
		if mark != "yes" {
			t.Fatalf("the page was reloaded (its mark says %q)", mark)
		}
	}

	// One tap: the placer's army goes down, the other phone's sheet appears live.
	s := tb.state()
	p, before := s.Placer, armiesLeft(s)
	tab, other := tb.phones[p], tb.phones[1-p]
	tab.Run(t, chromedp.WaitVisible(`#sheet form[data-move] button`, by))
	placing := &taps{t: t} // docs/screens.md: place an army, 1 tap
	placing.click(tab, `#sheet form[data-move] button`)
	tb.waitFor("the tapped placement", func(s *conquest.State) bool { return armiesLeft(s) == before-1 })
	placing.atMost("placing an army", 1)
	other.Run(t, chromedp.WaitVisible(`#sheet form[data-move] button`, by))
	tab.Run(t, testenv.WaitText(`#turn`, "Waiting for"))
	stayed(tab)
	stayed(other)

	// A double tap on the next placer's phone places one army, not two, and
	// shows no refusal for a second send.
	// Both taps happen in one turn of the page's script, so a second send
	// would be requested before the first one's answer is drawn: the
	// device's own record of its requests says whether there was one.
	s = tb.state()
	before = armiesLeft(s)
	cmds := fmt.Sprintf("%s/games/%d/commands", tb.app.URL, tb.id)
	sends := func() (n int) {
		for _, u := range other.Requests() {
			if u == cmds {
				n++
			}
		}
		return n
	}
	sent := sends()
	other.Run(t, chromedp.Evaluate(`(() => { const b = document.querySelector("#sheet form[data-move] button"); b.click(); b.click(); return true })()`, nil))
	tb.waitFor("the double-tapped placement", func(s *conquest.State) bool { return armiesLeft(s) < before })
	other.Run(t, testenv.WaitText(`#turn`, "Waiting for"))
	var toasts int
	other.Run(t, chromedp.Evaluate(`document.querySelectorAll(".sheet-toast").length`, &toasts))
	if got, n := armiesLeft(tb.state()), sends()-sent; got != before-1 || toasts != 0 || n != 1 {
		t.Errorf("a double tap left %d armies to place (want %d), sent %d commands (want 1) and showed %d refusals", got, before-1, n, toasts)
	}

	// A stale move (made here by writing another seat's territory into it)
	// is refused where it was tapped, as a toast, and nothing changes.
	s = tb.state()
	p, before = s.Placer, armiesLeft(s)
	tab = tb.phones[p]
	theirs := owned(s, 1-p)
	tab.Run(t, chromedp.WaitVisible(`#sheet form[data-move] button`, by),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector("#sheet form[data-move] input[name=data]").value = '{"territory":%d}'`, theirs), nil),
		chromedp.Click(`#sheet form[data-move] button`, by),
		testenv.WaitText(`#sheet .sheet-toast`, "belongs to"))
	var under bool
	tab.Run(t, chromedp.Evaluate(`document.querySelector(".sheet-toast").previousElementSibling.matches("form[data-move]")`, &under))
	if !under {
		t.Errorf("the refusal is not shown under the tapped move")
	}
	if got := armiesLeft(tb.state()); got != before {
		t.Errorf("a refused move changed the game: %d armies left, want %d", got, before)
	}
	stayed(tab)
}

// frontier is a territory of p beside an enemy.
func frontier(s *conquest.State, p int) int { return frontiers(s, p)[0] }

// enemyNeighbour is a territory beside t that another player holds.
func enemyNeighbour(s *conquest.State, t int) int {
	for _, n := range risk.Classic().Neighbours(risk.TerritoryID(t)) {
		if s.Owner[n] != s.Owner[t] {
			return int(n)
		}
	}
	return -1
}

// frontiers are p's territories beside an enemy.
func frontiers(s *conquest.State, p int) (out []int) {
	for t, o := range s.Owner {
		if o != p {
			continue
		}
		for _, n := range risk.Classic().Neighbours(risk.TerritoryID(t)) {
			if s.Owner[n] != p {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

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
