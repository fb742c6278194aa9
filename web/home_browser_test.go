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
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	var body, view string
	tab.Run(t,
		chromedp.Navigate(app.URL+"/"),
		chromedp.WaitVisible(`select[name=kind]`, chromedp.ByQuery),
		chromedp.SetValue(`select[name=kind]`, "scorepad", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=name]`, "Friday", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=player]:nth-of-type(1)`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`input[name=player]:nth-of-type(2)`, "Ben", chromedp.ByQuery),
	)
	tab.Submit(t, `button.primary`, 200)
	tab.Run(t,
		chromedp.SetValue(`input[name=type]`, "score", chromedp.ByQuery),
		chromedp.SetValue(`textarea[name=data]`, `{"seat":1,"points":12}`, chromedp.ByQuery),
	)
	tab.Submit(t, `form.card button.primary`, 200)
	tab.Run(t,
		chromedp.Text(`pre.view`, &view, chromedp.ByQuery),
	)
	if !strings.Contains(view, `"totals":[0,12]`) {
		t.Fatalf("after scoring, the view shows %s; want totals [0,12]", view)
	}
	tab.Submit(t, `.undo-bar button`, 200)
	tab.Run(t, chromedp.Text(`pre.view`, &view, chromedp.ByQuery),
		chromedp.Text(`main`, &body, chromedp.ByQuery),
	)
	if !strings.Contains(view, `"totals":[0,0]`) {
		t.Fatalf("after undo, the view shows %s; want totals [0,0]", view)
	}
	tab.AssertLocalOnly(t, app.URL)
}
