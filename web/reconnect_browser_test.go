package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// reopenTab closes a phone's page and opens a new one in the same browser
// (the same cookies and storage), as a player does who closed the tab and
// opens the game again.
func reopenTab(t *testing.T, tab *testenv.Tab, url string) *testenv.Tab {
	t.Helper()
	old := chromedp.FromContext(tab.Ctx).Target.TargetID
	var info *target.Info
	tab.Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		info, err = target.GetTargetInfo().WithTargetID(old).Do(ctx)
		return err
	}))
	browser := cdp.WithExecutor(tab.Ctx, chromedp.FromContext(tab.Ctx).Browser)
	id, err := target.CreateTarget("about:blank").WithBrowserContextID(info.BrowserContextID).WithNewWindow(true).Do(browser)
	if err != nil {
		t.Fatalf("open a new tab in the phone's browser: %v", err)
	}
	if err := target.CloseTarget(old).Do(browser); err != nil {
		t.Fatalf("close the phone's tab: %v", err)
	}
	// The new tab lives as long as the test needs it, not as long as the
	// closed one had left.
	ctx, cancel := chromedp.NewContext(context.WithoutCancel(tab.Ctx), chromedp.WithTargetID(id))
	ctx, cancelT := context.WithTimeout(ctx, 150*time.Second)
	t.Cleanup(func() { cancelT(); cancel() })
	again := &testenv.Tab{Ctx: ctx}
	again.Run(t, network.Enable(),
		chromedp.EmulateViewport(testenv.PhoneWidth, testenv.PhoneHeight, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(3)),
		chromedp.Navigate(url))
	return again
}
