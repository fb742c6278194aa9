package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// laptopMove is one move the open hand's sheet offers on the laptop.
type laptopMove struct {
	I     int    `json:"i"`
	Type  string `json:"type"`
	Label string `json:"label"`
	Ends  bool   `json:"ends"`
}

// offeredJS lists the visible moves of the open hand's sheet.
const offeredJS = `Array.from(document.querySelectorAll("#laptop-hand form[data-move]")).map((f, i) => ({i: i,
	type: f.querySelector("input[name=type]").value, label: f.querySelector("button:not(.step-by)").textContent.trim(),
	ends: f.querySelector("button.ends") !== null, shown: f.offsetParent !== null})).filter(m => m.shown)`

// caughtUpJS is true once the laptop card was drawn at the live view's seq.
const caughtUpJS = `(() => { const c = document.querySelector("#laptop-hand"), l = document.querySelector("[data-live]");
	return !!c && !!l && parseInt(c.getAttribute("data-at") || "0", 10) >= parseInt(l.getAttribute("data-seq") || "0", 10); })()`

// laptopPlayer plays seats from the laptop tab, tapping only what the
// laptop offers, and counts its taps.
type laptopPlayer struct {
	t    *testing.T
	tab  *testenv.Tab
	pick func(moves []laptopMove) laptopMove
	taps int
}

// caughtUp waits until the laptop card shows the game as the page does.
func (lp *laptopPlayer) caughtUp() {
	lp.t.Helper()
	lp.waitFor("the laptop card catches up with the live view", caughtUpJS)
}

// waitFor polls js until it is true, for up to 30 s, and fails the test
// with the laptop card as it is when it never becomes true.
func (lp *laptopPlayer) waitFor(what, js string) {
	lp.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var ok bool
		ctx, cancel := context.WithTimeout(lp.tab.Ctx, 20*time.Second)
		err := chromedp.Run(ctx, chromedp.Evaluate(js, &ok))
		cancel()
		if err != nil {
			var loc string
			ctx, cancel := context.WithTimeout(lp.tab.Ctx, 10*time.Second)
			lerr := chromedp.Run(ctx, chromedp.Location(&loc))
			cancel()
			lp.t.Fatalf("%s: %v (at %s, %v)", what, err, loc, lerr)
		}
		if ok {
			return
		}
	}
	var card, seq string
	lp.tab.Run(lp.t, chromedp.Evaluate(`(document.querySelector("#laptop-hand") || {}).outerHTML || "no card"`, &card),
		chromedp.Evaluate(`(document.querySelector("[data-live]") || {getAttribute: () => "none"}).getAttribute("data-seq")`, &seq))
	lp.t.Fatalf("%s: not within 30 s; the page is at seq %s, the card: %.2000s", what, seq, card)
}

// openOffered taps "Show X's hand" for the seat the laptop offers, and
// returns that seat.
func (lp *laptopPlayer) openOffered() int {
	lp.t.Helper()
	lp.caughtUp()
	var seat int
	lp.waitFor("the laptop offers a hand", `document.querySelector("#laptop-hand button.laptop-open") !== null`)
	lp.tab.Run(lp.t, chromedp.Evaluate(`parseInt(document.querySelector("#laptop-hand button.laptop-open").getAttribute("data-seat"), 10)`, &seat))
	lp.taps++
	lp.tab.Run(lp.t, chromedp.Evaluate(`document.querySelector("#laptop-hand button.laptop-open").click()`, nil)) // beside the roll's moment, see tap
	lp.waitFor("the hand opens", fmt.Sprintf(`document.querySelector('#laptop-hand[data-open="%d"] .laptop-warning') !== null`, seat))
	return seat
}

// open says whether seat's hand is open on the laptop now.
func (lp *laptopPlayer) open(seat int) bool {
	lp.t.Helper()
	lp.caughtUp()
	var open bool
	lp.tab.Run(lp.t, chromedp.Evaluate(fmt.Sprintf(`document.querySelector('#laptop-hand[data-open="%d"]') !== null`, seat), &open))
	return open
}

// turn plays seat's hand from the laptop until the move passes to another
// seat (the hand closes itself): every tap is a move the sheet offered.
func (lp *laptopPlayer) turn(seat int, check func(card string)) []string {
	lp.t.Helper()
	var played []string
	for n := 0; lp.open(seat); n++ {
		if n > 40 {
			lp.t.Fatalf("seat %d's turn did not end after 40 moves: %v", seat, played)
		}
		var card string
		lp.tab.Run(lp.t, chromedp.Text(`#laptop-hand`, &card, chromedp.ByQuery))
		if check != nil {
			check(card)
		}
		var moves []laptopMove
		lp.tab.Run(lp.t, chromedp.Evaluate(offeredJS, &moves))
		if len(moves) == 0 {
			lp.t.Fatalf("seat %d's hand is open but its sheet offers nothing: %s", seat, card)
		}
		m := lp.pick(moves)
		played = append(played, m.Label)
		lp.taps++
		lp.tab.Run(lp.t, chromedp.Evaluate(fmt.Sprintf(`document.querySelectorAll("#laptop-hand form[data-move]")[%d].setAttribute("data-pick", "1")`, m.I), nil))
		lp.tap(`#laptop-hand form[data-pick] button:not(.step-by)`)
	}
	return played
}

// tap taps a move of the open hand's sheet, which sheet.js sends with
// fetch, and waits for the live update that follows; a refusal shown on
// the laptop card fails the test with its words. The button itself is
// clicked (not the point of the screen it is drawn at): the roll's moment
// floats over the page for a few seconds after each roll, and a player
// taps beside it.
func (lp *laptopPlayer) tap(sel string) {
	lp.t.Helper()
	before := lp.tab.Seq(lp.t)
	lp.tab.Run(lp.t, chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(`+jsString(sel)+`).click()`, nil))
	if lp.tab.FrameAfter(lp.t, "tap "+sel, before, ".sheet-toast, .laptop-toast, #toast", 30*time.Second) {
		return
	}
	var card string
	lp.tab.Run(lp.t, chromedp.OuterHTML(`#laptop-hand`, &card, chromedp.ByQuery))
	lp.t.Fatalf("tap %s: no live update came within 30 s; the card: %.3000s", sel, card)
}

// endsFirst picks a move that ends the step (never one that ends the
// game), else the first offered that does not.
func endsFirst(never ...string) func([]laptopMove) laptopMove {
	return func(ms []laptopMove) laptopMove {
		ok := func(m laptopMove) bool {
			for _, n := range never {
				if m.Type == n {
					return false
				}
			}
			return true
		}
		for _, m := range ms {
			if m.Ends && ok(m) {
				return m
			}
		}
		for _, m := range ms {
			if ok(m) {
				return m
			}
		}
		return ms[0]
	}
}

// laptopTable creates a game of kind for Ana and Ben, neither with a phone,
// both set to play on the laptop, and opens it on the laptop tab.
func laptopTable(t *testing.T, kind string, settings map[string]any) (*testenv.App, *testenv.Tab, *device, int64) {
	t.Helper()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	id := host.createGameWith(kind, settings, "Ana", "Ben")
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	tab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#laptop-hand`, chromedp.ByQuery))
	// The host sets both seats to play on the laptop, on the laptop's card.
	for seat := range 2 {
		tab.Run(t, chromedp.Evaluate(`document.querySelector("#laptop-hand details.laptop-seats").open = true`, nil),
			chromedp.Click(fmt.Sprintf(`#laptop-hand button.laptop-seat-on[data-seat="%d"]`, seat), chromedp.ByQuery),
			chromedp.WaitVisible(fmt.Sprintf(`#laptop-hand button.laptop-seat-off[data-seat="%d"]`, seat), chromedp.ByQuery))
	}
	return app, tab, host, id
}

// Cold Cash Risk in board mode with the app's deck, played by two players
// without phones: each turn, the laptop offers the player on turn's hand
// behind one tap ("Show Ana's hand"), shows her cards and her move sheet,
// sends what she taps as her, and closes the hand when the move passes to
// Ben. Two whole operating cycles are played this way, every tap a move
// the sheet offered; no other seat's hand is open meanwhile.
func TestBrowserPhonelessPlayersPlayColdCashBoardModeFromTheLaptop(t *testing.T) {
	t.Parallel()
	app, tab, host, id := laptopTable(t, "coldcash", map[string]any{"mode": "board", "deck": "app"})
	if code, body := host.command(id, "open", nil, "open"); code != 200 {
		t.Fatalf("opening bell: %d %s", code, body)
	}
	lp := &laptopPlayer{t: t, tab: tab, pick: endsFirst("declare", "end")}
	turns := map[int]int{}
	for n := 0; n < 6; n++ {
		seat := lp.openOffered()
		played := lp.turn(seat, func(card string) {
			if !strings.Contains(card, "look away") {
				t.Fatalf("the open hand does not warn the others: %s", card)
			}
		})
		turns[seat]++
		t.Logf("seat %d played %v", seat, played)
		if lp.open(seat) {
			t.Fatalf("seat %d's hand stayed open after the move passed on", seat)
		}
	}
	if turns[0] < 2 || turns[1] < 2 {
		t.Fatalf("turns played from the laptop per seat: %v; want at least 2 each", turns)
	}
	var v struct {
		View struct{ Table struct{ Cycle int } }
	}
	if code := host.getJSON(fmt.Sprintf("/games/%d/view", id), &v); code != 200 || v.View.Table.Cycle < 2 {
		t.Fatalf("after six turns from the laptop the game is in cycle %d (%d); want the second", v.View.Table.Cycle, code)
	}
	t.Logf("%d taps for %d turns from the laptop", lp.taps, 6)
	tab.AssertLocalOnly(t, app.URL)
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
	testenv.AxeLightAndDark(t, tab, "laptop-hand-open")
	t.Logf("%d taps for %d turns from the laptop", lp.taps, 4)
	tab.AssertLocalOnly(t, app.URL)
}
