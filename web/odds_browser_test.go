package web_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tableside/engine/risk"
	"tableside/internal/testenv"
)

func enginePercent(t *testing.T, q risk.Query) string {
	t.Helper()
	o, err := risk.Compute(q)
	if err != nil {
		t.Fatal(err)
	}
	return risk.Percent(o.Win)
}

// On a phone, a player types two numbers and the win chance appears and
// follows every change as they type, with the engine's numbers.
func TestBrowserOddsUpdateAsThePlayerTypesOnAPhone(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Phone(t)
	tab.RecordNetwork(t)
	p10v7 := enginePercent(t, risk.Query{Attackers: 10, Defenders: []risk.Defender{{Armies: 7}}})
	p10v3 := enginePercent(t, risk.Query{Attackers: 10, Defenders: []risk.Defender{{Armies: 3}}})
	p10mp := enginePercent(t, risk.Query{Attackers: 10, Defenders: []risk.Defender{{MomPop: true}}})
	pChain := enginePercent(t, risk.Query{Attackers: 10, Stop: 3, Defenders: []risk.Defender{{MomPop: true}, {Armies: 2}}})
	var url, err string
	var svgRects int
	tab.Run(t,
		chromedp.Navigate(app.URL+"/odds"),
		chromedp.WaitVisible(`#odds-a`, chromedp.ByQuery),
		chromedp.SendKeys(`#odds-a`, "10", chromedp.ByQuery),
		chromedp.SendKeys(`#odds-d`, "7", chromedp.ByQuery),
		testenv.WaitText(`#odds-win`, p10v7),
		chromedp.WaitVisible(`#odds-result`, chromedp.ByQuery),
		// The player changes their mind: 3 defend.
		chromedp.SendKeys(`#odds-d`, kb.End+kb.Backspace+"3", chromedp.ByQuery),
		testenv.WaitText(`#odds-win`, p10v3),
		testenv.WaitText(`#odds-title`, "10 attacking 3 defending"),
		chromedp.Evaluate(`document.querySelectorAll("#odds-bars rect").length`, &svgRects),
		// Tapping the last bar reads it: the attacker's best ending.
		chromedp.Click(`#odds-bars rect:last-of-type`, chromedp.ByQuery),
		testenv.WaitText(`#odds-pick`, "you win with 10 left"),
		chromedp.Location(&url),
		// A Mom & Pop defends instead: one tap.
		chromedp.Click(`#odds-mompop`, chromedp.ByQuery),
		testenv.WaitText(`#odds-win`, p10mp),
		testenv.WaitText(`#odds-bycount`, "If its die shows 1:"),
		// More: a chain and a stop.
		chromedp.Click(`.odds-more summary`, chromedp.ByQuery),
		chromedp.SendKeys(`input[name=chain]`, "2", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=stop]`, "3", chromedp.ByQuery),
		testenv.WaitText(`#odds-win`, pChain),
		testenv.WaitText(`#odds-steps`, "Territory 2 (2)"),
		// A mistake is answered in words, not a blank screen.
		chromedp.SendKeys(`#odds-a`, kb.End+kb.Backspace+kb.Backspace+"1", chromedp.ByQuery),
		testenv.WaitText(`#odds-error`, "one army always stays home"),
		chromedp.Text(`#odds-error`, &err, chromedp.ByQuery),
	)
	if svgRects < 5 {
		t.Errorf("the chart has %d bars for 10 v 3", svgRects)
	}
	if !strings.Contains(url, "a=10") || !strings.Contains(url, "d=3") {
		t.Errorf("the address should follow the question (to share or reload): %s", url)
	}
	tab.AssertLocalOnly(t, app.URL)
}

// With JavaScript off, the same page is a form that answers on submit.
func TestBrowserOddsFormWorksWithoutJavaScript(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Phone(t)
	tab.RecordNetwork(t)
	want := enginePercent(t, risk.Query{Attackers: 25, Defenders: []risk.Defender{{Armies: 20}}})
	var win, bad string
	tab.Run(t,
		emulation.SetScriptExecutionDisabled(true),
		chromedp.Navigate(app.URL+"/odds"),
		chromedp.WaitVisible(`#odds-a`, chromedp.ByQuery),
		chromedp.SendKeys(`#odds-a`, "25", chromedp.ByQuery),
		chromedp.SendKeys(`#odds-d`, "20", chromedp.ByQuery),
	)
	tab.Submit(t, `#odds-go`, 200)
	tab.Run(t, chromedp.Text(`#odds-win`, &win, chromedp.ByQuery))
	if win != want {
		t.Errorf("the form answered %q, the engine %q", win, want)
	}
	tab.Run(t,
		chromedp.Navigate(app.URL+"/odds"),
		chromedp.WaitVisible(`#odds-a`, chromedp.ByQuery),
		chromedp.SendKeys(`#odds-a`, "zero", chromedp.ByQuery),
		chromedp.SendKeys(`#odds-d`, "4", chromedp.ByQuery),
	)
	tab.Submit(t, `#odds-go`, 400)
	tab.Run(t, chromedp.Text(`#odds-error`, &bad, chromedp.ByQuery))
	if !strings.Contains(bad, "whole number") {
		t.Errorf("a bad form shows %q; want the reason", bad)
	}
	tab.AssertLocalOnly(t, app.URL)
}

// "Work it out" on an empty form says what is missing, instead of nothing.
func TestBrowserOddsWorkItOutOnEmptyFieldsSaysWhatIsMissing(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Phone(t)
	tab.Run(t,
		chromedp.Navigate(app.URL+"/odds"),
		chromedp.WaitVisible(`#odds-a`, chromedp.ByQuery),
		chromedp.Click(`#odds-go`, chromedp.ByQuery),
		testenv.WaitText(`#odds-error`, "Type how many armies attack first."),
		chromedp.SendKeys(`#odds-a`, "5", chromedp.ByQuery),
		chromedp.Click(`#odds-go`, chromedp.ByQuery),
		testenv.WaitText(`#odds-error`, "Type how many armies defend"),
	)
}

// On a phone, the planner answers as the player types: the defenders alone
// give the fewest armies for 80%, a new chance changes them, a chain says
// how far they get, and a chance no plan can reach is refused in words.
func TestBrowserPlanAnswersAsThePlayerTypes(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Phone(t)
	tab.RecordNetwork(t)
	need := func(chance float64, ds ...risk.Defender) string {
		p, err := risk.MakePlan(risk.Query{Defenders: ds}, chance, risk.EngineLimits)
		if err != nil {
			t.Fatal(err)
		}
		return strconv.Itoa(p.Need)
	}
	seven, three := risk.Defender{Armies: 7}, risk.Defender{Armies: 3}
	var resultHidden bool
	tab.Run(t,
		chromedp.Navigate(app.URL+"/odds"),
		chromedp.WaitVisible(`#odds-d`, chromedp.ByQuery),
		chromedp.SendKeys(`#odds-d`, "7", chromedp.ByQuery),
		testenv.WaitText(`#odds-need`, need(0.8, seven)),
		testenv.WaitText(`#odds-plan-need`, "For 80.0%: "+need(0.8, seven)+" on the board"),
		chromedp.Evaluate(`document.getElementById("odds-result").hidden`, &resultHidden),
		// A safer plan: 95%.
		chromedp.SendKeys(`#odds-plan-in`, kb.End+kb.Backspace+kb.Backspace+"95", chromedp.ByQuery),
		testenv.WaitText(`#odds-need`, need(0.95, seven)),
		// A chain: how far the plan gets.
		chromedp.Click(`.odds-more summary`, chromedp.ByQuery),
		chromedp.SendKeys(`input[name=chain]`, "3", chromedp.ByQuery),
		testenv.WaitText(`#odds-need`, need(0.95, seven, three)),
		testenv.WaitText(`#odds-plan-steps`, "Territory 2 (3): taken"),
		// A certain win is no plan.
		chromedp.SendKeys(`#odds-plan-in`, kb.End+kb.Backspace+kb.Backspace+"100", chromedp.ByQuery),
		testenv.WaitText(`#odds-error`, "No number of armies makes a win certain"),
	)
	if !resultHidden {
		t.Error("with no attackers typed, the odds part should stay hidden")
	}
	tab.AssertLocalOnly(t, app.URL)
}
