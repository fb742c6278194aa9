package web_test

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// The host runs the bank on the laptop: starts a Cold Cash Risk game, founds
// two companies, buys, runs a merger through the wizard (bonuses, then the
// disposal round with its shortcuts), and undoes the last decision.
func TestBrowserHostBuysMergesAndUndoes(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	by := chromedp.ByQuery
	tab.Run(t,
		chromedp.Navigate(app.URL+"/"),
		chromedp.WaitVisible(`select[name=kind]`, by),
		chromedp.SetValue(`select[name=kind]`, "coldcash", by),
		chromedp.SendKeys(`input[name=name]`, "Bank night", by),
		chromedp.SendKeys(`input[name=player]:nth-of-type(1)`, "Ana", by),
		chromedp.SendKeys(`input[name=player]:nth-of-type(2)`, "Ben", by),
	)
	tab.Submit(t, `#start-game`, 200)
	gameURL := tabURL(t, tab)
	// The sheet founds for the player on turn, the size typed on its
	// stepper: Imperial for Ana, the turn to Ben, Festival for him, the
	// turn back to Ana.
	found := func(co, size string) {
		tab.Run(t, chromedp.SetValue(`#turn form:has(.choice-found-`+co+`) input[name="d.size"]`, size, by))
		tab.Tap(t, `#turn .choice-found-`+co)
	}
	found("c6", "8")
	tab.Tap(t, `#turn .choice-turn`)
	found("c5", "6")
	tab.Tap(t, `#turn .choice-turn`)
	tab.Tap(t, `#turn .choice-buy-c5-2`) // Ana buys 2 Festival at $700
	var players string
	tab.Run(t, chromedp.Text(`#players`, &players, by))
	if !strings.Contains(players, "$4,600") {
		t.Fatalf("after buying, players show %q; want Ana at $4,600", players)
	}
	// Only what can succeed is offered: one more share this turn.
	var counts string
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll('#turn button[class*="choice-buy-c5-"]')].map(b => b.className.match(/buy-c5-(\d)/)[1]).join(",")`, &counts))
	if counts != "1" {
		t.Fatalf("after 2 of 3 bought, Festival offers Buy %q; want only 1", counts)
	}
	// Refused: a size no company can have (typed past the stepper's limit,
	// as a stale or forged move would) names the limit and changes
	// nothing; the refusal is a toast under the move.
	forge := func() {
		tab.Run(t, chromedp.Evaluate(`(() => { const i = document.querySelector('#turn form:has(.choice-grow-c5) input[name="d.size"]'); i.removeAttribute("max"); i.value = "1000"; })()`, nil),
			chromedp.Click(`#turn .choice-grow-c5`, by), chromedp.WaitVisible(`#turn .sheet-toast`, by))
	}
	forge()
	var msg string
	tab.Run(t, chromedp.Text(`#turn .sheet-toast`, &msg, by), chromedp.Text(`#players`, &players, by))
	if !strings.Contains(msg, "at most 200") || strings.Contains(msg, "size:") || !strings.Contains(players, "$4,600") {
		t.Fatalf("refusal %q, players %q", msg, players)
	}
	// The toast goes with the next change, made here on another screen.
	id := gameURL[strings.LastIndex(gameURL, "/")+1:]
	other := hostDevice(t, app)
	if code, body := other.postForm("/games/"+id+"/commands", url.Values{"type": {"buy"}, "data": {`{"seat":0,"company":"c5","count":1}`}}); code != 200 {
		t.Fatalf("a buy from another screen: %d %.200s", code, body)
	}
	waitGone(t, tab, `#turn .sheet-toast`)
	tab.Run(t, testenv.WaitText(`#players`, "$3,900"))
	var pg struct{ UndoCmd int64 }
	if code := other.getJSON("/games/"+id, &pg); code != 200 || pg.UndoCmd == 0 {
		t.Fatalf("the game as JSON: %d, undo target %d", code, pg.UndoCmd)
	}
	if code, body := other.postForm("/games/"+id+"/undo", url.Values{"cmd": {strconv.FormatInt(pg.UndoCmd, 10)}}); code != 200 {
		t.Fatalf("its undo: %d %.200s", code, body)
	}
	tab.Run(t, testenv.WaitText(`#players`, "$4,600"))
	// The toast is said once: a reload does not post again or show it again.
	forge()
	var toasts int
	tab.Run(t, chromedp.Reload(), chromedp.WaitVisible(`#players`, by), chromedp.Evaluate(`document.querySelectorAll("#toast, .sheet-toast").length`, &toasts))
	if toasts != 0 {
		t.Fatal("the refusal's toast is still there after a reload")
	}

	// The merger wizard: Imperial (8) absorbs Festival (6, $700).
	tab.Run(t,
		chromedp.Navigate(gameURL),
		chromedp.Click(`#corrections summary`, by),
		chromedp.SetValue(`#merge select[name="d.survivor"]`, "c6", by),
		chromedp.SetValue(`#merge select[name="d.defunct"]`, "c5", by),
		chromedp.SetValue(`#merge select[name="d.maker"]`, "0", by),
	)
	tab.Submit(t, `#merge button.primary`, 200)
	var wizard string
	tab.Run(t, chromedp.Text(`#wizard`, &wizard, by))
	for _, want := range []string{"Imperial absorbs", "majority with 2 shares: 10 x $700 = $7,000", "minority with 1 shares: 5 x $700 = $3,500", "Bank holds 24 Imperial"} {
		if !strings.Contains(wizard, want) {
			t.Errorf("wizard lacks %q:\n%s", want, wizard)
		}
	}
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ana: keep, sell or trade 2 Festival"))
	tab.Tap(t, `#turn .choice-trade-max`) // 2 Festival for 1 Imperial
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ben"), testenv.WaitText(`#supply`, "23"))
	tab.Tap(t, `#turn .choice-sell-all`) // Ben sells his 1 at $700
	tab.Run(t, chromedp.Text(`#players`, &players, by))
	// Ana: 4,600 + 7,000; Ben: 6,000 + 3,500 + 700.
	if !strings.Contains(players, "$11,600") || !strings.Contains(players, "$10,200") {
		t.Fatalf("after the merger, players show %q", players)
	}
	var undo string
	tab.Run(t, chromedp.Text(`.undo-bar button`, &undo, by))
	if !strings.Contains(undo, "Ben: sell 1, trade 0, keep 0 Festival") {
		t.Fatalf("undo says %q", undo)
	}
	tab.Submit(t, `.undo-bar button`, 200)
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ben: keep, sell or trade 1 Festival"), chromedp.Text(`#players`, &players, by))
	if !strings.Contains(players, "$9,500") {
		t.Fatalf("after undo Ben should be back at $9,500: %q", players)
	}

	// On to the end, still from the host screen: Ben sells, Imperial grows
	// to 22, the closing bell rings and the final scores show.
	tab.Tap(t, `#turn .choice-sell-all`)
	tab.Run(t, chromedp.SetValue(`#turn form:has(.choice-grow-c6) input[name="d.size"]`, "22", by))
	tab.Tap(t, `#turn .choice-grow-c6`)
	tab.Tap(t, `#turn .choice-end`)
	var final, winner string
	tab.Run(t, chromedp.Text(`#final`, &final, by), chromedp.Text(`#final tr.winner td:first-child`, &winner, by))
	// Imperial size 22, expensive: $1,000. Ana holds 2 (free + traded): both bonuses, 15,000; sold 2,000.
	if !strings.HasPrefix(winner, "Ana") || !strings.Contains(winner, "Winner") || !strings.Contains(final, "$28,600") || !strings.Contains(final, "$15,000") {
		t.Fatalf("final scores (the winner's cell %q): %q", winner, final)
	}
	tab.AssertLocalOnly(t, app.URL)
}

func tabURL(t *testing.T, tab *testenv.Tab) string {
	t.Helper()
	var u string
	tab.Run(t, chromedp.Location(&u))
	return u
}

// The host starts Cold Cash Risk in board mode from the home page, rings the
// opening bell with the table's own deck, and plays the first operating
// cycle by tapping the map: place, found, buy, take a card; then earnings.
func TestBrowserBoardModeFirstCycleOnTheMap(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	tab.Run(t,
		chromedp.Navigate(app.URL+"/"),
		chromedp.WaitVisible(`select[name=kind]`, chromedp.ByQuery),
		chromedp.SetValue(`select[name=kind]`, "coldcash", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=name]`, "Board night", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=player]:nth-of-type(1)`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=player]:nth-of-type(2)`, "Ben", chromedp.ByQuery),
		chromedp.SetValue(`#set-coldcash-mode`, "board", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#set-coldcash-mode").dispatchEvent(new Event("change", {bubbles: true}))`, nil), // the board-mode options show
		chromedp.SetValue(`#set-coldcash-deck`, "table", chromedp.ByQuery),
	)
	tab.Submit(t, `form[action="/games"] > button.primary`, 200)
	var tiles int
	tab.Run(t,
		chromedp.WaitVisible(`svg.cc-map`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("svg.cc-map a.terr").length`, &tiles),
		chromedp.SetValue(`#first-0`, "north-africa", chromedp.ByQuery),
		chromedp.SetValue(`#first-1`, "peru", chromedp.ByQuery),
	)
	if tiles != 42 {
		t.Fatalf("the map has %d territories", tiles)
	}
	tab.Submit(t, `#open-table`, 200)
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ana: place a Mom & Pop"))
	label := func(id string) string {
		var s string
		tab.Run(t, chromedp.AttributeValue(`#t-`+id, "aria-label", &s, nil, chromedp.ByQuery))
		return tileDescription(s)
	}
	if got := label("north-africa"); got != "North Africa: Mom & Pop" {
		t.Fatalf("North Africa shows %q", got)
	}
	// a tap on an occupied territory offers no placement: no move concerns
	// it, so the map selects it for looking
	tapTerritory(t, tab, "peru")
	var n int
	tab.Run(t, testenv.WaitText(`#sel`, "Peru"), chromedp.Evaluate(`document.querySelectorAll("#turn .choice-place-peru").length`, &n))
	if n != 0 {
		t.Fatal("Peru is occupied, yet the sheet offers to place there")
	}
	// Ana: Egypt (the map narrows the sheet to it), found Festival (with
	// North Africa), buy 2, take a card
	pickTerritory(t, tab, "egypt")
	var shown int
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll("#turn form[data-move]")].filter(f => !f.hidden).length`, &shown))
	if shown != 1 {
		t.Fatalf("tapping Egypt leaves %d moves on the sheet; want its placement only", shown)
	}
	tab.Tap(t, `#turn .choice-place-egypt`)
	tab.Tap(t, `#turn .choice-found-c5`)
	if got := label("egypt"); got != "Egypt: company F, 3 teams, tower" {
		t.Fatalf("Egypt shows %q", got)
	}
	if got := label("north-africa"); got != "North Africa: company F, 1 teams" {
		t.Fatalf("North Africa shows %q", got)
	}
	// A territory tapped stays selected through a live update: another
	// screen's undo (sent here without leaving the page) and redo.
	tapTerritory(t, tab, "egypt")
	sendForm := func(sel string) {
		t.Helper()
		tab.Run(t, chromedp.Evaluate(`(() => { const f = document.querySelector(`+jsString(sel)+`);
			const d = new FormData(f); d.set("idem", "k" + Math.random()); fetch(f.action, {method: "POST", body: d}); })()`, nil))
	}
	sendForm(`form[action$="/undo"]`)
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ana: found, absorb, merge or leave"), testenv.WaitText(`#sel`, "Egypt"))
	sendForm(`form[action$="/redo"]`)
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ana: buy, sell"), testenv.WaitText(`#sel`, "Egypt"))
	if !strings.Contains(html(t, tab), `selected" id="t-egypt"`) {
		t.Fatal("Egypt lost its selection")
	}
	tab.Tap(t, `#turn .choice-buy-c5-2`)
	tab.Tap(t, `#turn .choice-draw`)
	// Ben: Brazil, found American (with Peru), take a card
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ben: place"))
	tab.Tap(t, `#turn .choice-place-brazil`)
	tab.Tap(t, `#turn .choice-found-c3`)
	tab.Tap(t, `#turn .choice-draw`)
	// earnings: Festival pays $30 a share (size 2, medium, $300) on Ana's 3;
	// every line names Ana, who chooses, though Ben was the last on turn
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ana: choose each company's earnings"))
	var status string
	tab.Run(t, chromedp.Text(`#status`, &status, chromedp.ByQuery))
	if strings.Contains(status, "Ben") {
		t.Fatalf("during Ana's earnings the status names Ben: %q", status)
	}
	var sizes string
	tab.Run(t, chromedp.Text(`#sizes`, &sizes, chromedp.ByQuery))
	if !strings.Contains(sizes, "Festival") || !strings.Contains(sizes, "American") {
		t.Fatalf("sizes: %s", sizes)
	}
	tab.Tap(t, `#turn .choice-dividends-c5`)
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ben: choose each company's earnings"))
	// Ben restructures American with the form: 2 teams from Brazil to Peru.
	// The waiting line is the turn bar's; the board under it (with the
	// form) is fetched again for the selected territory, so it may come
	// a moment later.
	tab.Run(t,
		chromedp.WaitReady(`#restructure-c3 select[name="d.from1"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#restructure-c3").closest("details").open = true`, nil),
		chromedp.SetValue(`#restructure-c3 select[name="d.from1"]`, "brazil", chromedp.ByQuery),
		chromedp.SetValue(`#restructure-c3 select[name="d.to1"]`, "peru", chromedp.ByQuery),
		chromedp.SetValue(`#restructure-c3 input[name="d.teams1"]`, "2", chromedp.ByQuery),
	)
	tab.Submit(t, `#restructure-c3 button`, 200)
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ana: place a Mom & Pop"))
	if got := label("peru"); got != "Peru: company A, 3 teams" {
		t.Fatalf("after restructuring Peru shows %q", got)
	}
	var cash string
	tab.Run(t, chromedp.Text(`#players tr[data-seat="0"] .cash`, &cash, chromedp.ByQuery))
	if cash != "$5,490" { // 6,000 - 2 x 300 + 3 x 30
		t.Fatalf("Ana's cash %q", cash)
	}
	// an illegal move is refused in words and changes nothing
	tab.Tap(t, `#turn .choice-place-alaska`)
	tapMove(t, tab, `#turn .choice-leave`)
	// The sheet offers no sale of American, which Ana does not show: a
	// stale or forged move asks for it anyway; the refusal is a toast
	// under the move tapped.
	revealMove(t, tab, `#turn .choice-sell-c5`) // selling is folded
	tab.Run(t, chromedp.Evaluate(`(() => { const f = document.querySelector("#turn .choice-sell-c5").form;
		f.querySelector("input[name=data]").value = JSON.stringify({seat: 0, company: "c3"}); })()`, nil))
	tab.Run(t, chromedp.Click(`#turn .choice-sell-c5`, chromedp.ByQuery), chromedp.WaitVisible(`#turn .sheet-toast`, chromedp.ByQuery))
	var msg string
	tab.Run(t, chromedp.Text(`#turn .sheet-toast`, &msg, chromedp.ByQuery))
	if !strings.Contains(msg, "Ana shows 0 American shares") {
		t.Fatalf("refusal %q", msg)
	}
	// undo takes back leaving the Mom & Pop: its outcome is open again
	tab.Submit(t, `.undo-bar button`, 200)
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ana: found, absorb, merge or leave the Mom & Pop in Alaska"))
	if got := label("alaska"); got != "Alaska: Mom & Pop" {
		t.Fatalf("after undo Alaska shows %q", got)
	}
	tab.AssertLocalOnly(t, app.URL)
}

// A hostile takeover on the host screen: tap the attacking territory, then
// the Mom & Pop; it rolls its defenders; the table's real dice are typed in;
// teams move in; the takeover ends and the Mom & Pop's land is American's.
func TestBrowserBoardModeHostileTakeoverOnTheMap(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	code, body := post(t, app.URL+"/games", map[string]any{"kind": "coldcash", "name": "Takeover", "players": []string{"Ana", "Ben"},
		"settings": map[string]any{"mode": "board", "deck": "table"}})
	if code != 201 {
		t.Fatalf("create: %d %s", code, body)
	}
	mustCommand(t, app, 1, "open", map[string]any{"first": []string{"siam", "peru"}}) // Ben leads
	mustCommand(t, app, 1, "place", map[string]any{"territory": "venezuela"})
	mustCommand(t, app, 1, "found", map[string]any{"company": "c3"})
	mustCommand(t, app, 1, "draw", nil)
	mustCommand(t, app, 1, "place", map[string]any{"territory": "central-america"})
	mustCommand(t, app, 1, "leave", nil)
	mustCommand(t, app, 1, "draw", nil)
	mustCommand(t, app, 1, "skip", map[string]any{"company": "c3"})
	mustCommand(t, app, 1, "place", map[string]any{"territory": "argentina"})
	mustCommand(t, app, 1, "leave", nil)
	label := func(id string) string {
		var s string
		tab.Run(t, chromedp.AttributeValue(`#t-`+id, "aria-label", &s, nil, chromedp.ByQuery))
		return tileDescription(s)
	}
	tab.Run(t, chromedp.Navigate(app.URL+"/games/1"))
	tapMove(t, tab, `#turn .choice-takeover-c3`)
	pickTerritory(t, tab, "central-america")
	var chance string
	tab.Run(t, chromedp.Text(`#turn .choice-attack-venezuela-central-america .odds-big`, &chance, chromedp.ByQuery))
	if !strings.HasSuffix(strings.Join(strings.Fields(chance), " "), "% win") {
		t.Fatalf("the attack's button says %q; want its chance", chance)
	}
	if *screensDir != "" { // the attack lines as a 360 px screen draws them
		tab.Run(t, chromedp.EmulateViewport(360, 740))
		checkScreen(t, tab, "coldcash-takeover-attacks-360")
		tab.Run(t, chromedp.EmulateViewport(testenv.LaptopWidth, testenv.LaptopHeight))
	}
	tab.Tap(t, `#turn .choice-attack-venezuela-central-america`) // the Mom & Pop rolls its defenders
	got := label("central-america")
	var teams int
	if _, err := fmt.Sscanf(got, "Central America: Mom & Pop defending with %d teams", &teams); err != nil || teams < 1 || teams > 6 {
		t.Fatalf("after the announcement Central America shows %q", got)
	}
	// the table rolls real dice, one tap per roll: the Mom & Pop loses two
	// teams a roll until it has none
	for rolls := 0; ; rolls++ {
		var left int
		tab.Run(t, chromedp.Evaluate(`document.querySelectorAll("#turn .choice-occupy").length`, &left))
		if left == 1 {
			break
		}
		if rolls > 6 {
			t.Fatal("the Mom & Pop never fell")
		}
		tapMove(t, tab, `#turn .choice-real-dice-venezuela-central-america-0`)
	}
	tab.Tap(t, `#turn .choice-occupy`)
	if got := label("central-america"); got != "Central America: company A, 2 teams" {
		t.Fatalf("after the conquest Central America shows %q", got)
	}
	// The sheet is still narrowed to Central America: "Show all" brings
	// back the move that ends the takeover.
	tab.Run(t, chromedp.Click(`#turn .sheet-filter .sheet-all`, chromedp.ByQuery), chromedp.WaitVisible(`#turn .choice-takeover-end`, chromedp.ByQuery))
	tab.Tap(t, `#turn .choice-takeover-end`)
	tab.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ben: take a card")) // the takeover was his action
	var n int
	tab.Run(t, chromedp.Evaluate(`document.querySelectorAll('#turn [class*="choice-takeover-c"]').length`, &n))
	if n != 0 {
		t.Fatal("a second hostile takeover is offered in the same turn")
	}
	tab.AssertLocalOnly(t, app.URL)
}

// tapTerritory taps a territory on the board map: with JavaScript it is
// selected in place (no reload), so wait for the map to mark it.
func tapTerritory(t *testing.T, tab *testenv.Tab, id string) {
	t.Helper()
	tab.Run(t, chromedp.Evaluate(`window.notReloaded = true`, nil), chromedp.Click(`#t-`+id, chromedp.ByQuery))
	tab.WaitFor(t, `document.querySelector("#t-`+id+`.selected") !== null`, "the map to mark "+id+" selected")
	var same bool
	tab.Run(t, chromedp.Evaluate(`window.notReloaded === true`, &same))
	if !same {
		t.Fatalf("tapping %s reloaded the page; it should select in place", id)
	}
}
