package web_test

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tableside/engine/risk"
	"tableside/internal/testenv"
)

// On a phone, the planner answers as the player types: the defenders alone
// give the fewest armies for 80%, a new chance changes them, a chain says
// how far they get, and a chance no plan can reach is refused in words.
func TestBrowserPlanAnswersAsThePlayerTypes(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Phone(t)
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
