package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// On a 390 px phone the winner screen's luck fits the screen (nothing
// scrolls sideways, the explanation's tap target is thumb-sized), shows
// both players, and one tap opens how luck is measured.
func TestBrowserLuckOnTheWinnerScreenFitsAPhone(t *testing.T) {
	t.Parallel()
	g := fixedConquest(t, "risk", true)
	app := g.app
	g.do("start", nil)
	g.playToTheWorld()
	phone := testenv.Phone(t)
	var table, luckiest string
	phone.Run(t, chromedp.Navigate(gameURL(app, g.id)), chromedp.WaitVisible(`#luck`, chromedp.ByQuery),
		chromedp.Text(`#luck .luck-list`, &table, chromedp.ByQuery), chromedp.Text(`#luckiest`, &luckiest, chromedp.ByQuery))
	if !strings.Contains(table, "Ana") || !strings.Contains(table, "Ben") || !strings.Contains(table, "+") || !strings.Contains(luckiest, "Ana's attack on") {
		t.Fatalf("luck table %q, luckiest %q", table, luckiest)
	}
	checkScreen(t, phone, "winner-luck-phone390")
	var why string
	phone.Run(t, chromedp.Click(`#luck details summary`, chromedp.ByQuery), chromedp.WaitVisible(`#luck details p`, chromedp.ByQuery),
		chromedp.Text(`#luck details p`, &why, chromedp.ByQuery))
	if !strings.Contains(why, "on average minus what they did cost") {
		t.Errorf("explanation %q", why)
	}
	phone.AssertLocalOnly(t, app.URL)
}
