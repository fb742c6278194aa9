package testenv

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// A device is its page and nothing else: the test Chromium opens no
// browser-UI pages of its own beside it (the full browser's headless mode
// drew two omnibox popups per window, in a renderer that spent more CPU
// than the pages under test; the headless shell has none).
func TestDevicesOpenNoBrowserUIPages(t *testing.T) {
	phone, laptop := Phone(t), Laptop(t)
	for _, tab := range []*Tab{phone, laptop} {
		tab.Run(t, chromedp.Navigate(`data:text/html,<title>t</title><p>device</p>`), chromedp.WaitVisible(`p`, chromedp.ByQuery))
	}
	parent, err := startBrowser()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(parent, 30*time.Second)
	defer cancel()
	all, err := target.GetTargets().WithFilter(target.Filter{{}}).Do(cdp.WithExecutor(ctx, chromedp.FromContext(parent).Browser))
	if err != nil {
		t.Fatalf("list the browser's targets: %v", err)
	}
	pages := 0
	for _, i := range all {
		switch i.Type {
		case "page":
			pages++
		case "browser_ui", "webview", "background_page", "service_worker", "shared_worker", "other":
			t.Errorf("the browser opened %s %s (%q) beside the devices", i.Type, i.URL, i.Title)
		}
	}
	if pages < 2 {
		t.Errorf("%d pages for two devices", pages)
	}
}
