package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
	"tableside/printables"
)

// On a phone, the print shop shows every sheet as a thumb-sized button and
// the page never scrolls sideways.
func TestBrowserPrintShopOnAPhone(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Phone(t)
	var n int
	var overflow bool
	var text string
	var minH float64
	tab.Run(t,
		chromedp.Navigate(app.URL+"/print"),
		chromedp.WaitVisible(`button.tile`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('button.tile').length`, &n),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &overflow),
		chromedp.Evaluate(`Math.min(...[...document.querySelectorAll('button.tile')].map(b => b.getBoundingClientRect().height))`, &minH),
		chromedp.Text(`main`, &text, chromedp.ByQuery),
	)
	if n != len(printables.Sheets()) {
		t.Errorf("%d sheet buttons; want %d", n, len(printables.Sheets()))
	}
	if overflow {
		t.Error("the print shop scrolls sideways on a phone")
	}
	if minH < 44 {
		t.Errorf("a sheet button is %.0f px tall; want at least 44", minH)
	}
	if !strings.Contains(text, "Print shop") {
		t.Errorf("page text %q", text)
	}
	tab.AssertLocalOnly(t, app.URL)
}
