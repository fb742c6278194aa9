package testenv

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// A device handed from one test to the next keeps nothing of the first:
// no cookie, no stored item (local or session), no emulation (viewport,
// touch, colour scheme, script execution, offline network), no script run
// on new documents, no listener, no history, no page.
func TestAHandedOnDeviceKeepsNothingOfItsLastTest(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<!doctype html><title>device</title><p>device</p>`))
	}))
	defer srv.Close()
	page1 := srv.URL + "/first"

	heard := 0
	var first *Tab
	var firstDevice target.ID
	t.Run("the first test", func(t *testing.T) {
		first = Phone(t)
		first.RecordNetwork(t)
		firstDevice = deviceOf(t, first)
		if w, h := windowOf(t, first); w != PhoneWidth || h != PhoneHeight {
			t.Errorf("a phone's window is %dx%d, not the phone's %dx%d", w, h, PhoneWidth, PhoneHeight)
		}
		chromedp.ListenTarget(first.Ctx, func(ev any) {
			if _, ok := ev.(*network.EventRequestWillBeSent); ok {
				heard++
			}
		})
		first.Run(t,
			chromedp.Navigate(page1),
			chromedp.Navigate(page1+"?again"),
			chromedp.Evaluate(`document.cookie = "seat=ana; max-age=3600"; localStorage.setItem("k", "v"); sessionStorage.setItem("k", "v"); true`, nil),
			emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}),
			chromedp.ActionFunc(func(ctx context.Context) error {
				_, err := page.AddScriptToEvaluateOnNewDocument(`window.leftOver = true`).Do(ctx)
				return err
			}),
			emulation.SetScriptExecutionDisabled(false),
			network.EmulateNetworkConditions(true, 0, -1, -1),
		)
	})
	if heard == 0 {
		t.Fatal("the first test's listener heard nothing")
	}
	heardBefore := heard

	next := Laptop(t)
	if deviceOf(t, next) != firstDevice {
		t.Fatal("the next test was given a new device, not the first test's: nothing here checks the hand-on")
	}
	if w, h := windowOf(t, next); w != LaptopWidth || h != LaptopHeight {
		t.Errorf("a laptop after a phone has a %dx%d window, not the laptop's %dx%d", w, h, LaptopWidth, LaptopHeight)
	}
	var got struct {
		Cookie, Local, Session, Blank string
		Width                         int
		Dark, Touch, LeftOver, Online bool
	}
	next.Run(t,
		chromedp.Location(&got.Blank),
		chromedp.Navigate(page1),
		chromedp.Evaluate(`document.cookie`, &got.Cookie),
		chromedp.Evaluate(`localStorage.getItem("k") || ""`, &got.Local),
		chromedp.Evaluate(`sessionStorage.getItem("k") || ""`, &got.Session),
		chromedp.Evaluate(`window.innerWidth`, &got.Width),
		chromedp.Evaluate(`matchMedia("(prefers-color-scheme: dark)").matches`, &got.Dark),
		chromedp.Evaluate(`matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0`, &got.Touch),
		chromedp.Evaluate(`window.leftOver === true`, &got.LeftOver),
		chromedp.Evaluate(`navigator.onLine`, &got.Online),
	)
	if got.Blank != "about:blank" {
		t.Errorf("the device came on %s, not a blank page", got.Blank)
	}
	if got.Cookie != "" || got.Local != "" || got.Session != "" {
		t.Errorf("left over: cookie %q, local storage %q, session storage %q", got.Cookie, got.Local, got.Session)
	}
	if got.Width != LaptopWidth || got.Touch {
		t.Errorf("a laptop after a phone is %d px wide, touch %v; want %d, no touch", got.Width, got.Touch, LaptopWidth)
	}
	var history []*page.NavigationEntry
	next.Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		_, history, err = page.GetNavigationHistory().Do(ctx)
		return err
	}))
	for _, e := range history {
		if e.URL == page1+"?again" {
			t.Errorf("the history still holds the first test's page %s", e.URL)
		}
	}
	if got.Dark || got.LeftOver || !got.Online {
		t.Errorf("left over: dark scheme %v, script for new documents %v, online %v", got.Dark, got.LeftOver, got.Online)
	}
	if heard != heardBefore {
		t.Errorf("the first test's listener heard %d events of the next test", heard-heardBefore)
	}
}

// deviceOf is the window a tab drives.
func deviceOf(t *testing.T, tab *Tab) target.ID {
	t.Helper()
	tab.Run(t) // attaches
	return chromedp.FromContext(tab.Ctx).Target.TargetID
}

// windowOf is the size of the window a tab drives.
func windowOf(t *testing.T, tab *Tab) (width, height int64) {
	t.Helper()
	var b *cdpbrowser.Bounds
	parent, _ := startBrowser()
	err := browserCall(parent, func(ctx context.Context) error {
		var err error
		_, b, err = cdpbrowser.GetWindowForTarget().WithTargetID(deviceOf(t, tab)).Do(ctx)
		return err
	})
	if err != nil {
		t.Fatalf("the device's window: %v", err)
	}
	return b.Width, b.Height
}

// A device whose window its test closed (as a player closes a tab) is not
// handed on, and clearing it says so at once rather than waiting out the
// deadline of each step that clears a device.
func TestADeviceWhoseWindowWasClosedIsNotHandedOn(t *testing.T) {
	var closed target.ID
	t.Run("a test that closes its window", func(t *testing.T) {
		tab := Phone(t)
		closed = deviceOf(t, tab)
		parent, _ := startBrowser()
		if err := browserCall(parent, func(b context.Context) error { return target.CloseTarget(closed).Do(b) }); err != nil {
			t.Fatalf("close the window: %v", err)
		}
		// The window goes a moment after the browser is told to close it.
		for deadline := time.Now().Add(10 * time.Second); windowThere(parent, closed) == nil; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the window is still there 10 s after the browser was told to close it")
			}
		}
		err := tab.clear(parent, device{id: closed})
		if err == nil || !strings.Contains(err.Error(), "the device's window") {
			t.Errorf("clearing a device whose window is closed: %v; want the window named as gone", err)
		}
	})
	if next := Phone(t); deviceOf(t, next) == closed {
		t.Fatal("the closed window was handed on")
	}
}
