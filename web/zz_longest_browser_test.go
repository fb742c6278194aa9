package web_test

// The package's longest tests, here so that they start first. Go holds a
// package's parallel tests until its sequential ones are done and then
// starts them in reverse order of their t.Parallel (the last one first,
// after the very first; go1.27's channel close readies its waiters
// last-in first-out). This file sorts last, so these start first, the
// longest last in the file, and the many short tests fill the other slot
// round them. In source order they started last and the longest ran alone
// at the end of the run (docs/performance.md, round 11: the web package's
// timeline). A test moved here is the same test; its helpers stay in the
// file it came from.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/enginetest"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
)

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
	other.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`.cq-map`, by),
		chromedp.Evaluate(`window.scrollTo(0, document.querySelector(".cq-map").getBoundingClientRect().top + scrollY - 40); document.querySelector(".cq-map").getBoundingClientRect().top`, &top0))
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

// A phone that closed its page mid-decision opens the game again and is
// back at its seat and its decision with no tap; cut off while the table
// moves on, it says it is reconnecting, then catches up with what it
// missed (its move arrived meanwhile) and its answer counts. The host
// sees the phone away, then online again; not one answer is lost.
func TestPhoneThatClosedItsPageOrWentOfflineComesBackToItsDecisionWithNothingLost(t *testing.T) {
	t.Parallel()
	// The host sees a phone away after 1 s rather than the product's 5 s:
	// the test waits for it twice (presence_test.go checks the grace itself).
	app := testenv.StartWith(t, testenv.Options{Games: []engine.Rules{testgames.Secrets{}}, PhonesNotHost: true, AwayGrace: time.Second})
	hostDev := hostDevice(t, app)
	game := hostDev.createGame("secrets", "Ana", "Ben")
	join := joinURLFromQR(t, hostDev, game)
	gameURL := fmt.Sprintf("%s/games/%d", app.URL, game)
	host := testenv.Laptop(t)
	app.MakeHost(t, host)
	host.Run(t, chromedp.Navigate(gameURL), testenv.WaitText(`#phones [data-seat="1"]`, "never joined"))

	ana := newDevice(t, app)
	ana.join(join, game, 0)
	phone := testenv.Phone(t)
	joinInBrowser(t, phone, join, "Ben")
	host.Run(t, testenv.WaitText(`#phones [data-seat="1"]`, "● online"))
	pass := func(who *device, idem string) {
		t.Helper()
		if code, body := who.command(game, testgames.CmdPass, nil, idem); code != 200 {
			t.Fatalf("pass %s: %d %s", idem, code, body)
		}
	}
	pass(ana, "ana-1")
	phone.Run(t, testenv.WaitText(`#turn .decision`, "Your move"), testenv.WaitText(`pre.view`, `"passes":1`))

	// Mid-decision, Ben closes the tab; the host sees his phone away.
	phone = reopenTab(t, phone, "about:blank")
	host.Run(t, testenv.WaitText(`#phones [data-seat="1"]`, "○ away since"))
	// He opens the game again: his seat, his decision, no tap, no join page.
	phone.Run(t, chromedp.Navigate(gameURL), testenv.WaitText(`.seatbar`, "You are Ben"),
		testenv.WaitText(`#turn .decision`, "Your move"), testenv.WaitText(`pre.view`, `"passes":1`))
	host.Run(t, testenv.WaitText(`#phones [data-seat="1"]`, "● online"))
	// Scanning the join QR again leads back to the seat too, never to "taken".
	var loc string
	phone.Run(t, chromedp.Navigate(join), testenv.WaitText(`.seatbar`, "You are Ben"), chromedp.Location(&loc))
	if loc != gameURL {
		t.Fatalf("the join link sent a seated phone to %s; want its game %s", loc, gameURL)
	}
	phone.Tap(t, `#turn .decision form.choice button`) // Ben passes: the table waits for Ana
	phone.Run(t, testenv.WaitText(`#turn`, "Waiting for Ana"), testenv.WaitText(`pre.view`, `"passes":2`))
	waitJS(t, phone, `document.querySelector(".offline").hidden`, "the live stream to open")

	// The phone is cut off; meanwhile Ana passes and it becomes Ben's move.
	phone.Run(t, network.EmulateNetworkConditions(true, 0, -1, -1))
	waitJS(t, phone, `(() => { const o = document.querySelector(".offline"); return !o.hidden && o.textContent.includes("reconnecting"); })()`,
		`"reconnecting…" on the phone`)
	host.Run(t, testenv.WaitText(`#phones [data-seat="1"]`, "○ away since"))
	pass(ana, "ana-2")
	// The phone stays cut off until Ana's move has reached the screens that
	// are online (the host's): no stream of Ben's was open to send it on
	// (the host saw him away), so only the catch-up below can bring it. How
	// long it stays away changes nothing in app.js or the server below a
	// minute (app.js's watchdog wakes after 50 s of silence, which the
	// half-minute this test once slept did not reach either), so no fixed
	// time is waited.
	host.Run(t, testenv.WaitText(`pre.view`, `"passes":3`))
	var stale bool
	phone.Run(t, chromedp.Evaluate(`!document.querySelector("#turn .decision")`, &stale))
	if !stale {
		t.Fatal("the offline phone shows Ben's move before it could have heard of it: the catch-up below would prove nothing")
	}

	phone.Run(t, network.EmulateNetworkConditions(false, 0, -1, -1))
	phone.Run(t, testenv.WaitText(`#turn .decision`, "Your move"), testenv.WaitText(`pre.view`, `"passes":3`))
	waitJS(t, phone, `document.querySelector(".offline").hidden`, "the reconnecting line to go")
	host.Run(t, testenv.WaitText(`#phones [data-seat="1"]`, "● online"))
	phone.Tap(t, `#turn .decision form.choice button`)
	phone.Run(t, testenv.WaitText(`#turn`, "Waiting for Ana"), testenv.WaitText(`pre.view`, `"passes":4`))

	var passes, turn int
	app.Tracker.State(context.Background(), game, func(s engine.State, _ int64) {
		st := s.(*testgames.SecretsState)
		passes, turn = st.Passes, st.Turn
	})
	if passes != 4 || turn != 0 {
		t.Fatalf("after 4 answers the game counts %d passes, turn of seat %d; want 4 passes, Ana's turn", passes, turn)
	}
}

// Classic RISK with the house rules and phones as private hands: the
// players place their last start armies on their phones; Ana plays three
// turns on her phone (build, an attack with real dice typed in, the move,
// the end of the turn) and earns a card each time; Ben plays his turns on
// his; on her fourth turn Ana trades her set on her phone in one tap, and
// the larger build reaches every screen live. Only Ana's phone ever
// receives her cards: not Ben's phone, not the host, not the public page.
func TestBrowserRiskPhonesHoldTheirCardsAndTradeASet(t *testing.T) {
	t.Parallel()
	app, hostTab, host := hostLaptop(t)
	// Every card artillery (the table's own deck may say so), so any three
	// of Ana's cards make a set: the test needs no luck of the draw.
	id := createConquest(t, app, "risk", conquest.Settings{StartArmies: 22, Symbols: strings.Repeat("A", 42)})
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#sheet .choice-start`, chromedp.ByQuery))
	hostTab.Tap(t, `#sheet .choice-start`)
	ana, ben := joinTwoPhones(t, hostTab)
	phones := []*screen{ana, ben}
	by := chromedp.ByQuery
	state := func() *conquest.State {
		var s conquest.State
		app.Tracker.State(context.Background(), id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
		return &s
	}

	// The last start armies, each on the placer's own phone.
	for s := state(); s.Phase == conquest.PhasePlace; s = state() {
		p := phones[s.Placer]
		p.tab.Run(t, testenv.WaitText(`#turn .decision`, "place start armies"), chromedp.WaitVisible(sheetMove("place"), by))
		p.tab.Tap(t, sheetMove("place"))
	}
	endTurn := func(p *screen) {
		t.Helper()
		p.tab.Tap(t, `#sheet .choice-end-attack`)
		p.tab.Tap(t, `#sheet .choice-end-turn`)
	}
	classic := risk.Classic()
	for turn := 1; turn <= 3; turn++ {
		// Ana: her whole build on a territory beside Ben's weakest
		// neighbour, then an attack with real dice typed in: 6s against 1s.
		// On her phone the builds are chosen on the map: their list is
		// folded, "Place by name".
		ana.tab.Run(t, testenv.WaitText(`#turn .decision`, "armies"), chromedp.WaitVisible(placeByName, by))
		s := state()
		from, to := -1, -1
		for t1, o := range s.Owner {
			if o != 0 {
				continue
			}
			for _, n := range classic.Neighbours(risk.TerritoryID(t1)) {
				if s.Owner[n] == 1 && (to < 0 || s.Armies[n] < s.Armies[to]) {
					from, to = t1, int(n)
				}
			}
		}
		if to < 0 || s.Armies[to] > 2 {
			t.Fatalf("turn %d: no weak border for Ana (to %d)", turn, to)
		}
		placeFromMap(t, ana.tab, classic.Name(risk.TerritoryID(from)))
		ana.tab.Run(t, chromedp.WaitVisible(`.cq-attack`, by),
			chromedp.SetAttributeValue(`.cq-attack details`, "open", "", by),
			chromedp.SetValue(`.cq-attack details select[name="d.from"]`, strconv.Itoa(from), by),
			chromedp.SetValue(`.cq-attack details select[name="d.to"]`, strconv.Itoa(to), by),
			chromedp.SetValue(`.cq-attack details select[name="d.mode"]`, "faces", by),
			chromedp.SetValue(`.cq-attack details input[name="t.attFaces"]`, "6 6 6", by),
			chromedp.SetValue(`.cq-attack details input[name="t.defFaces"]`, strings.TrimSpace(strings.Repeat("1 ", s.Armies[to])), by),
		)
		ana.tab.Submit(t, `.cq-attack details button.primary`, 200)
		// The move into the conquered territory is Ana's decision card: one
		// number with its limits and one tap; Ben's phone shows the line.
		owesCard(t, ana, "move armies into", "move")
		waitsLine(t, ben, "Waiting for Ana: move armies into", "move")
		ana.tab.Tap(t, `#turn .decision .choice-move`)
		endTurn(ana)
		if got := len(state().Hands[0]); got != turn {
			t.Fatalf("after %d conquering turns Ana holds %d cards", turn, got)
		}
		// Ben: his build on the first territory the sheet offers, no attack, the end.
		// Ben picks it by name: the fold, then the move.
		ben.tab.Run(t, testenv.WaitText(`#turn .decision`, "armies"), chromedp.WaitVisible(placeByName, by), chromedp.Click(placeByName, by), chromedp.WaitVisible(sheetMove("place"), by))
		ben.tab.Tap(t, sheetMove("place"))
		endTurn(ben)
	}

	// Ana's fourth turn: her three cards are a set; her phone shows them
	// and offers the trade, Ben's shows only how many she holds.
	ana.tab.Run(t, testenv.WaitText(`#turn .decision`, "armies"), chromedp.WaitVisible(sheetMove("trade"), by))
	s := state()
	secret := handSecret(0, s.Hands[0])
	ana.shows(t, "before the trade", secret...)
	ana.received(t, "before the trade", secret[0])
	ben.tab.Run(t, testenv.WaitText(`#turn`, "Waiting for Ana: place"), testenv.WaitText(`.cq-players`, "3"))
	check := func(when string) {
		t.Helper()
		ben.keeps(t, when, secret...)
		host.keeps(t, when, secret...)
		pub := mustGet(t, gameURL(app, id)+"?as=public")
		for _, sec := range secret {
			if strings.Contains(pub, sec) {
				t.Errorf("%s: the public page holds %q", when, sec)
			}
		}
	}
	check("before the trade")
	var n int
	ben.tab.Run(t, chromedp.Evaluate(`document.querySelectorAll('input[name="type"][value="trade"]').length`, &n))
	if n != 0 {
		t.Fatal("Ben's phone offers to trade Ana's cards")
	}
	c := &taps{t: t}
	host.mark(t)
	ben.mark(t)
	c.tap(ana.tab, sheetMove("trade"))
	c.atMost("trading a set", 1)
	after := state()
	if len(after.Hands[0]) != 0 || after.Pool <= s.Pool {
		t.Fatalf("after the trade Ana holds %d cards and has %d to place (before %d)", len(after.Hands[0]), after.Pool, s.Pool)
	}
	want := fmt.Sprintf("Waiting for Ana: place %d armies", after.Pool)
	for _, p := range []*screen{host, ben} {
		p.tab.Run(t, testenv.WaitText(`#turn`, want), testenv.WaitText(`.cq-build`, "set"))
		p.notReloaded(t, "Ana's trade")
	}
	ana.tab.Run(t, testenv.WaitText(`.cq-hand`, "No cards"))
	check("after the trade")
	for _, p := range append(phones, host) {
		p.tab.AssertLocalOnly(t, app.URL)
	}
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
		tab.Run(t, chromedp.Poll(fmt.Sprintf(`(%s)(%d)`, sheetReady, seq), nil, chromedp.WithPollingTimeout(20*time.Second)))
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

// The host laptop is a table: from 1200 px wide the map is on the left and
// the step and its move sheet on the right, the map's top, the sheet's
// first move, undo and the join corner all in the first screen, late in a
// Cold Cash Risk board game; under 1200 px it is one column.
func TestHostLaptopTwoColumnsLateInAColdCashGame(t *testing.T) {
	t.Parallel()
	app, id, tab := lateHostGame(t)
	checkHostTable(t, app, id, tab, "coldcash-late", false) // every seat taken: no join corner
}

// RISK played by two players without phones: the host deals and places
// every army at random, then each turn the laptop offers the player on
// turn's hand behind one tap, shows her cards and her move sheet (place,
// attack, fortify), sends what she taps as her, and closes the hand when
// the move passes on. Whole turns of both players are played this way,
// every tap a move the sheet offered.
func TestBrowserPhonelessPlayersPlayRiskFromTheLaptop(t *testing.T) {
	t.Parallel()
	app, tab, host, id := laptopTable(t, "risk", nil)
	if code, body := host.command(id, "start", map[string]any{"random": true}, "start"); code != 200 {
		t.Fatalf("start: %d %s", code, body)
	}
	// Each turn attacks once (the list leads with the likeliest win), then
	// takes the moves that end each step.
	attacked := false
	ends := endsFirst()
	lp := &laptopPlayer{t: t, tab: tab, pick: func(ms []laptopMove) laptopMove {
		for _, m := range ms {
			if m.Type == "attack" && !attacked {
				attacked = true
				return m
			}
		}
		return ends(ms)
	}}
	turnOf := func() int {
		t.Helper()
		var v struct{ View struct{ Turn int } }
		if code := host.getJSON(fmt.Sprintf("/games/%d/view", id), &v); code != 200 {
			t.Fatalf("view: %d", code)
		}
		return v.View.Turn
	}
	// Four whole turns (Ana, Ben, Ana, Ben): the player on turn's hand is
	// opened, and the defender's when an attack waits for their dice.
	whole, last, sawCard := 0, turnOf(), false
	for n := 0; whole < 4; n++ {
		if n > 20 {
			t.Fatalf("only %d whole turns after 20 hands opened on the laptop", whole)
		}
		seat := lp.openOffered()
		played := lp.turn(seat, func(card string) {
			if !strings.Contains(card, "Cards:") || !strings.Contains(card, "look away") {
				t.Fatalf("the open hand shows no cards line or no warning: %s", card)
			}
			sawCard = sawCard || !strings.Contains(card, "Cards: none")
		})
		t.Logf("seat %d played %v", seat, played)
		if now := turnOf(); now != last {
			whole, last, attacked = whole+1, now, false
		}
	}
	if !sawCard {
		t.Error("no hand opened on the laptop showed a card, though conquests earn them")
	}
	// The open hand, its sheet and its warning pass axe in both schemes
	// (last: under load axe may take longer than an open hand lasts).
	lp.openOffered()
	for _, scheme := range []string{"light", "dark"} {
		tab.ColorScheme(t, scheme)
		testenv.Axe(t, tab, "laptop-hand-open-"+scheme)
	}
	t.Logf("%d taps for %d turns from the laptop", lp.taps, 4)
	tab.AssertLocalOnly(t, app.URL)
}

// RISK and PCtW on the host laptop are the same table as Cold Cash: map
// left, the step and its sheet right, the join corner in the first screen
// while seats are free.
func TestHostLaptopTwoColumnsInRiskAndPCtW(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"risk", "pctw"} {
		app, id, tab := hostConquestGame(t, kind)
		checkHostTable(t, app, id, tab, kind, true)
	}
}

// Piecepack Conquers the World played the same way: two turns each on two
// phones, tapping only the sheets' moves, every tap accepted.
func TestBrowserPCTWTurnsPlayedTappingOnlyTheSheet(t *testing.T) {
	t.Parallel()
	app, id, phones := sheetGame(t, "pctw", nil)
	n := playBySheet(t, app, id, phones, 2)
	t.Logf("PCtW: two turns each in %d taps, every one accepted", n)
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
	waitJS(t, tab, `!!document.querySelector("#sheet .chance") && !!document.querySelector("#sheet details.sheet-more[data-lazy][data-places]")`, "the attacks' sheet with a closed fold")
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
	// The fold's moves come in a request of their own: under a busy test
	// run (every web test at once on two cores) it can take longer than
	// waitJS's 15 s, so this one waits up to a minute.
	if err := chromedp.Run(tab.Ctx, chromedp.Poll(fmt.Sprintf(`(() => {
	  const g = document.querySelector('.cq-spot[data-territory="%s"]');
	  const keys = [(g.dataset.name || "").toLowerCase().replace(/\s+/g, "-"), (g.dataset.name || "").toLowerCase(), g.dataset.territory];
	  const shown = [...document.querySelectorAll("#sheet form[data-move]:not([hidden])")].filter(f => !f.closest("details:not([open])"));
	  return !document.querySelector("#sheet .sheet-filter").hidden && !document.querySelector("#sheet details.sheet-more[open][data-lazy]") &&
	    shown.length > 0 && shown.every(f => keys.some(k => (f.dataset.places || "").includes("|" + k + "|")));
	})()`, spot), nil, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("only the tapped territory's moves, from the fold, not shown: %v", err)
	}
}

// The same in board mode: the map, the operating cycle and a friendly
// merger that waits for Cy, who holds hidden Tower shares only.
func TestHiddenSharesReachNoOtherScreenOverHTTPInBoardMode(t *testing.T) {
	t.Parallel()
	const host, ana, ben, cy = engine.Host, 0, 1, 2
	type M = map[string]any
	for _, hidden := range []string{coldcash.HiddenCount, coldcash.HiddenIgnore} {
		t.Run(hidden, func(t *testing.T) {
			set := M{"mode": "board", "deck": "table", "hiddenAtMerger": hidden}
			tw := &hiddenTwin{t: t, a: newHiddenTable(t, set, []int{ana}, "Ana", "Ben", "Cy"), b: newHiddenTable(t, set, []int{ana}, "Ana", "Ben", "Cy")}
			tw.step(host, "open", M{"first": []string{"siam", "alaska", "peru"}}) // Ben, Cy, Ana
			tw.step(host, "place", M{"territory": "kamchatka"})
			tw.step(host, "found", M{"company": "c1"})
			tw.step(ben, "buy", M{"company": "c1", "count": 2})
			tw.step(ben, "draw", nil)
			tw.step(host, "place", M{"territory": "venezuela"})
			tw.step(host, "found", M{"company": "c3"})
			tw.step(cy, "buy", M{"company": "c1", "count": 2})
			tw.step(ben, "hide", M{"company": "c1", "hidden": 2})
			tw.step(cy, "hide", M{"company": "c1", "hidden": 2})
			tw.moveHidden("c1", cy, ben) // b: Ben 4 Tower (3 hidden), Cy 1 (hidden)
			tw.same("after the hidden shares moved")
			for n := 1; n <= 3; n++ {
				tw.probe(host, "sell", M{"company": "c1", "count": n})
			}
			tw.probe(host, "meeting", M{"company": "c1", "nominee": cy})
			tw.step(cy, "draw", nil)
			tw.step(host, "place", M{"territory": "india"})
			tw.step(host, "leave", nil)
			tw.step(ana, "buy", M{"company": "c3", "count": 1})
			tw.step(ana, "draw", nil)
			tw.step(ben, "hire", M{"company": "c1", "place": M{}})
			tw.step(cy, "dividends", M{"company": "c3"})
			tw.step(host, "place", M{"territory": "china"})
			tw.step(host, "found", M{"company": "c2"})
			for n := 2; n <= 5; n++ {
				tw.probe(host, "sell", M{"company": "c1", "count": n})
			}
			tw.step(host, "draw", nil)
			tw.step(host, "place", M{"territory": "mongolia"})
			tw.step(host, "merge", M{"companies": []string{"c1", "c2"}})
			tw.step(ben, "consent", M{"company": "c1", "agree": true})
			if hidden == coldcash.HiddenCount {
				return // hidden shares count for the bonuses: the payout shows them
			}
			tw.step(ben, "consent", M{"company": "c2", "agree": true})
			tw.probe(host, "draw", nil)
			tw.probe(ana, "dispose", M{"choice": "sell-all"})
			for n := 1; n <= 3; n++ {
				tw.probe(host, "dispose", M{"keep": n})
			}
			for i, ht := range []*hiddenTable{tw.a, tw.b} {
				held := []int{2, 1}[i]
				_, own := ht.phones[cy].get(fmt.Sprintf("/games/%d", ht.game))
				if !strings.Contains(own, fmt.Sprintf("keep, sell or trade %d Tower", held)) {
					t.Fatalf("Cy's own phone does not count her %d Tower", held)
				}
				_, page := ht.tv.get(fmt.Sprintf("/games/%d", ht.game))
				if !strings.Contains(page, "keep, sell or trade their Tower shares") {
					t.Fatal("the TV does not show what the table waits for")
				}
			}
			tw.step(cy, "dispose", M{"choice": "keep-all"})
			tw.step(ben, "dispose", M{"choice": "keep-all"})
			tw.step(host, "draw", nil)
		})
	}
}

// A whole board-mode game of Cold Cash Risk, 12 operating cycles with 5
// companies or more founded, on a 360 x 740 phone (Ana) and a 390 x 844
// one (Ben), played by tapping only the sheet: at every step of every
// cycle the phone the table waits for shows every everyday move of the
// step inside its first screen (no scroll, a fold only for the rare ones),
// and after every tap that changes the step, the new step's first move is
// on the screen. In the last cycle, the longest sheet of the game, each
// phone's action step has no tap target under 44 px and axe finds
// nothing, in light and dark.
func TestColdCashWholeBoardGameEveryStepOnTheFirstScreen(t *testing.T) {
	t.Parallel()
	app, host, _ := hostLaptop(t)
	id := hostDevice(t, app).createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app"}, "Ana", "Ben")
	host.Run(t, chromedp.Navigate(gameURL(app, id)))
	join := qrFromScreen(t, host)
	// A whole game outlives a device's usual 4 minutes under a loaded CI.
	small, big := testenv.NewTabFor(t, 360, 740, true, 20*time.Minute), testenv.NewTabFor(t, 390, 844, true, 20*time.Minute)
	joinInBrowser(t, small, join, "Ana")
	joinInBrowser(t, big, join, "Ben")
	tb := &screenTable{app: app, id: id, host: host, phones: []*testenv.Tab{small, big}}
	tb.host.Tap(t, `#turn .choice-open`)
	tb.host.Close() // the game is played on the phones: the host's board need not redraw every tap
	for _, p := range tb.phones {
		p.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	}
	size := []int{360, 390}
	names := []string{"Ana", "Ben"}
	state := func() (*coldcash.State, int64) {
		var s coldcash.State
		var seq int64
		tb.app.Tracker.State(context.Background(), tb.id, func(st engine.State, q int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s); seq = q })
		return &s, seq
	}
	taps, steps, most, lateChecked, founded := 0, 0, 0, map[int]bool{}, map[string]bool{}
	kinds := map[string]int{}
	lastKey := []string{"", ""}
	defer func() {
		t.Logf("%d taps, %d steps measured, %d companies founded, at most %d at once; taps by move: %v", taps, steps, len(founded), most, kinds)
	}()
	for taps < 400 {
		s, seq := state()
		if s.Over {
			t.Fatalf("the game ended at cycle %d", s.Table.Cycle)
		}
		if s.Table.Cycle > 12 {
			break
		}
		active := 0
		for _, c := range s.Companies {
			if c.Active {
				active++
				founded[c.ID] = true
			}
		}
		most = max(most, active)
		w, ok := coldcash.Rules{}.Waiting(s)
		if !ok || len(w.Seats) == 0 {
			t.Fatalf("tap %d: the table waits for nobody (%s)", taps, s.Where())
		}
		seat := w.Seats[0]
		tab := tb.phones[seat]
		tab.Run(t, chromedp.Poll(fmt.Sprintf(`parseInt(document.querySelector("[data-live]").getAttribute("data-seq"), 10) >= %d && !!document.querySelector("#turn #sheet form[data-move]")`, seq),
			nil, chromedp.WithPollingTimeout(20*time.Second)))
		var f firstScreen
		tab.Run(t, chromedp.Evaluate(firstScreenJS, &f))
		steps++
		where := fmt.Sprintf("cycle %d, %s's %d px phone, %q", s.Table.Cycle, names[seat], size[seat], f.Key)
		if len(f.Moves) == 0 {
			t.Fatalf("%s: the step draws no everyday move", where)
		}
		if f.Key != lastKey[seat] {
			// A new step: its first move is on the screen.
			if m := f.Moves[0]; m.Top < 0 || m.Bottom > f.H {
				t.Errorf("%s: the new step's first move %s sits at y %d..%d of a %d px screen", where, m.ID, m.Top, m.Bottom, f.H)
			}
			lastKey[seat] = f.Key
		}
		if out := f.outside(); len(out) > 0 || f.Y != 0 {
			t.Errorf("%s: scrolled %d px; everyday moves off the %d px screen: %s", where, f.Y, f.H, strings.Join(out, ", "))
		}
		if s.Table.Cycle == 12 && s.Table.Step == coldcash.StepAction && s.Table.Phase != coldcash.PhaseEarnings && !lateChecked[seat] {
			lateChecked[seat] = true
			checkScreen(t, tab, fmt.Sprintf("coldcash-late-action-phone%d", size[seat]))
			if *screensDir != "" { // the first screen as the thumb sees it
				var png []byte
				tab.Run(t, chromedp.CaptureScreenshot(&png))
				os.WriteFile(filepath.Join(*screensDir, fmt.Sprintf("coldcash-late-action-phone%d-first.png", size[seat])), png, 0o644)
			}
			for _, scheme := range []string{"light", "dark"} {
				tab.ColorScheme(t, scheme)
				testenv.Axe(t, tab, fmt.Sprintf("%s (%s)", where, scheme))
			}
			tab.ColorScheme(t, "light")
		}
		var pick string
		tab.Run(t, chromedp.Evaluate(plainSheetPick, &pick))
		if pick == "" {
			t.Fatalf("%s: nothing to tap", where)
		}
		tab.Tap(t, "#turn #sheet .choice-"+pick)
		taps++
		kinds[strings.SplitN(pick, "-", 2)[0]]++
	}
	if taps >= 400 {
		t.Fatalf("after %d taps the game had not played 12 cycles", taps)
	}
	if len(founded) < 5 {
		t.Errorf("%d companies founded in 12 cycles; the game should found 5 or more", len(founded))
	}
	if len(lateChecked) < 2 {
		t.Errorf("the last cycle's action step was looked at on %d phones; want both", len(lateChecked))
	}
}

// Classic RISK played on two phones by tapping only what each sheet
// offers: builds, attacks, defences, moves in, ends of the attacks and of
// the turn, two turns each, every tap accepted.
func TestBrowserRiskTurnsPlayedTappingOnlyTheSheet(t *testing.T) {
	t.Parallel()
	app, id, phones := sheetGame(t, "risk", nil)
	n := playBySheet(t, app, id, phones, 2)
	t.Logf("RISK: two turns each in %d taps, every one accepted", n)
}

// Late in a game the sheet still fits: RISK and PCtW are played through
// the tracker by offered moves alone to a build many turns in, cards in
// hand to trade, big armies and long lists of what happened, then the
// phones play two turns each by their sheets alone, with every check of
// the early turns (playBySheet): every everyday move on the first screen,
// unscrolled, the next step's first move in view, 44 px, axe-core.
func TestBrowserConquestLateTurnsPlayedTappingOnlyTheSheet(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"risk", "pctw"} {
		t.Run(kind, func(t *testing.T) {
			app, id, phones := sheetGame(t, kind, lateTurn)
			n := playBySheet(t, app, id, phones, 2)
			t.Logf("%s late: two turns each in %d taps, every one accepted", kind, n)
		})
	}
}

// Every page in docs/screens.md is readable by everyone: axe-core finds no
// violation of any impact on the host's screen, a 360 px phone and the TV
// of every game, the join page, the winner screen with its luck, the dice
// page, the timeline, the score log's pages and the pages around the
// games, in light and dark mode; every game screen's feed is a polite
// live region.
func TestEveryScreenPassesAxeInLightAndDarkMode(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	fixedDice(app) // before any game starts
	for _, g := range everyGameSetUp {
		t.Run(g.name, func(t *testing.T) {
			a, host := newA11yTabs(app), hostDevice(t, app)
			id := host.createGameWith(g.kind, g.settings, "Ana", "Ben")
			game := fmt.Sprintf("/games/%d", id)
			join := joinURLFromQR(t, host, id)
			if g.kind == "risk" {
				a.tab(t, "join").Run(t, chromedp.Navigate(join)) // the join page, after the code is taken off the address
				a.check(t, "join", "join", game+"/join", `.seat-pick`)
			}
			joinInBrowser(t, a.tab(t, "phone"), join, "Ana")
			a.check(t, "host", g.name+"-host", game, `#live`)
			a.check(t, "phone", g.name+"-phone360", game, `#live`)
			a.check(t, "tv", g.name+"-tv", game+"/tv", `#live`)
			if g.name == "coldcash-bank" {
				a.checkColdCashToTheEnd(t, host, id)
			}
			if g.kind == "scorepad" { // its winner screen, with a play to log in BG Stats
				for _, c := range []struct {
					typ  string
					data any
				}{{"score", map[string]int{"seat": 0, "points": 7}}, {"score", map[string]int{"seat": 1, "points": 12}}, {"finish", nil}} {
					if code, body := host.command(id, c.typ, c.data, ""); code != 200 {
						t.Fatalf("%s: %d %s", c.typ, code, body)
					}
				}
				a.check(t, "host", "scorepad-winner-host", game, `#winner`)
				a.check(t, "phone", "scorepad-winner-phone360", game, `#winner`)
				a.check(t, "tv", "scorepad-winner-tv", game+"/tv", `#winner`)
			}
		})
	}
	t.Run("the-end", func(t *testing.T) { newA11yTabs(app).checkTheEnd(t, hostDevice(t, app)) })
	t.Run("pages", func(t *testing.T) {
		a := newA11yTabs(app)
		for _, p := range []string{"/", "/join", "/odds", "/odds?a=12&d=3&chain=2,2", "/calc", "/print",
			"/scores", "/scores/new", "/scores/players", "/scores/games", "/scores/ratings"} {
			a.check(t, "phone", p+" phone360", p, `main`)
		}
		a.check(t, "host", "new-game-host", "/", `main form`)
	})
}

// A whole board-mode game of Cold Cash Risk in first-game mode, on a
// 360 x 740 phone (Ana) and a 390 x 844 one (Ben). The moves go through
// the tracker as the seats' phones send them; at every move, every seat's
// sheet teaches (the engine's), and each card a phone has not shown
// before is read off that phone: its "Now:" line and its "not now" lines
// are the engine's, and each "not now" move is sent from that phone as
// the exact command it names and refused in the same words, the game's
// seq unchanged. Early and late, axe finds nothing on the taught card and
// no tap target is under 44 px.
func TestBrowserColdCashFirstGameEveryCardTeaches(t *testing.T) {
	t.Parallel()
	app, host, _ := hostLaptop(t)
	id := hostDevice(t, app).createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app", "ending": "short", "firstGame": true}, "Ana", "Ben")
	host.Run(t, chromedp.Navigate(gameURL(app, id)))
	join := qrFromScreen(t, host)
	// A whole game outlives a device's usual 4 minutes under a loaded CI.
	phones := []*testenv.Tab{testenv.NewTabFor(t, 360, 740, true, 15*time.Minute), testenv.NewTabFor(t, 390, 844, true, 15*time.Minute)}
	joinInBrowser(t, phones[0], join, "Ana")
	joinInBrowser(t, phones[1], join, "Ben")
	host.Tap(t, `#turn .choice-open`)
	host.Close() // the game is played on the phones: the host's board need not redraw every move
	for _, p := range phones {
		p.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(42, 7))
	cmdPath := fmt.Sprintf("/games/%d/commands", id)
	last := []string{"", ""}
	cards, refusals, moves := 0, 0, 0
	steps := map[string]int{}
	looked := map[string]bool{}
	start := time.Now()
	defer func() {
		t.Logf("%d moves, %d cards read off the phones (by step %v), %d not-now moves sent and refused, in %s", moves, cards, steps, refusals, time.Since(start).Round(time.Second))
	}()
	for ; ; moves++ {
		if moves == 2000 {
			t.Fatal("the game is not over after 2000 moves")
		}
		var seq int64
		var over bool
		var sheets [2]engine.Sheet
		var actor engine.Viewer
		var offers []engine.Move
		app.Tracker.State(ctx, id, func(st engine.State, q int64) { // the game's own state: read under the tracker's lock
			s := st.(*coldcash.State)
			seq, over = q, s.Over
			if over {
				return
			}
			for seat := range sheets {
				sheets[seat] = coldcash.Rules{}.Moves(s, engine.Viewer{Seat: seat})
			}
			actor = engine.Viewer{Seat: engine.Host}
			if w, ok := (coldcash.Rules{}).Waiting(s); ok && len(w.Seats) > 0 {
				actor.Seat = w.Seats[0]
			}
			offers = coldcash.Rules{}.Moves(s, actor).Moves
		})
		if over {
			break
		}
		for seat, sh := range sheets {
			if len(sh.Moves) == 0 {
				continue
			}
			where := fmt.Sprintf("move %d, %s's %q card", moves, []string{"Ana", "Ben"}[seat], sh.Step)
			if sh.Teach == nil || !strings.HasPrefix(sh.Teach.Now, "Now: ") || len(sh.Teach.Now) < 12 {
				t.Fatalf("%s teaches %+v", where, sh.Teach)
			}
			key, _ := json.Marshal(sh.Teach)
			if string(key) == last[seat] {
				continue // the same card as this phone's last: read once
			}
			last[seat] = string(key)
			cards++
			steps[sh.Step]++
			readCard(t, phones[seat], seq, sh.Teach, where)
			// Each phone's action card is looked at once early and once late
			// in the game (the phase is part of the key, so the early look
			// does not stand for the late one).
			phase := map[bool]string{true: "early", false: "late"}[moves < 40]
			if look := fmt.Sprintf("%s-%d-%s", sh.Step, seat, phase); (moves < 40 || moves > 150) && !looked[look] && sh.Step == coldcash.StepAction {
				looked[look] = true
				checkScreen(t, phones[seat], fmt.Sprintf("coldcash-firstgame-%s-%d-phone%d", sh.Step, moves, []int{360, 390}[seat]))
				testenv.Axe(t, phones[seat], where)
			}
			for _, a := range sh.Teach.NotNow {
				var got struct {
					Status int    `json:"status"`
					Error  string `json:"error"`
				}
				body, _ := json.Marshal(map[string]any{"type": a.Try.Type, "data": a.Try.Data})
				call := fmt.Sprintf("(%s)(%q, %q)", sendFromPageJS, cmdPath, body)
				phones[seat].Run(t, chromedp.Evaluate(call, &got, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
				var after int64
				app.Tracker.State(ctx, id, func(_ engine.State, q int64) { after = q })
				if got.Status != 422 || got.Error != a.Why || after != seq {
					t.Fatalf("%s: not now %q (%s %s) says %q; sent from the phone it answered %d %q and the game went from seq %d to %d",
						where, a.Move, a.Try.Type, a.Try.Data, a.Why, got.Status, got.Error, seq, after)
				}
				refusals++
			}
		}
		m := pickWeighted(rng, offers, firstGameWeight)
		if m == nil {
			t.Fatalf("move %d: %d, awaited, is offered nothing to play", moves, actor.Seat)
		}
		if _, err := app.Tracker.Do(ctx, id, enginetest.MoveCmd(actor, *m, nil), ""); err != nil {
			t.Fatalf("move %d: the offered %q was refused: %v", moves, m.Label, err)
		}
	}
	for _, want := range []string{coldcash.StepPlace, coldcash.StepOutcome, coldcash.StepAction, coldcash.SheetEarnings} {
		if steps[want] == 0 {
			t.Errorf("the phones never showed a %q card: %v", want, steps)
		}
	}
	late := 0
	for k := range looked {
		if strings.HasSuffix(k, "-late") {
			late++
		}
	}
	if refusals == 0 || len(looked)-late < 2 || (moves > 200 && late < 2) {
		t.Errorf("%d not-now moves sent; cards looked at with axe: %v (want each phone's action card early, and late in a game past 200 moves)", refusals, looked)
	}
}
