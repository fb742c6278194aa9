package web_test

import (
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
