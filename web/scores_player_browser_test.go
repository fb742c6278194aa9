package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// A player's page in the score log, with money-sized scores and a rating
// below 0, fits a 360 x 740 phone: nothing scrolls sideways or is clipped
// but a wide table inside its own frame, every target is 44 px, the
// average is whole dollars ("31,810", never "31,810.0"), the rating below
// 0 is explained in words, and axe-core finds nothing.
func TestScoresPlayerPageFitsA360Phone(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	for _, scores := range [][]int{{31810, 42000}, {31810, 52000}, {31810, 45000}} {
		finishScorePad(t, host, "Cold Cash Risk night with a long name", []string{"Anastasia", "Ben"}, scores)
	}
	people, err := app.Scores.People(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ana int64
	for _, p := range people {
		if p.Name == "Anastasia" {
			ana = p.ID
		}
	}
	tab := testenv.NewTab(t, 360, 740, true)
	var text string
	var clipped []string
	tab.Run(t, chromedp.Navigate(fmt.Sprintf("%s/scores/players/%d", app.URL, ana)),
		chromedp.Text(`main`, &text, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const w = document.documentElement.clientWidth, out = [];
		  document.querySelectorAll("main *").forEach(e => {
		    if (e.closest(".scroll, .table-wrap, .chart-box")) return; // a frame of its own
		    const r = e.getBoundingClientRect(), st = getComputedStyle(e);
		    if (r.width === 0) return;
		    if (r.right > w + 1) out.push(e.tagName.toLowerCase() + "." + e.className + " ends at " + Math.round(r.right));
		    if (st.overflowX === "hidden" && e.scrollWidth > e.clientWidth + 1) out.push(e.tagName.toLowerCase() + "." + e.className + " clips " + e.scrollWidth + " into " + e.clientWidth);
		  });
		  return out; })()`, &clipped))
	if len(clipped) > 0 {
		t.Errorf("the player page at 360 px clips or overflows: %s", strings.Join(clipped, "; "))
	}
	if !strings.Contains(text, "31,810") || strings.Contains(text, "31,810.0") || !strings.Contains(text, "Below 0") {
		t.Errorf("the player page says:\n%s\nwant the average in whole dollars (31,810) and the rating below 0 explained", text)
	}
	checkScreen(t, tab, "scores-player-phone360")
	testenv.Axe(t, tab, "the score log's player page at 360 px")
}
