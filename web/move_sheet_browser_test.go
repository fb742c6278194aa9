package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/coldcash"
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
	// The tests look at the phones alone: the host starts the game from
	// its own device, and no laptop screen redraws the board every move.
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	id := host.createGameWith("risk", map[string]any{"startArmies": 30}, "Ana", "Ben")
	if code, body := host.command(id, conquest.CmdStart, map[string]any{}, "start"); code != 200 {
		t.Fatalf("start: %d %s", code, body)
	}
	small, big := testenv.NewTab(t, 360, 740, true), testenv.NewTab(t, 390, 844, true)
	seatPhone(t, app, small, id, "Ana")
	seatPhone(t, app, big, id, "Ben")
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
		tab.RecordNetwork(t) // the double tap below counts the commands each phone sent
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
		for _, u := range other.Requests(t) {
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

// The board is the way to choose: a tap on a territory narrows the sheet
// to the moves about it, "Show all" brings the rest back, and a battle
// shows its exact chance (the engine's, as a percentage), the likeliest
// first and the rest under "more", with the move that ends the attacks
// saying so. A live update lands without moving the page.
func TestMoveSheetMapTapNarrowsToTheTerritorysMoves(t *testing.T) {
	t.Parallel()
	tb := newSheetTable(t)
	by := chromedp.ByQuery
	s := tb.state()
	p := s.Placer
	tab, other := tb.phones[p], tb.phones[1-p]
	mine := owned(s, p)
	count := func() (n int) {
		tab.Run(t, chromedp.Evaluate(`document.querySelectorAll("#sheet form[data-move]:not([hidden])").length`, &n))
		return n
	}
	tab.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#sheet form[data-move] button`, by))
	all := count()
	tab.Run(t, chromedp.Click(fmt.Sprintf(`.cq-spot[data-territory="%d"]`, mine), by), chromedp.WaitVisible(`#sheet .sheet-filter`, by))
	name := risk.Classic().Name(risk.TerritoryID(mine))
	var label string
	tab.Run(t, chromedp.Text(`#sheet form[data-move]:not([hidden]) button`, &label, by))
	if n := count(); n != 1 || !strings.Contains(label, name) || all < 2 {
		t.Errorf("after a tap on %s the sheet shows %d of %d moves (%q); want only the one placing on it", name, n, all, label)
	}
	tab.Run(t, chromedp.Click(`#sheet .sheet-all`, by))
	if n := count(); n != all {
		t.Errorf("after Show all the sheet shows %d moves; want all %d", n, all)
	}

	// The other phone, scrolled down to the map, stays where it is when
	// its sheet arrives above it.
	var top0, top1 float64
	// A browser tells the page of a scroll with the next frame it draws
	// (app.js's keepPlace hears it then): the scroll is made while the
	// phone draws, and waited for.
	other.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`.cq-map`, by))
	other.Drawing(t, func() {
		other.Run(t, chromedp.Evaluate(`new Promise((done, fail) => {
			const to = document.querySelector(".cq-map").getBoundingClientRect().top + scrollY - 40;
			if (to <= scrollY) return fail(new Error("the map is already at the top of the phone's screen: nothing to scroll"));
			addEventListener("scroll", () => done(document.querySelector(".cq-map").getBoundingClientRect().top), {once: true});
			window.scrollTo(0, to);
		})`, &top0, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	})
	// The placing goes by the map: the territory, then its one move.
	fromMap := &taps{t: t} // docs/screens.md: place an army from the map, 2 taps
	fromMap.click(tab, fmt.Sprintf(`.cq-spot[data-territory="%d"]`, mine))
	tab.Run(t, chromedp.WaitVisible(`#sheet .sheet-filter`, by))
	fromMap.click(tab, `#sheet form[data-move]:not([hidden]) button`)
	other.Run(t, chromedp.WaitVisible(`#sheet form[data-move] button`, by),
		chromedp.Evaluate(`document.querySelector(".cq-map").getBoundingClientRect().top`, &top1))
	if s := tb.state(); s.Armies[mine] != 2 {
		t.Errorf("after the map's two taps %s has %d armies; want the one placed there beside its first", name, s.Armies[mine])
	}
	fromMap.atMost("placing an army from the map", 2)
	if d := top1 - top0; d > 2 || d < -2 {
		t.Errorf("the map moved %.0f px on the screen when the sheet arrived above it; want it to stay", d)
	}

	// Every start army down, then Ana's whole build: her attacks are on the sheet.
	for i := 0; ; i++ { // spread over the front, so that many attacks are open
		s := tb.state()
		if s.Phase != conquest.PhasePlace {
			break
		}
		front := frontiers(s, s.Placer)
		tb.do(s.Placer, conquest.CmdPlace, map[string]int{"territory": front[i%len(front)]})
	}
	s = tb.state()
	if s.Pool > 0 {
		tb.do(s.Turn, conquest.CmdPlace, map[string]int{"territory": frontier(s, s.Turn), "count": s.Pool})
	}
	s = tb.state()
	tab = tb.phones[s.Turn]
	tab.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#sheet .chance`, by))
	var chance, ends string
	var folded int
	tab.Run(t, chromedp.Text(`#sheet .odds-big`, &chance, by), chromedp.Text(`#sheet button.ends`, &ends, by),
		chromedp.Evaluate(`document.querySelectorAll("#sheet details.sheet-more form[data-move]").length`, &folded))
	// The chance is the one big number, with what it is the chance of under it.
	if chance = strings.Join(strings.Fields(chance), " "); !strings.HasSuffix(chance, "% win") || !strings.Contains(ends, "ends this step") {
		t.Errorf("an attack says %q and ending the attacks %q; want its chance as a percentage and the end said", chance, ends)
	}
	checkScreen(t, tab, fmt.Sprintf("sheet-attack-phone%d", []int{360, 390}[s.Turn]))

	// A tap on an enemy territory narrows to the attacks on it.
	from := frontier(s, s.Turn)
	var target int
	for _, n := range risk.Classic().Neighbours(risk.TerritoryID(from)) {
		if s.Owner[n] != s.Turn {
			target = int(n)
			break
		}
	}
	tname := risk.Classic().Name(risk.TerritoryID(target))
	attackFromMap := &taps{t: t} // docs/screens.md: attack from the map, 2 taps
	attackFromMap.click(tab, fmt.Sprintf(`.cq-spot[data-territory="%d"]`, target))
	tab.Run(t, chromedp.WaitVisible(`#sheet .sheet-filter`, by))
	var labels []string
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll("#sheet form[data-move]:not([hidden]) button")].map(b => b.textContent)`, &labels))
	for _, l := range labels {
		if !strings.Contains(l, tname) {
			t.Errorf("after a tap on %s the sheet still offers %q", tname, l)
		}
	}
	if len(labels) == 0 || folded == 0 {
		t.Errorf("after a tap on %s the sheet offers %d moves; %d attacks were folded under more; want the attacks on it, the rare ones folded", tname, len(labels), folded)
	}
	// Its likeliest attack, tapped, is fought (or waits for the defender's dice).
	attackFromMap.click(tab, `#sheet form[data-move]:not([hidden]) button.odds-move`)
	tb.waitFor("the attack tapped from the map", func(s *conquest.State) bool { return s.Defence != nil || s.Last != nil })
	if s := tb.state(); (s.Defence == nil || s.Defence.To != target) && (s.Last == nil || s.Last.To != target) {
		t.Errorf("the attack tapped after %s on the map was not on it: defence %+v, last %+v", tname, s.Defence, s.Last)
	}
	attackFromMap.atMost("attacking from the map", 2)
}

// The roll is a moment: an attack with the app's dice, tapped on the
// attacker's sheet, shows its faces big on every screen (both phones and
// the TV), each face one die. Typing real dice is a keypad: one tap per die.
func TestMoveSheetRollShowsTheFacesOnEveryScreen(t *testing.T) {
	t.Parallel()
	tb := newSheetTable(t)
	by := chromedp.ByQuery
	tb.placeStartArmies()
	s := tb.state()
	if s.Pool > 0 {
		tb.do(s.Turn, conquest.CmdPlace, map[string]int{"territory": frontier(s, s.Turn), "count": s.Pool})
	}
	s = tb.state()
	attacker, other := tb.phones[s.Turn], tb.phones[1-s.Turn]
	tv := testenv.Laptop(t)
	tv.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)+"/tv"), chromedp.WaitVisible(`#live`, by))
	other.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#live`, by))
	attacker.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#sheet .chance`, by))

	// Real dice: three taps write three faces; the last one taps back.
	var typed string
	attacker.Run(t,
		chromedp.Evaluate(`document.querySelector(".cq-attack details").open = true`, nil))
	keys := &taps{t: t} // docs/screens.md: type real dice, 1 tap per die
	keys.click(attacker, `.cq-attack .keypad .key[data-face="6"]`)
	keys.click(attacker, `.cq-attack .keypad .key[data-face="5"]`)
	attacker.Run(t, chromedp.Value(`.cq-attack input[name="t.attFaces"]`, &typed, by))
	if typed != "6 5" {
		t.Errorf("two taps on the keypad typed %q; want %q", typed, "6 5")
	}
	keys.atMost("typing two dice", 2)
	attacker.Run(t,
		chromedp.Click(`.cq-attack .keypad .key[data-face="2"]`, by),
		chromedp.Click(`.cq-attack .keypad .key-back`, by),
		chromedp.Value(`.cq-attack input[name="t.attFaces"]`, &typed, by))
	if typed != "6 5" {
		t.Errorf("the keypad typed %q; want one face per tap, the last taken back: %q", typed, "6 5")
	}
	checkScreen(t, attacker, "sheet-keypad")
	// The typed dice are sent with the form's one button: 6 5 against the
	// defender's 6 (typed by hand, not counted: the attacker types theirs),
	// from the build's territory to a neighbour, a battle the defender
	// holds, so the turn's attacks go on.
	from := frontier(s, s.Turn)
	to := enemyNeighbour(s, from)
	attacker.Run(t,
		chromedp.SetValue(`.cq-attack select[name="d.from"]`, fmt.Sprint(from), by),
		chromedp.SetValue(`.cq-attack select[name="d.to"]`, fmt.Sprint(to), by),
		chromedp.SetValue(`.cq-attack select[name="d.mode"]`, "faces", by),
		chromedp.SetValue(`.cq-attack select[name="d.attackDice"]`, "2", by),
		chromedp.SetValue(`.cq-attack input[name="t.defFaces"]`, "6", by))
	keys.submit(attacker, `.cq-attack form button.primary`)
	keys.atMost("typing two dice and sending them", 3)
	typedBattle := tb.state().Last
	if typedBattle == nil || typedBattle.Mode != "faces" || typedBattle.From != from || typedBattle.To != to || typedBattle.AttLost != 1 || typedBattle.DefLost != 0 {
		t.Fatalf("the typed dice 6 5 v 6 from %d to %d were sent as %+v; want that battle, the attacker losing 1", from, to, typedBattle)
	}
	attacker.Run(t, chromedp.WaitVisible(`#sheet .chance`, by))

	attack := &taps{t: t} // docs/screens.md: attack, 1 tap
	attack.tap(attacker, `#sheet form[data-move] button.primary:not(.ends)`)
	if s := tb.state(); s.Defence == nil && (s.Last == nil || s.Last.Mode == "faces") {
		t.Fatalf("the attack's tap fought no battle and asked no defender: %+v", s)
	}
	attack.atMost("attacking", 1)
	// A defender with two armies or more chooses their dice first (the
	// house rule's default): the dice roll on the defender's tap.
	if tb.state().Defence != nil {
		other.Tap(t, `#sheet form[data-move] button.primary:not(.ends)`)
	}
	if s := tb.state(); s.Defence != nil || s.Last == nil {
		t.Fatalf("after the attack and the defence no battle was fought: defence %+v, last %+v", s.Defence, s.Last)
	}
	// A battle's roll is the battle moment (partials/moments.html): on the
	// TV its card, on each phone its line under the sheet, rolling in.
	for name, tab := range map[string]*testenv.Tab{"the attacker's phone": attacker, "the other phone": other, "the TV": tv} {
		var faces int
		err := chromedp.Run(tab.Ctx, chromedp.WaitReady(`#battle-moment.fresh .die`, by),
			chromedp.Evaluate(`document.querySelectorAll("#battle-moment .die").length`, &faces))
		if err != nil || faces < 2 {
			t.Errorf("%s shows %d faces of the roll (%v); want the roll's faces, big", name, faces, err)
		}
	}
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

// Cold Cash Risk in bank mode, step by step on the phones: the host founds
// a company for the player on turn each turn (the board is real; the bank
// is the app) until six trade (the most at once), and each phone plays its turns by its
// sheet (buy 3 of the first company on offer, then "End my turn"); then
// the host merges two companies and each holder answers the disposal on
// their phone. At every step on Ana's 360 x 740 phone and Ben's 390 x 844
// one, every everyday move of the step is inside the first screen,
// unscrolled (sheetPlay.onFirstScreen names each move's position when it
// is not), and after a change of step its first move is on the screen.
func TestBrowserColdCashBankEveryStepOnTheFirstScreen(t *testing.T) {
	t.Parallel()
	sp := sheetTableOf(t, "coldcash", coldcash.Rules{}, map[string]any{"mode": "bank"}, "")
	do := hostDevice(t, sp.app).commander(sp.id)
	sp.host.Close() // the game is played on the phones and by the host's commands
	for _, p := range sp.seats {
		p.Run(t, chromedp.Navigate(gameURL(sp.app, sp.id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	}
	names := []string{"Ana", "Ben"}
	state := func() (s *coldcash.State, seq int64) {
		s = &coldcash.State{}
		sp.app.Tracker.State(context.Background(), sp.id, func(st engine.State, q int64) { b, _ := json.Marshal(st); json.Unmarshal(b, s); seq = q })
		return
	}
	// look measures the step seat's phone shows once it shows the game
	// as it is now, then taps the move of id (its choice- class), or with
	// id "buy" the most of the first company on offer (plainSheetPick),
	// when the player's cash buys any.
	look := func(seat int, what, id string) {
		t.Helper()
		_, seq := state()
		tab := sp.seats[seat]
		tab.WaitSeq(t, seq, sheetOffers, "the sheet")
		where := fmt.Sprintf("%s's %d px phone, %s", names[seat], []int{360, 390}[seat], what)
		sp.steps.check(t, tab, where)
		var f firstScreen
		tab.Run(t, chromedp.Evaluate(`scrollTo(0, 0)`, nil), chromedp.Evaluate(firstScreenJS, &f))
		sp.onFirstScreen(f, where)
		if id == "buy" {
			tab.Run(t, chromedp.Evaluate(plainSheetPick, &id))
			if !strings.HasPrefix(id, "buy-") {
				return
			}
		}
		tab.Tap(t, "#turn .choice-"+id)
		sp.taps++
	}
	companies := []string{"c1", "c2", "c3", "c4", "c5", "c6"} // six active at most
	for turn := 0; turn < 2*len(companies)+2; turn++ {
		s, _ := state()
		seat := s.Turn
		if turn < len(companies) {
			// c1 the biggest, to survive the merger; none safe (11+).
			do("found", map[string]any{"company": companies[turn], "seat": seat, "size": map[bool]int{true: 10, false: 2 + turn}[turn == 0]})
		}
		what := fmt.Sprintf("turn %d (%d companies)", turn+1, min(turn+1, len(companies)))
		if turn > 0 { // the first turn buys nothing: its step is the founding fold and "End my turn"
			look(seat, what, "buy")
		}
		look(seat, what+", bought", "turn")
	}
	// The merger: c1 absorbs c2, which both players hold; each answers.
	s, _ := state()
	do("merge", map[string]any{"survivor": "c1", "defunct": "c2", "maker": s.Turn})
	for n := 0; ; n++ {
		s, _ := state()
		w, ok := coldcash.Rules{}.Waiting(s)
		if !ok || w.Decision != "merger.dispose" {
			break
		}
		if n == 4 {
			t.Fatalf("the merger still waits for %v after %d disposals", w.Seats, n)
		}
		look(w.Seats[0], "the merger's disposal", "sell-all")
	}
	if n := len(sp.deepest); n != 2 {
		t.Errorf("measured %d phone sizes; want 2", n)
	}
	sp.steps.checked(t, "bank mode")
	t.Logf("bank mode: %d taps; deepest everyday move per screen: %v", sp.taps, sp.deepest)
}
