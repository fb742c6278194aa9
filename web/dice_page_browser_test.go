package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// The dice page, after a roll, fits a 390 px and a 360 px phone: nothing
// scrolls sideways but the table of rolls inside its own frame, every link
// is a 44 px target, and axe-core finds nothing.
func TestDicePageFitsAPhone(t *testing.T) {
	t.Parallel()
	app, host, ana, ben := hostAndTwoPhones(t)
	game, from, to, must, _ := riskAtFirstAttack(t, app, host, ana, ben)
	must(ana, "attack", map[string]any{"from": from, "to": to, "mode": "roll"}, "a1")
	must(ben, "defend", map[string]int{"dice": 2}, "d1")
	for _, w := range []int{390, 360} {
		tab := testenv.NewTab(t, w, 740, true)
		tab.Run(t, chromedp.Navigate(fmt.Sprintf("%s/games/%d/dice", app.URL, game)), chromedp.WaitVisible(`#dice-rolls`, chromedp.ByQuery))
		checkScreen(t, tab, fmt.Sprintf("dice-page-phone%d", w))
		testenv.Axe(t, tab, fmt.Sprintf("dice page at %d px", w))
	}
}
