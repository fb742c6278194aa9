package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// A new user opens Tableside on the laptop, starts a score pad for two
// players, writes a score and undoes it.
func TestBrowserStartGameWriteScoreUndo(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	var body, view string
	tab.Run(t,
		chromedp.Navigate(app.URL+"/"),
		chromedp.WaitVisible(`select[name=kind]`, chromedp.ByQuery),
		chromedp.SetValue(`select[name=kind]`, "scorepad", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=name]`, "Friday", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=player]:nth-of-type(1)`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=player]:nth-of-type(2)`, "Ben", chromedp.ByQuery),
	)
	tab.Submit(t, `#start-game`, 200)
	tab.Run(t, chromedp.SetValue(`#sheet form:has(.choice-score-1) input[name="d.points"]`, "12", chromedp.ByQuery))
	tab.Tap(t, `#sheet .choice-score-1`)
	tab.Run(t,
		chromedp.Text(`[data-seat-total="1"]`, &view, chromedp.ByQuery),
	)
	if strings.TrimSpace(view) != "12" {
		t.Fatalf("after scoring, Ben's total shows %q; want 12", view)
	}
	tab.Submit(t, `.undo-bar button`, 200)
	tab.Run(t, chromedp.Text(`[data-seat-total="1"]`, &view, chromedp.ByQuery),
		chromedp.Text(`main`, &body, chromedp.ByQuery),
	)
	if strings.TrimSpace(view) != "0" {
		t.Fatalf("after undo, Ben's total shows %q; want 0", view)
	}
	tab.AssertLocalOnly(t, app.URL)
}
