package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// Ana's Imperial share once she hides it, as her own screen spells it (its
// page and the live frames it receives): no other screen may ever receive it.
var hiddenImperial = []string{`0 visible · 1 hidden`, `You now hide 1 of your 1 Imperial shares`}

// Cold Cash Risk in bank mode with phones as private hands: the host founds
// two companies on the laptop; Ana buys 3 shares on her phone on her turn
// and hides her Imperial share there; the host starts a merger and each
// holder answers the disposal on their own phone. Every screen follows live,
// and the hidden count never reaches Ben's phone, the host or the public.
func TestBrowserColdCashBankPhonesBuyHideAndDispose(t *testing.T) {
	t.Parallel()
	app, hostTab, host := hostLaptop(t)
	host.watch(t)
	id := hostDevice(t, app).createGame("coldcash", "Ana", "Ben")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben := joinTwoPhones(t, app, id)
	by := chromedp.ByQuery

	// The host founds for the player on turn from the laptop's sheet:
	// Imperial for Ana, the turn to Ben, Festival for him, back to Ana.
	// Both have phones, so the host answers for them through their folds
	// (the page drawn again now that their phones hold their seats);
	// ending a turn is the player's own tap, on their phone.
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#turn #sheet`, by))
	found := func(name, co, size string) {
		answerOnHost(t, hostTab, name, `.choice-found-`+co,
			chromedp.SetValue(`#turn details.answer-for form:has(.choice-found-`+co+`) input[name="d.size"]`, size, by))
	}
	found("Ana", "c6", "8") // Imperial for Ana, one free share
	ana.tab.Tap(t, `#turn .choice-turn`)
	found("Ben", "c5", "6") // Festival for Ben, one free share
	ben.tab.Tap(t, `#turn .choice-turn`)

	// Ana's turn: 3 Festival at $700 from her phone (pick the company, Buy 3).
	c := &taps{t: t}
	host.mark(t)
	ben.mark(t)
	ana.tab.Run(t, testenv.WaitText(`#turn`, "Your turn."), testenv.WaitText(`#companies`, "Festival"))
	// Whose turn it is is said once per screen: by the sheet's card where
	// the screen has one (the host's, Ana's, Ben's with his share to hide),
	// not again by the status line or Ana's own card.
	host.tab.Run(t, testenv.WaitText(`#turn`, "Ana's turn."))
	for _, s := range []struct {
		tab  *testenv.Tab
		who  string
		says string
	}{{host.tab, "the host", "Ana's turn"}, {ana.tab, "Ana's phone", "our turn"}, {ben.tab, "Ben's phone", "Ana's turn"}} {
		if n := countText(t, s.tab, "main", s.says); n != 1 {
			t.Errorf("%s says %q %d times; want once", s.who, s.says, n)
		}
	}
	c.tap(ana.tab, `#turn .choice-buy-c5-3`)
	c.atMost("buying 3 shares", 1)
	for _, s := range []*screen{host, ben} {
		s.tab.Run(t, testenv.WaitText(`#players tr[data-seat="0"]`, "$3,900"), testenv.WaitText(`#status`, "bought 3 of 3"))
		s.notReloaded(t, "Ana's purchase")
	}
	var n int
	ben.tab.Run(t, chromedp.Evaluate(`document.querySelectorAll('#turn [class*="choice-buy-"]').length`, &n))
	if n != 0 {
		t.Fatal("Ben's phone offers to buy during Ana's turn")
	}
	// Her cash is said once, above her sheet; her own card keeps her worth
	// and her shares.
	ana.tab.Run(t, testenv.WaitText(`#standing`, "$3,900"))
	if n := countText(t, ana.tab, "#me", "$3,900"); n != 0 {
		t.Errorf("Ana's card repeats her cash $3,900 (%d times); want it only above the sheet", n)
	}
	// The feed: Ana's phone tells her what she paid and why; the table's
	// screens tell the purchase; Ben's phone has no line about it.
	ana.tab.Run(t, testenv.WaitText(`#feed`, "-$2,100 bought 3 Festival at $700"))
	ana.tab.Run(t, chromedp.Click(`#feed li:first-child summary`, by), chromedp.WaitVisible(`#feed li:first-child .why`, by),
		testenv.WaitText(`#feed li:first-child .why`, "3 × $700"))
	host.tab.Run(t, testenv.WaitText(`#feed`, "Ana bought 3 Festival for $2,100."))
	ben.keeps(t, "Ana's purchase", "bought 3 Festival")

	// Ana hides her Imperial share: one tap on her phone.
	c.tap(ana.tab, `#turn .choice-hide-all-c6`)
	c.atMost("hiding a holding", 1)
	ana.tab.Run(t, testenv.WaitText(`#me`, "0 visible · 1 hidden"))
	// Everyone else sees Ana's Imperial vanish, never where it went.
	for _, s := range []*screen{host, ben} {
		s.tab.Run(t, chromedp.WaitVisible(`#players tr[data-seat="0"]`, by))
		s.tab.Run(t, testenv.WaitText(`#players tr[data-seat="0"]`, "×3"))
		var row string
		waitGone(t, s.tab, `#players tr[data-seat="0"] .co-c6`)
		s.tab.Run(t, chromedp.Text(`#players tr[data-seat="0"]`, &row, by))
		if strings.Contains(row, "Imperial") {
			t.Fatalf("%s still shows Ana's hidden Imperial: %q", s.name, row)
		}
	}
	check := func(when string) {
		t.Helper()
		ana.shows(t, when, hiddenImperial[0])
		ben.keeps(t, when, hiddenImperial...)
		host.keeps(t, when, hiddenImperial...)
		pub := mustGet(t, gameURL(app, id)+"?as=public")
		for _, sec := range hiddenImperial {
			if strings.Contains(pub, sec) {
				t.Errorf("%s: the public page holds %q", when, sec)
			}
		}
	}
	check("after hiding")

	// The merger: Imperial (8) absorbs Festival (6), placed by Ana. The host
	// runs the wizard; each holder answers on their own phone, one tap.
	hostTab.Run(t,
		chromedp.Click(`#corrections summary`, by),
		chromedp.SetValue(`#merge select[name="d.survivor"]`, "c6", by),
		chromedp.SetValue(`#merge select[name="d.defunct"]`, "c5", by),
		chromedp.SetValue(`#merge select[name="d.maker"]`, "0", by),
	)
	hostTab.Submit(t, `#merge button.primary`, 200)
	ana.tab.Run(t, testenv.WaitText(`#turn .decision`, "keep, sell or trade 3 Festival"))
	// The advisor, on Ana's card only: each way out in the engine's numbers.
	ana.tab.Run(t, testenv.WaitText(`#turn .decision #advisor .advice-sell-all`, "$2,100 now"),
		testenv.WaitText(`#turn .decision #advisor .advice-trade-max`, "1 Imperial worth $800 at today's price"),
		testenv.WaitText(`#feed`, "majority bonus: Imperial took Festival; you held 3 Festival"))
	for _, s := range []*screen{host, ben} {
		s.keeps(t, "Ana's disposal", `id="advisor"`, "you held 3 Festival")
	}
	ben.tab.Run(t, testenv.WaitText(`#wizard`, "Imperial absorbs"))
	ben.tab.Run(t, chromedp.Evaluate(`document.querySelectorAll("#wizard .choices, #turn .choices").length`, &n))
	if n != 0 {
		t.Fatal("Ben's phone offers a disposal during Ana's")
	}
	ben.mark(t)
	c.tap(ana.tab, `#turn button.choice-sell-all`)
	c.atMost("a merger disposal", 1)
	ben.tab.Run(t, testenv.WaitText(`#turn .decision`, "keep, sell or trade 1 Festival"))
	ben.notReloaded(t, "Ana's disposal")
	hostTab.Run(t, testenv.WaitText(`#wizard`, "Ana: sold 3"))
	c.tap(ben.tab, `#turn button.choice-sell-all`)
	c.atMost("a merger disposal", 1)
	for _, s := range []*screen{host, ana, ben} {
		waitGone(t, s.tab, `#wizard`)
		s.tab.AssertLocalOnly(t, app.URL)
	}
	ana.tab.Run(t, testenv.WaitText(`#me`, "0 visible · 1 hidden"))
	ana.tab.Run(t, testenv.WaitText(`#feed`, "+$2,100 for 3 Festival"))
	check("after the merger")
	ana.received(t, "after the merger", hiddenImperial[0])

	// The turn bar follows every change on every screen, an empty one too:
	// no "Waiting for Ben" is left behind when the merger closes, an undo
	// brings it back (Ben's card with it), a redo clears it again.
	cleared := func(when string) {
		t.Helper()
		for _, s := range []*screen{host, ana, ben} {
			waitGone(t, s.tab, `#turn .waiting`)
			waitGone(t, s.tab, `#turn [data-decision]`)
		}
	}
	cleared("after the merger")
	hostTab.Submit(t, `form[action$="/undo"] button`, 200)
	for _, s := range []*screen{host, ana} {
		s.tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ben: keep, sell or trade"))
	}
	ben.tab.Run(t, testenv.WaitText(`#turn .decision`, "Your move"), chromedp.WaitVisible(`#turn .choice-sell-all`, by))
	hostTab.Submit(t, `form[action$="/redo"] button`, 200)
	cleared("after the redo")
	ana.tab.Tap(t, `#turn .choice-turn`)
	ben.tab.Run(t, testenv.WaitText(`#turn`, "Your turn."))
	// In bank mode the player on turn ends the turn from the phone's sheet.
	c = &taps{t: t}
	c.tap(ben.tab, `#turn .choice-turn`)
	c.atMost("ending the turn", 1)
	ana.tab.Run(t, testenv.WaitText(`#turn`, "Your turn."))
	cleared("after the turn passed")
}

// waitGone waits until nothing matches sel (a live update removed it).
func waitGone(t *testing.T, tab *testenv.Tab, sel string) {
	t.Helper()
	tab.WaitFor(t, `document.querySelector(`+jsString(sel)+`) === null`, sel+" to go")
}

func jsString(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// countText counts how often text occurs in what the first element
// matching sel shows.
func countText(t *testing.T, tab *testenv.Tab, sel, text string) int {
	t.Helper()
	var n int
	tab.Run(t, chromedp.Evaluate(`document.querySelector(`+jsString(sel)+`).innerText.split(`+jsString(text)+`).length - 1`, &n))
	return n
}
