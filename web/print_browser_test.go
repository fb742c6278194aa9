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
	tab.RecordNetwork(t)
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

// On a phone (390 px), every sheet shows a picture of its first page that
// fits its button without scrolling the page sideways; choosing Letter and
// ink saver redraws the pictures and the page counts for that paper.
func TestBrowserPrintShopPreviewsFollowPaperAndInk(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Phone(t)
	tab.RecordNetwork(t)
	allLoaded := `(() => { const is = [...document.querySelectorAll('img.sheet-preview')];
		return is.length > 0 && is.every(i => i.complete && i.naturalWidth > 0); })()`
	var n, loaded int
	var overflow, fits bool
	var srcs []string
	tab.Run(t,
		chromedp.Navigate(app.URL+"/print"),
		chromedp.WaitVisible(`img.sheet-preview`, chromedp.ByQuery),
		// Load the pictures below the fold too, as scrolling would.
		chromedp.Evaluate(`document.querySelectorAll('img.sheet-preview').forEach(i => i.loading = 'eager')`, nil))
	tab.WaitFor(t, allLoaded, "every sheet's preview drawn")
	tab.Run(t,
		chromedp.Evaluate(`document.querySelectorAll('img.sheet-preview').length`, &n),
		chromedp.Evaluate(`[...document.querySelectorAll('img.sheet-preview')].filter(i => i.naturalWidth > 0).length`, &loaded),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &overflow),
		chromedp.Evaluate(`[...document.querySelectorAll('img.sheet-preview')].every(i => {
			const r = i.getBoundingClientRect(), b = i.closest('button').getBoundingClientRect();
			return r.width > 40 && r.left >= b.left && r.right <= b.right; })`, &fits),
		testenv.WaitText(`button[value="territory-cards"] .sheet-pages`, "10 pages on A4"),
		chromedp.Evaluate(`(() => { const f = document.querySelector('form.print-shop');
			f.elements.paper.value = 'letter'; f.elements.ink.checked = true;
			f.elements.paper.dispatchEvent(new Event('change', {bubbles: true})); })()`, nil),
		testenv.WaitText(`button[value="territory-cards"] .sheet-pages`, "16 pages on Letter"),
		testenv.WaitText(`button[value="player-aids"] .sheet-pages`, "6 pages on Letter"))
	tab.WaitFor(t, allLoaded, "every sheet's preview drawn again on Letter in ink saver")
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll('img.sheet-preview')].map(i => i.getAttribute('src'))`, &srcs))
	if n != len(printables.Sheets()) || loaded != n {
		t.Errorf("%d previews, %d drawn; want %d", n, loaded, len(printables.Sheets()))
	}
	if overflow {
		t.Error("the print shop with previews scrolls sideways on a phone")
	}
	if !fits {
		t.Error("a preview is too small or spills out of its sheet's button")
	}
	for _, s := range srcs {
		if !strings.Contains(s, "paper=letter") || !strings.Contains(s, "ink=saver") {
			t.Errorf("after choosing Letter and ink saver a preview still shows %s", s)
		}
	}
	tab.AssertLocalOnly(t, app.URL)
}
