package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// twoCompaniesOpened plays the opening of a bank-mode Cold Cash Risk game
// as the host: Ana founds c2 (6 territories), Ben c6 (9), each buys 3 of
// their own. It returns the host's commander for the rest of the game.
func twoCompaniesOpened(host *device, id int64) func(typ string, data map[string]any) {
	do := host.commander(id)
	do("found", map[string]any{"company": "c2", "seat": 0, "size": 6})
	do("found", map[string]any{"company": "c6", "seat": 1, "size": 9})
	do("buy", map[string]any{"seat": 0, "company": "c2", "count": 3})
	do("turn", nil)
	do("buy", map[string]any{"seat": 1, "company": "c6", "count": 3})
	return do
}

// The timeline on a 390 px phone, for a finished Cold Cash game: it fits
// (no sideways scrolling, tap targets of 44 px), the end screen with its
// chart fits too, and Back, Forward and the slider move through the game
// without reloading the page.
func TestTimelineOnAPhoneFitsAndStepsWithoutAReload(t *testing.T) {
	t.Parallel()
	tb := newScreenTable(t, "coldcash", nil)
	host := hostDevice(t, tb.app)
	do := twoCompaniesOpened(host, tb.id)
	do("size", map[string]any{"company": "c2", "size": 12})
	do("size", map[string]any{"company": "c6", "size": 22})
	do("end", map[string]any{"reason": "closing-bell"})
	const n = 8
	ben := tb.phones[1]  // 390 x 844
	ben.RecordNetwork(t) // from here: the end screen and the timeline
	// The end screen's chart, and the link to the timeline.
	ben.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#winner svg.chart.worth`, chromedp.ByQuery))
	checkScreen(t, ben, "winner-chart-phone390")
	ben.Run(t, chromedp.Click(`#winner-timeline`, chromedp.ByQuery), chromedp.WaitVisible(`#timeline`, chromedp.ByQuery))
	for _, tab := range tb.phones {
		for _, at := range []string{"", "?at=3"} {
			tab.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)+"/timeline"+at), chromedp.WaitVisible(`#timeline svg.chart`, chromedp.ByQuery))
			var w int
			tab.Run(t, chromedp.Evaluate(`innerWidth`, &w))
			checkScreen(t, tab, fmt.Sprintf("timeline%s-phone%d", strings.TrimPrefix(at, "?at="), w))
		}
	}
	// Back and Forward swap the page in place: a mark left on the window
	// survives, which a reload would wipe.
	line := func() string {
		var s string
		ben.Run(t, chromedp.Text(`#step-line`, &s, chromedp.ByQuery))
		return s
	}
	ben.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)+"/timeline"), chromedp.WaitVisible(`#tl-back`, chromedp.ByQuery),
		chromedp.Evaluate(`window.tlMark = 1`, nil))
	ben.Run(t, chromedp.Click(`#tl-back`, chromedp.ByQuery), testenv.WaitText(`#step-line`, fmt.Sprintf("After command %d of %d", n-1, n)))
	if !strings.Contains(line(), "Imperial size 9 → 12") && !strings.Contains(line(), "size") {
		t.Fatalf("step %d reads %q", n-1, line())
	}
	ben.Run(t, chromedp.Click(`#tl-forward`, chromedp.ByQuery), testenv.WaitText(`#step-line`, fmt.Sprintf("After command %d of %d", n, n)))
	// The slider: moved to 2, the page follows.
	ben.Run(t, chromedp.Evaluate(`(() => { const r = document.getElementById("tl-at"); r.value = "2"; r.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil),
		testenv.WaitText(`#step-line`, fmt.Sprintf("After command 2 of %d", n)))
	var mark bool
	var url string
	ben.Run(t, chromedp.Evaluate(`window.tlMark === 1`, &mark), chromedp.Location(&url))
	if !mark {
		t.Fatal("stepping reloaded the page")
	}
	if !strings.HasSuffix(url, "/timeline?at=2") {
		t.Fatalf("after the slider the address is %s; want ?at=2 so a reload keeps the step", url)
	}
	ben.AssertLocalOnly(t, tb.app.URL)
}
