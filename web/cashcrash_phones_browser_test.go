package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/internal/testenv"
)

// stakeSecret is how a player's stake, led by card n, is spelled on their
// phone (its page and the live frames it receives): what no other screen
// may receive before SELL! reveals it.
func stakeSecret(n int) []string {
	return []string{
		fmt.Sprintf(`<strong>Staked this round</strong><ul class="cards"><li><span class="ccard"><span class="n">#%d</span>`, n),
	}
}

// Cash or Crash with phones as private hands: the host enters the set and
// starts; each player stakes two cards in secret on their phone: ticks
// two cards of the hand on the move sheet, then taps Stake; the
// opener bids on their phone and the other player sees the bid and the odds
// live and calls SELL! on their phone; the reveal reaches every screen live.
// Until then no phone, nor the host, nor the public page holds the other
// player's stake.
func TestBrowserCashCrashPhonesStakeBidAndSell(t *testing.T) {
	t.Parallel()
	app, hostTab, host := hostLaptop(t)
	id := hostDevice(t, app).createGame("cashcrash", "Ana", "Ben")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben := joinTwoPhones(t, hostTab)
	phones := []*screen{ana, ben}

	for i, c := range []string{"G", "O", "W", "GG", "OO", "WW", "GO", "OW", "GW", "GOW"} {
		hostTab.Run(t, chromedp.SetValue(fmt.Sprintf(`input[name="d.card%d"]`, i+1), c, chromedp.ByQuery))
	}
	hostTab.Submit(t, `form:has(input[value=configure]) button`, 200)
	hostTab.Tap(t, `#sheet .choice-start`)

	// Stakes, in secret, one tap each on the phone's move sheet: Ana G +
	// GOW, Ben O + W.
	stakes := [][2]int{{1, 10}, {2, 3}}
	c := &taps{t: t}
	for seat, p := range phones {
		p.tab.Run(t, testenv.WaitText(`.mine`, "Your hand"))
		owesCard(t, p, "stake 2 of your 10 cards", "stake")
		for _, n := range stakes[seat] { // pick the two cards, then stake
			c.click(p.tab, fmt.Sprintf(`#turn .decision .pick input[name="d.card.%d"]`, n))
		}
		c.tap(p.tab, `#turn .decision .choice-stake`)
		c.atMost("staking two cards", 3)
		if seat == 0 {
			waitsLine(t, ana, "Waiting for Ben: stake for round 1 in secret", "stake")
		}
	}
	var s cashcrash.State
	app.Tracker.State(context.Background(), id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
	opener, caller := phones[s.Starter], phones[1-s.Starter]
	check := func(when string) {
		t.Helper()
		ana.shows(t, when, stakeSecret(1)[0])
		ana.received(t, when, stakeSecret(1)[0])
		ben.shows(t, when, stakeSecret(2)[0])
		ana.keeps(t, when, stakeSecret(2)...)
		ben.keeps(t, when, stakeSecret(1)...)
		host.keeps(t, when, append(stakeSecret(1), stakeSecret(2)...)...)
		host.keeps(t, when, "Your hand")
		pub := mustGet(t, gameURL(app, id)+"?as=public")
		for _, sec := range append(stakeSecret(1), stakeSecret(2)...) {
			if strings.Contains(pub, sec) {
				t.Errorf("%s: the public page holds %q", when, sec)
			}
		}
	}
	for _, p := range append(phones, host) {
		p.tab.Run(t, testenv.WaitText(`#turn`, "open the bidding"))
	}
	check("after the stakes")

	// The opener bids 2 Oil on their decision card: type 2, tap "Open: Oil".
	// The caller sees one waiting line and nothing to bid with.
	host.mark(t)
	caller.mark(t)
	owesCard(t, opener, "open the bidding", "bid", "add", "sell")
	waitsLine(t, caller, "Waiting for "+opener.name+": open the bidding", "bid", "add", "sell")
	c.n++
	opener.tab.Run(t, chromedp.SetValue(`#turn form:has(.choice-open-O) input[name="d.qty"]`, "2", chromedp.ByQuery))
	c.tap(opener.tab, `#turn .choice-open-O`)
	c.atMost("opening the bidding", 2)
	for _, p := range []*screen{host, caller} {
		p.tab.Run(t, testenv.WaitText(`#bid-now`, "2 Oil"))
		p.notReloaded(t, "the opening bid")
	}
	// The caller's phone shows the chance the bid holds, from its own stake.
	caller.tab.Run(t, chromedp.WaitVisible(`#odds`, chromedp.ByQuery))
	check("after the bid")

	// SELL! in one tap on the caller's card; Oil: Ana's GOW 1 + Ben's O 1 =
	// 2 of 2, the bid holds and the caller loses.
	owesCard(t, caller, "raise 2 Oil, add a card, or SELL!", "bid", "add", "sell")
	waitsLine(t, opener, "Waiting for "+caller.name+": raise 2 Oil", "bid", "add", "sell")
	c.tap(caller.tab, `#turn .decision .choice-sell`)
	c.atMost("SELL!", 1)
	opener.mark(t)
	for _, p := range append(phones, host) {
		p.tab.Run(t, testenv.WaitText(`#reveal`, "Oil 2 of 2"), testenv.WaitText(`#reveal .loser`, caller.name+" loses"))
		p.tab.AssertLocalOnly(t, app.URL)
	}
	host.notReloaded(t, "SELL!")
	opener.notReloaded(t, "SELL!")
}

// Cash or Crash with the Doubling rule, on phones: each answer is one tap
// on the owing phone's decision card (DOUBLE!, then Persist), the extra
// loss is one tap on the loser's card, and every other phone shows only
// whom the table waits for.
func TestBrowserCashCrashPhonesDoubleAndPersistOnTheirCards(t *testing.T) {
	t.Parallel()
	app, hostTab, host := hostLaptop(t)
	id := hostDevice(t, app).createGameWith("cashcrash", map[string]any{"doubling": true}, "Ana", "Ben")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben := joinTwoPhones(t, hostTab)
	phones := []*screen{ana, ben}
	// Ben's is the small phone: every card is measured at 360 px too.
	ben.tab.Run(t, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(3)),
		chromedp.Reload())
	var width int
	ben.tab.Run(t, chromedp.Evaluate(`innerWidth`, &width))
	if width != 360 {
		t.Fatalf("Ben's phone is %d px wide, want 360", width)
	}
	hostTab.Tap(t, `#sheet .choice-start`)
	stakes := [][2]int{{1, 10}, {2, 3}} // the standard set's cards: see cashcrash.StandardSet
	for seat, p := range phones {
		owesCard(t, p, "stake 2 of your 10 cards", "stake")
		for _, n := range stakes[seat] {
			p.tab.Run(t, chromedp.Click(fmt.Sprintf(`#turn .decision .pick input[name="d.card.%d"]`, n), chromedp.ByQuery))
		}
		p.tab.Tap(t, `#turn .decision .choice-stake`)
	}
	var s cashcrash.State
	app.Tracker.State(context.Background(), id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
	opener, caller := phones[s.Starter], phones[1-s.Starter]
	owesCard(t, opener, "open the bidding", "bid", "sell")
	opener.tab.Tap(t, `#turn .choice-open-G`) // 1 Gold, the starting quantity
	owesCard(t, caller, "raise 1 Gold", "bid", "sell")
	caller.tab.Tap(t, `#turn .choice-sell`)

	// The challenged opener answers on the card; the caller waits.
	owesCard(t, opener, "called SELL!: double or reveal", "double", "accept")
	waitsLine(t, caller, "Waiting for "+opener.name+": "+caller.name+" called SELL!", "double", "accept")
	host.tab.Run(t, testenv.WaitText(`#turn .waiting`, "double or reveal"))
	doubled := &taps{t: t} // docs/screens.md: answer a decision, double: 1 tap
	doubled.tap(opener.tab, `#turn .choice-double`)
	owesCard(t, caller, "doubled!: persist or withdraw", "persist", "withdraw")
	doubled.atMost("doubling", 1)
	waitsLine(t, opener, "Waiting for "+caller.name+": "+opener.name+" doubled!", "persist", "withdraw")
	caller.tab.Tap(t, `#turn .choice-persist`)

	// The reveal reaches every screen; whoever lost owes the doubled loss's
	// extra cards, ticked inside their own card.
	for _, p := range append(phones, host) {
		p.tab.Run(t, testenv.WaitText(`#reveal .loser`, "loses"))
	}
	app.Tracker.State(context.Background(), id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
	if s.Phase != cashcrash.PhaseForfeit {
		t.Fatalf("after a persisted doubled SELL! the game is in %s; want the loser's extra discards", s.Phase)
	}
	loser, other := phones[s.Loser], phones[1-s.Loser]
	owesCard(t, loser, fmt.Sprintf("discard %d more", s.Extra), "forfeit")
	waitsLine(t, other, "Waiting for "+loser.name+": discard", "forfeit")
	for i := range s.Extra { // tick the cards the loss takes, then send
		loser.tab.Run(t, chromedp.Click(fmt.Sprintf(`#turn .decision form[data-move]:has(input[value=forfeit]) .pick-option:nth-of-type(%d) input`, i+1), chromedp.ByQuery))
	}
	loser.tab.Tap(t, `#turn .decision form[data-move]:has(input[value=forfeit]) button`)
	for _, p := range phones {
		owesCard(t, p, "stake 2 of your", "stake")
	}
}
