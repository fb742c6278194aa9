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
// stacks of different suits on the phone (a tap on the grid narrows the
// move sheet to that stack's merges), paying with cash. After Play again,
// "Take my seat" is the first thing on each phone. Every
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
	// to pick. The first snake round and back (Ana, Ben, Ben, Ana) is
	// tapped; the rest of the draft is the same pick, sent as the phones
	// send it.
	c := &taps{t: t}
	const tapped = 4
	for k := 0; k < tapped; k++ {
		seat := takeover.DraftSeat(0, 2, k)
		me, other := phones[seat], phones[1-seat]
		if k < 2 {
			owesCard(t, me, "take a coin", "draft")
			waitsLine(t, other, "Waiting for "+me.name+": take a coin", "draft")
		}
		me.tab.Run(t, testenv.WaitText(`#turn .decision`, "take a coin"))
		c.tap(me.tab, `#turn .decision .choices form button`)
	}
	c.atMost("the draft's first picks, both ways round (one tap a pick)", tapped)
	sp := &sheetPlay{t: t, app: app, id: id, rules: takeover.Rules{}, seats: make([]*testenv.Tab, 2)}
	sp.send(firstOfAny(takeover.CmdDraft), func(st engine.State) bool { return st.(*takeover.State).Phase != takeover.PhaseDraft })
	// Stock or cash, in secret: one coin alone as stock, from the sheet's
	// fold (open it, tap the coin).
	stock := make([]string, 2)
	for seat, p := range phones {
		owesCard(t, p, "coins are stock, in secret", "conceal")
		c.click(p.tab, `#turn .decision .sheet-more > summary`)
		var class string
		p.tab.Run(t, chromedp.AttributeValue(`#turn .decision .sheet-more form[data-move] button`, "class", &class, nil, chromedp.ByQuery))
		_, code, ok := strings.Cut(class, "choice-conceal-")
		if !ok {
			t.Fatalf("%s's first folded stock choice is %q", p.name, class)
		}
		stock[seat] = strings.Fields(code)[0]
		c.tap(p.tab, `#turn .decision .choice-conceal-`+stock[seat])
		c.atMost("choosing stock and cash", 2)
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

	// Ana's merge of two different suits, paid with her cheapest cash that
	// covers it, all on her phone: tap the stack on the grid (the sheet
	// narrows to its merges), tap the merge.
	s := state()
	var opt *takeover.MergeOption
	var paid []string
	for _, o := range s.Options(0) {
		if o.Cost == 0 || o.Special {
			continue
		}
		if md, err := s.CheckMerge(0, o.From, o.To, nil, true); err == nil && len(md.Paid) > 0 {
			opt, paid = &o, md.Paid
			break
		}
	}
	if opt == nil {
		t.Fatalf("Ana has no paid merge she can afford: %+v", s.Options(0))
	}
	cost := 0
	for _, p := range paid {
		cost += takeover.Rank(p)
	}
	host.mark(t)
	ben.mark(t)
	c.click(ana.tab, fmt.Sprintf(`.tk-grid .cell[data-cell="%d"]`, opt.From))
	ana.tab.Run(t, testenv.WaitText(`#sheet .sheet-filter`, "for "+takeover.CellName(opt.From)))
	c.tap(ana.tab, fmt.Sprintf(`#sheet form[data-from=%q][data-to=%q] button`, takeover.CellName(opt.From), takeover.CellName(opt.To)))
	c.atMost("a paid merge", 2)
	spent := "Spent coins: " + takeover.Short(paid[0])
	for _, p := range []*screen{host, ben} {
		p.tab.Run(t, testenv.WaitText(`#live`, spent), testenv.WaitText(`#turn`, "merge two corporations"))
		p.notReloaded(t, "Ana's merge")
	}
	if after := state(); after.Players[0].Cash() != s.Players[0].Cash()-cost {
		t.Fatalf("Ana's cash went from %d to %d paying with %v", s.Players[0].Cash(), after.Players[0].Cash(), paid)
	}
	pay := paid[0]
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
		// The way into the new game comes first: above the winner card, its
		// button inside the first screen.
		var at []float64
		p.tab.Run(t, chromedp.Evaluate(`(() => { scrollTo(0, 0); const f = document.querySelector("#follow").getBoundingClientRect();
		  return [f.bottom, innerHeight, document.querySelector("#winner").getBoundingClientRect().top]; })()`, &at))
		if at[0] > at[1] || at[0] > at[2] {
			t.Errorf("%s's Take my seat ends at %.0f px, the screen at %.0f, the winner card starts at %.0f; want it first", p.name, at[0], at[1], at[2])
		}
		p.tab.Submit(t, `#follow`, 200)
		p.tab.Run(t, testenv.WaitText(`.seatbar`, "You are "+p.name), testenv.WaitText(`#turn`, "lay out the tiles"))
	}
	hostTab.Run(t, chromedp.WaitVisible(`.seat-row[data-seat="0"] .status.on`, chromedp.ByQuery),
		chromedp.WaitVisible(`.seat-row[data-seat="1"] .status.on`, chromedp.ByQuery))
}
