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
