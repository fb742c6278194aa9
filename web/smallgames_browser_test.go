package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/takeover"
	"tableside/internal/testenv"
)

// startFromHome creates a game through the laptop's new-game form and
// returns its id.
func startFromHome(t *testing.T, app *testenv.App, tab *testenv.Tab, kind string, players ...string) int64 {
	t.Helper()
	tab.Run(t,
		chromedp.Navigate(app.URL+"/"),
		chromedp.WaitVisible(`select[name=kind]`, chromedp.ByQuery),
		chromedp.SetValue(`select[name=kind]`, kind, chromedp.ByQuery),
	)
	for i, p := range players {
		tab.Run(t, chromedp.SendKeys(fmt.Sprintf(`input[name=player]:nth-of-type(%d)`, i+1), p, chromedp.ByQuery))
	}
	tab.Submit(t, `#start-game`, 200)
	var loc string
	tab.Run(t, chromedp.Location(&loc))
	id, err := strconv.ParseInt(regexp.MustCompile(`/games/(\d+)`).FindStringSubmatch(loc)[1], 10, 64)
	if err != nil {
		t.Fatalf("game url %s: %v", loc, err)
	}
	return id
}

// seatDo sends a seat's command through the tracker, as the seat's phone will.
func seatDo(t *testing.T, app *testenv.App, id int64, seat int, typ, data string) {
	t.Helper()
	c := engine.Command{Type: typ, Seat: seat}
	if data != "" {
		c.Data = json.RawMessage(data)
	}
	if _, err := app.Tracker.Do(context.Background(), id, c, ""); err != nil {
		t.Fatalf("%s %s by seat %d: %v", typ, data, seat, err)
	}
}

// The host deals Takeover on the laptop, the players draft and choose stock
// in secret (through the tracker, as their phones will), the host makes a
// merge by tapping a stack on the grid (its move sheet narrows to that
// stack's merges) and the merge, both players pass, and the laptop shows
// the final worth, live, without a reload.
func TestBrowserTakeoverRound(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	ctx := context.Background()
	id := startFromHome(t, app, tab, "takeover", "Ana", "Ben")
	tab.Tap(t, `#sheet .choice-deal`)
	var cells int
	tab.Run(t, chromedp.Evaluate(`document.querySelectorAll(".tk-grid .cell:not(.empty)").length`, &cells))
	if cells != takeover.Cells {
		t.Fatalf("the dealt grid shows %d stacks, want 24", cells)
	}
	state := func() *takeover.State {
		var s takeover.State
		app.Tracker.State(ctx, id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
		return &s
	}
	for k := 0; k < takeover.Cells; k++ {
		s := state()
		seatDo(t, app, id, takeover.DraftSeat(s.First, 2, k), takeover.CmdDraft, `{"coin":"`+s.Pool[0]+`"}`)
	}
	for seat := range 2 {
		seatDo(t, app, id, seat, takeover.CmdConceal, `{"stock":"`+state().Players[seat].Coins[0].Code+`"}`)
	}
	tab.Run(t, testenv.WaitText(`#turn`, "merge two corporations or pass"))
	s := state()
	opt := s.Options(s.Turn)[0]
	// A tap on a stack narrows the host's move sheet to its merges; every
	// move shown then concerns that stack.
	from, to := takeover.CellName(opt.From), takeover.CellName(opt.To)
	tab.Run(t, chromedp.Click(fmt.Sprintf(`.tk-grid .cell[data-cell="%d"]`, opt.From), chromedp.ByQuery),
		testenv.WaitText(`#sheet .sheet-filter`, "for "+from))
	var others int
	tab.Run(t, chromedp.Evaluate(fmt.Sprintf(`[...document.querySelectorAll("#sheet form[data-move]:not([hidden])")].filter(f => !(f.dataset.places || "").includes("|%s|")).length`, strings.ToLower(from)), &others))
	if others != 0 {
		t.Fatalf("after a tap on %s the sheet still shows %d moves about other stacks", from, others)
	}
	tab.Tap(t, fmt.Sprintf(`#sheet form[data-from=%q][data-to=%q] button`, from, to))
	tab.Run(t, testenv.WaitText(`#feed`, "moved"))
	after := state()
	seatDo(t, app, id, after.Turn, takeover.CmdPass, ``)
	seatDo(t, app, id, 1-after.Turn, takeover.CmdPass, ``)
	tab.Run(t, testenv.WaitText(`#winner`, "The game is over"), testenv.WaitText(`#live`, "Final worth"))
	// Neither the host's page nor the public one holds a player's hand.
	for _, url := range []string{fmt.Sprintf("%s/games/%d", app.URL, id), fmt.Sprintf("%s/games/%d?as=public", app.URL, id)} {
		if p := mustGet(t, url); strings.Contains(p, "Your coins") || strings.Contains(p, "Stock or cash?") {
			t.Fatalf("%s shows a player's coins", url)
		}
	}
	tab.AssertLocalOnly(t, app.URL)
}

// The host enters the card set and starts Cash or Crash on the laptop; the
// players stake in secret (through the tracker, as their phones will); the
// host opens the bidding for the starter on its move sheet; another player
// calls SELL!, and the laptop shows the reveal, live; a bid typed past the
// sheet's limits is a toast and changes nothing.
func TestBrowserCashCrashRound(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	ctx := context.Background()
	id := startFromHome(t, app, tab, "cashcrash", "Ana", "Ben", "Cat")
	for i, c := range []string{"G", "O", "W", "GG", "OO", "WW", "GO", "OW", "GW", "GOW"} {
		tab.Run(t, chromedp.SetValue(fmt.Sprintf(`input[name="d.card%d"]`, i+1), c, chromedp.ByQuery))
	}
	tab.Submit(t, `#live form:has(input[value=configure]) button`, 200)
	tab.Tap(t, `#sheet .choice-start`)
	var s cashcrash.State
	load := func() {
		app.Tracker.State(ctx, id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
	}
	load()
	if len(s.Settings.Cards) != 10 || s.Settings.Cards[9] != (cashcrash.Card{Gold: 1, Oil: 1, Wheat: 1}) {
		t.Fatalf("the card set entered on the laptop: %+v", s.Settings.Cards)
	}
	for seat := range 3 {
		seatDo(t, app, id, seat, cashcrash.CmdStake, `{"cards":[1,10]}`) // every stake: G + GOW
	}
	tab.Run(t, testenv.WaitText(`#turn`, "open the bidding"))
	load()
	tab.Run(t, chromedp.SetValue(`#sheet form:has(.choice-open-G) input[name="d.qty"]`, "7", chromedp.ByQuery))
	tab.Tap(t, `#sheet .choice-open-G`)
	tab.Run(t, testenv.WaitText(`#bid-now`, "7 Gold"))
	// A phone-sized public screen (a spectator) follows the round live.
	pub := testenv.Phone(t)
	pub.RecordNetwork(t)
	pub.Run(t, chromedp.Navigate(fmt.Sprintf("%s/games/%d?as=public", app.URL, id)), testenv.WaitText(`#bid-now`, "7 Gold"))
	seatDo(t, app, id, (s.Starter+1)%3, cashcrash.CmdSell, ``)
	// Gold: three stakes of G + GOW = 6 < 7: the bid fails and the starter loses.
	tab.Run(t, testenv.WaitText(`#reveal`, "Gold 6 of 7"), testenv.WaitText(`#reveal .loser`, s.Seats[s.Starter].Name+" loses 2 cards"))
	pub.Run(t, testenv.WaitText(`#reveal`, "Gold 6 of 7"))
	var mine, undo int
	pub.Run(t, chromedp.Evaluate(`document.querySelectorAll(".mine").length`, &mine), chromedp.Evaluate(`document.querySelectorAll(".undo-bar").length`, &undo))
	if mine != 0 || undo != 0 {
		t.Fatalf("after a live update the public screen shows %d hands and %d host undo bars, want none", mine, undo)
	}
	pub.AssertLocalOnly(t, app.URL)
	for _, url := range []string{fmt.Sprintf("%s/games/%d", app.URL, id), fmt.Sprintf("%s/games/%d?as=public", app.URL, id)} {
		if p := mustGet(t, url); strings.Contains(p, "Your hand") {
			t.Fatalf("%s shows a player's hand", url)
		}
	}
	// A bid typed past the sheet's limits is refused with the rule's words,
	// as a toast under the move, and nothing changes.
	seatDo(t, app, id, 0, cashcrash.CmdStake, `{"cards":[2,3]}`)
	seatDo(t, app, id, 1, cashcrash.CmdStake, `{"cards":[2,3]}`)
	seatDo(t, app, id, 2, cashcrash.CmdStake, `{"cards":[2,3]}`)
	tab.Run(t, testenv.WaitText(`#turn`, "open the bidding"))
	var seq int64
	app.Tracker.State(ctx, id, func(_ engine.State, n int64) { seq = n })
	// (The browser itself holds a number outside the field's limits back;
	// a browser that does not check them sends it, and the laptop refuses.)
	tab.Run(t, chromedp.SetValue(`#sheet form:has(.choice-open-G) input[name="d.qty"]`, "0", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#sheet form:has(.choice-open-G)").noValidate = true`, nil),
		chromedp.Click(`#sheet .choice-open-G`, chromedp.ByQuery), testenv.WaitText(`.sheet-toast`, "quantity is from 1 to"))
	app.Tracker.State(ctx, id, func(_ engine.State, n int64) {
		if n != seq {
			t.Errorf("a refused bid moved the game from %d to %d", seq, n)
		}
	})
	tab.AssertLocalOnly(t, app.URL)
}

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
	host.watch(t)
	id := hostDevice(t, app).createGame("cashcrash", "Ana", "Ben")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben := joinTwoPhones(t, app, id)
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
	host.watch(t)
	id := hostDevice(t, app).createGameWith("cashcrash", map[string]any{"doubling": true}, "Ana", "Ben")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben := joinTwoPhones(t, app, id)
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
	host.watch(t)
	id := hostDevice(t, app).createGame("takeover", "Ana", "Ben")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben := joinTwoPhones(t, app, id)
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
		if p.views(t) == 0 {
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
