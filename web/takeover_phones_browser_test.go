package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/takeover"
	"tableside/internal/testenv"
)

// coinSecret is how a stock coin in a player's hand is spelled in the
// hand's HTML (the page and the live frames): what no other screen may ever
// receive.
func coinSecret(code string) []string {
	return []string{fmt.Sprintf(`chip suit-%s stock">%s`, takeover.Suit(code), takeover.Short(code))}
}

// Takeover with phones as private hands: the host lays the tiles, each
// player drafts coins on their own phone in snake order, each chooses stock
// and cash in secret on their phone, and the player on turn merges two
// stacks of different suits on the phone, paying with a cash coin. Every
// screen follows live; neither phone, nor the host, nor the public page ever
// receives which coins another player keeps as stock.
func TestBrowserTakeoverPhonesDraftConcealAndPayOnTheirOwnPhones(t *testing.T) {
	t.Parallel()
	app, hostTab, host := hostLaptop(t)
	id := hostDevice(t, app).createGame("takeover", "Ana", "Ben")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben := joinTwoPhones(t, hostTab)
	phones := []*screen{ana, ben}
	state := func() *takeover.State {
		var s takeover.State
		app.Tracker.State(context.Background(), id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
		return &s
	}

	// The host lays the tiles as on the table, one suit per row, Ana first.
	hostTab.Run(t,
		chromedp.Click(`details:has(input[value=lay]) > summary`, chromedp.ByQuery),
		chromedp.SetValue(`textarea[name="d.tiles"]`, strings.Join(takeover.AllPieces(), " "), chromedp.ByQuery),
		chromedp.SetValue(`select[name="d.first"]`, "0", chromedp.ByQuery),
	)
	hostTab.Submit(t, `form:has(input[value=lay]) button.primary`, 200)

	// The draft: each pick is one tap on the picker's decision card, at the
	// top of the phone; the other phone shows one waiting line and no coin
	// to pick.
	c := &taps{t: t}
	for k := 0; k < takeover.Cells; k++ {
		seat := takeover.DraftSeat(0, 2, k)
		me, other := phones[seat], phones[1-seat]
		if k < 2 {
			owesCard(t, me, "take a coin", "draft")
			waitsLine(t, other, "Waiting for "+me.name+": take a coin", "draft")
		}
		me.tab.Run(t, testenv.WaitText(`#turn .decision`, "take a coin"))
		c.tap(me.tab, `#turn .decision .choices form button`)
	}
	c.atMost("the whole draft (one tap a pick)", takeover.Cells)
	// Stock or cash, in secret: tick one coin as stock and lock it in.
	stock := make([]string, 2)
	for seat, p := range phones {
		owesCard(t, p, "coins are stock, in secret", "conceal")
		var name string
		p.tab.Run(t, chromedp.AttributeValue(`input[name^="d.stock."]`, "name", &name, nil, chromedp.ByQuery))
		stock[seat] = strings.TrimPrefix(name, "d.stock.")
		c.click(p.tab, `input[name^="d.stock."]`)
		c.submit(p.tab, `#turn .decision form:has(input[value=conceal]) button.primary`)
		c.atMost("choosing stock and cash", 3)
	}
	for _, p := range append(phones, host) {
		p.tab.Run(t, testenv.WaitText(`#turn`, "merge two corporations or pass"))
	}
	owesCard(t, ana, "merge two corporations or pass (your cash: ", "merge", "pass")
	waitsLine(t, ben, "Waiting for Ana: merge two corporations or pass", "merge", "pass")
	check := func(when string) {
		t.Helper()
		ana.shows(t, when, coinSecret(stock[0])[0])
		ana.received(t, when, coinSecret(stock[0])[0])
		ben.shows(t, when, coinSecret(stock[1])[0])
		ana.keeps(t, when, coinSecret(stock[1])...)
		ben.keeps(t, when, coinSecret(stock[0])...)
		host.keeps(t, when, append(coinSecret(stock[0]), coinSecret(stock[1])...)...)
		pub := mustGet(t, gameURL(app, id)+"?as=public")
		for _, sec := range append(coinSecret(stock[0]), coinSecret(stock[1])...) {
			if strings.Contains(pub, sec) {
				t.Errorf("%s: the public page holds %q", when, sec)
			}
		}
	}
	check("after the secret choice")

	// Ana's merge of two different suits, paid with her cheapest cash coin
	// that covers it, all on her phone: tap, tap (the card's merge form
	// opens), tick, Merge.
	s := state()
	var opt *takeover.MergeOption
	var pay string
	for _, o := range s.Options(0) {
		if o.Cost == 0 || o.Special {
			continue
		}
		for _, coin := range s.Players[0].Coins {
			if !coin.Stock && takeover.Rank(coin.Code) >= o.Cost && (pay == "" || takeover.Rank(coin.Code) < takeover.Rank(pay)) {
				pay = coin.Code
			}
		}
		if pay != "" {
			opt = &o
			break
		}
	}
	if opt == nil {
		t.Fatalf("Ana has no paid merge she can afford: %+v", s.Options(0))
	}
	host.mark(t)
	ben.mark(t)
	c.click(ana.tab, fmt.Sprintf(`.tk-grid .cell[data-cell="%d"]`, opt.From))
	c.click(ana.tab, fmt.Sprintf(`.tk-grid .cell[data-cell="%d"]`, opt.To))
	c.click(ana.tab, fmt.Sprintf(`#turn .decision input[name="d.pay.%s"]`, pay))
	c.submit(ana.tab, `#turn .decision .merge-form button.primary`)
	c.atMost("a paid merge", 4)
	spent := "Spent coins: " + takeover.Short(pay)
	for _, p := range []*screen{host, ben} {
		p.tab.Run(t, testenv.WaitText(`#live`, spent), testenv.WaitText(`#turn`, "merge two corporations"))
		p.notReloaded(t, "Ana's merge")
	}
	if after := state(); after.Players[0].Cash() != s.Players[0].Cash()-takeover.Rank(pay) {
		t.Fatalf("Ana's cash went from %d to %d paying with %s", s.Players[0].Cash(), after.Players[0].Cash(), pay)
	}
	var mine []string
	ana.tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll(".mine .chip")].map(e => e.textContent)`, &mine))
	for _, m := range mine {
		if strings.HasPrefix(m, takeover.Short(pay)+" ") {
			t.Fatalf("Ana's phone still shows the coin she spent: %v", mine)
		}
	}
	check("after the merge")

	// Both pass on their phones, one tap on the card; the end reaches every
	// screen live.
	owesCard(t, ben, "merge two corporations or pass", "merge", "pass")
	waitsLine(t, ana, "Waiting for Ben: merge two corporations or pass", "merge", "pass")
	ben.tab.Tap(t, `#turn .decision .choice-pass`)
	owesCard(t, ana, "merge two corporations", "merge", "pass")
	ana.tab.Tap(t, `#turn .decision .choice-pass`)
	for _, p := range []*screen{host, ben} {
		p.tab.Run(t, testenv.WaitText(`#winner`, "The game is over"), testenv.WaitText(`#live`, "Final worth"))
		if p.views() == 0 {
			t.Errorf("%s's screen received no live view", p.name)
		}
		p.tab.AssertLocalOnly(t, app.URL)
	}

	// Play again with the same players: the host starts the next game; the
	// finished game tells each phone where it is, and one tap seats the
	// phone there in its old seat, with no new QR code. The TV goes to the
	// new game's TV view by itself.
	tv := testenv.Laptop(t)
	tv.Run(t, chromedp.Navigate(gameURL(app, id)+"/tv"), testenv.WaitText(`#winner`, "The game is over"))
	hostTab.Submit(t, `#play-again`, 200)
	var next string
	hostTab.Run(t, chromedp.Evaluate(`location.pathname`, &next))
	if next == fmt.Sprintf("/games/%d", id) {
		t.Fatalf("Play again left the host on the finished game")
	}
	tv.Run(t, testenv.WaitText(`#turn`, "Waiting for the host: lay out the tiles"))
	var tvPath string
	tv.Run(t, chromedp.Evaluate(`location.pathname`, &tvPath))
	if tvPath != next+"/tv" {
		t.Fatalf("the TV shows %s after Play again; want %s/tv", tvPath, next)
	}
	for _, p := range phones {
		p.tab.Run(t, testenv.WaitText(`#next-game`, "The table plays again"))
		checkScreen(t, p.tab, "next-game-"+strings.ToLower(p.name))
		p.tab.Submit(t, `#follow`, 200)
		p.tab.Run(t, testenv.WaitText(`.seatbar`, "You are "+p.name), testenv.WaitText(`#turn`, "lay out the tiles"))
	}
	hostTab.Run(t, chromedp.WaitVisible(`.seat-row[data-seat="0"] .status.on`, chromedp.ByQuery),
		chromedp.WaitVisible(`.seat-row[data-seat="1"] .status.on`, chromedp.ByQuery))
}
