package testenv

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// ChromiumPath is Debian's Chromium, which `make test` installs.
const ChromiumPath = "/usr/bin/chromium"

// Phone and laptop viewports.
const (
	PhoneWidth, PhoneHeight   = 390, 844
	LaptopWidth, LaptopHeight = 1280, 800
)

// Tab is one device: its own headless Chromium with its own profile (own
// cookies, like a separate phone), a viewport, and a record of every URL it
// requested.
type Tab struct {
	Ctx context.Context
	mu  sync.Mutex
	req []string
}

// NewTab starts a device of the given size; phone devices emulate touch and
// a mobile screen. A missing Chromium fails the test: browser tests never skip.
func NewTab(t testing.TB, width, height int, phone bool) *Tab {
	t.Helper()
	if _, err := os.Stat(ChromiumPath); err != nil {
		t.Fatalf("browser tests need %s (run `make test`, which installs it): %v", ChromiumPath, err)
	}
	// Chromium's helper processes may still write to the profile for a moment
	// after the browser is gone, which makes t.TempDir's own cleanup fail the
	// test; this profile is removed with a few retries instead.
	profile, err := os.MkdirTemp("", "tableside-chromium-")
	if err != nil {
		t.Fatalf("profile dir: %v", err)
	}
	t.Cleanup(func() {
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(ChromiumPath),
		chromedp.NoSandbox, // tests run as root in CI
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(width, height),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelT := context.WithTimeout(ctx, 120*time.Second)
	t.Cleanup(func() { cancelT(); cancel(); cancelAlloc() })
	tab := &Tab{Ctx: ctx}
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			tab.mu.Lock()
			tab.req = append(tab.req, e.Request.URL)
			tab.mu.Unlock()
		}
	})
	view := chromedp.EmulateViewport(int64(width), int64(height))
	if phone {
		view = chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(3))
	}
	if err := chromedp.Run(ctx, network.Enable(), view); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return tab
}

// Phone starts a 390x844 touch device; Laptop a 1280x800 one.
func Phone(t testing.TB) *Tab  { return NewTab(t, PhoneWidth, PhoneHeight, true) }
func Laptop(t testing.TB) *Tab { return NewTab(t, LaptopWidth, LaptopHeight, false) }

// Run runs chromedp actions in the tab, failing the test on error.
func (tab *Tab) Run(t testing.TB, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(tab.Ctx, actions...); err != nil {
		t.Fatalf("browser: %v", err)
	}
}

// Requests lists every URL the tab asked for so far.
func (tab *Tab) Requests() []string {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	return append([]string(nil), tab.req...)
}

// AssertLocalOnly fails the test when the tab requested anything outside base.
func (tab *Tab) AssertLocalOnly(t testing.TB, base string) {
	t.Helper()
	for _, u := range tab.Requests() {
		if !strings.HasPrefix(u, base) && !strings.HasPrefix(u, "data:") {
			t.Errorf("page requested %s, outside the server %s", u, base)
		}
	}
}

// WaitText waits until the element matching sel contains text: the way to
// wait for a live update to land. It keeps asking through page loads.
func WaitText(sel, text string) chromedp.Action {
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.textContent.includes(%q); })()`, sel, text)
	return chromedp.ActionFunc(func(ctx context.Context) error {
		deadline := time.Now().Add(15 * time.Second)
		var last string
		for time.Now().Before(deadline) {
			var ok bool
			if err := chromedp.Evaluate(js, &ok).Do(ctx); err == nil && ok {
				return nil
			}
			time.Sleep(50 * time.Millisecond)
		}
		chromedp.Evaluate(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || "(no element)"`, sel), &last).Do(ctx)
		return fmt.Errorf("waited 15s for %q in %s; it shows: %.300s", text, sel, last)
	})
}

// Submit clicks a button that posts a form and waits for the page it leads
// to, failing the test unless that page answered with want (e.g. 200).
func (tab *Tab) Submit(t testing.TB, sel string, want int) {
	t.Helper()
	resp, err := chromedp.RunResponse(tab.Ctx, chromedp.Click(sel, chromedp.ByQuery))
	if err != nil {
		t.Fatalf("submit %s: %v", sel, err)
	}
	if resp == nil || int(resp.Status) != want {
		status := 0
		if resp != nil {
			status = int(resp.Status)
		}
		t.Fatalf("submit %s: status %d, want %d", sel, status, want)
	}
}
