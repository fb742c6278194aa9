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

// stakeSecret is how a player's stake, led by card n, is spelled in their
// own view's JSON and on their phone: what no other screen may receive
// before SELL! reveals it.
func stakeSecret(n int) []string {
	return []string{
		fmt.Sprintf(`"staked":[{"n":%d,`, n),
		fmt.Sprintf(`<strong>Staked this round</strong><ul class="cards"><li><span class="ccard"><span class="n">#%d</span>`, n),
	}
}

// Cash or Crash with phones as private hands: the host enters the set and
// starts; each player stakes two cards in secret on their phone; the
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
	hostTab.Submit(t, `form:has(input[value=start]) button`, 200)

	// Stakes, in secret, two taps and a submit each: Ana G + GOW, Ben O + W.
	stakes := [][2]int{{1, 10}, {2, 3}}
	c := &taps{t: t}
	for seat, p := range phones {
		p.tab.Run(t, testenv.WaitText(`.mine`, "Your hand"), chromedp.WaitVisible(`form:has(input[value=stake])`, chromedp.ByQuery))
		for _, n := range stakes[seat] {
			c.click(p.tab, fmt.Sprintf(`input[name="d.card.%d"]`, n))
		}
		c.submit(p.tab, `form:has(input[value=stake]) button.primary`)
		c.atMost("staking two cards", 3)
	}
	var s cashcrash.State
	app.Tracker.State(context.Background(), id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
	opener, caller := phones[s.Starter], phones[1-s.Starter]
	check := func(when string) {
		t.Helper()
		ana.shows(t, when, stakeSecret(1)[1])
		ana.received(t, when, stakeSecret(1)[0])
		ben.shows(t, when, stakeSecret(2)[1])
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

	// The opener bids 2 Oil on their phone: type 2, tick Oil, Open.
	host.mark(t)
	caller.mark(t)
	opener.tab.Run(t, chromedp.WaitVisible(`#bid-panel`, chromedp.ByQuery))
	c.n++
	opener.tab.Run(t, chromedp.SetValue(`input[name="d.qty"]`, "2", chromedp.ByQuery))
	c.click(opener.tab, `input[name="d.oil"]`)
	c.submit(opener.tab, `button[name=type][value=bid]`)
	c.atMost("opening the bidding", 3)
	for _, p := range []*screen{host, caller} {
		p.tab.Run(t, testenv.WaitText(`#bid-now`, "2 Oil"))
		p.notReloaded(t, "the opening bid")
	}
	// The caller's phone shows the chance the bid holds, from its own stake.
	caller.tab.Run(t, chromedp.WaitVisible(`#odds`, chromedp.ByQuery))
	check("after the bid")

	// SELL! in one tap; Oil: Ana's GOW 1 + Ben's O 1 = 2 of 2, the bid holds
	// and the caller loses.
	c.submit(caller.tab, `form:has(input[value=sell]) button`)
	c.atMost("SELL!", 1)
	opener.mark(t)
	for _, p := range append(phones, host) {
		p.tab.Run(t, testenv.WaitText(`#reveal`, "Oil 2 of 2"), testenv.WaitText(`#reveal .loser`, caller.name+" loses"))
		p.tab.AssertLocalOnly(t, app.URL)
	}
	host.notReloaded(t, "SELL!")
	opener.notReloaded(t, "SELL!")
}
