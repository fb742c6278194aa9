package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/testenv"
)

// handSecret is how a player's cards are spelled on their phone (its page
// and the live frames it receives): what no other screen may receive.
func handSecret(seat int, hand []conquest.Card) []string {
	var out []string
	for _, c := range hand {
		out = append(out, fmt.Sprintf(`cq-kind-%s">%s<`, c.Kind, c.Label))
	}
	return out
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
