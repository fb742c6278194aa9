package testenv

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// A device is a window of the shared Chromium in an incognito browser
// context of its own: its own cookies and storage, like a separate phone,
// and its own renderer. Opening and closing one cost about 0.7 s of CPU,
// and most browser tests open three or four, so a device a test is done
// with is cleared completely and handed to the next test that asks for one
// instead of closed:
//   - what the test set through its session (viewport and touch emulation,
//     colour scheme, scripts run on new documents, network conditions,
//     script execution, listeners) ends with the session: every test
//     attaches a session of its own and the old one is detached;
//   - the page is left for about:blank (an open dialog dismissed, a pending
//     navigation stopped) and its history forgotten;
//   - the browser context's cookies and HTTP cache are cleared, and the
//     origin the test reached loses its storage (local, session, IndexedDB,
//     caches, service workers); a device that reached more than one origin
//     is closed instead, as its other origins' session storage is out of
//     reach.
//
// TestAHandedOnDeviceKeepsNothingOfItsLastTest checks each of these.
type device struct {
	bc   cdp.BrowserContextID
	id   target.ID // its window's page
	w, h int       // its window's size, once sized (size)
}

// maxIdle bounds the devices kept open between tests: the web package runs
// a few browser tests side by side, never dozens.
const maxIdle = 8

var devices struct {
	mu   sync.Mutex
	idle []device
}

// browserCall runs f on the shared browser's own connection (safe from many
// tests at once), bounded in time.
func browserCall(parent context.Context, f func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(parent, 30*time.Second)
	defer cancel()
	return f(cdp.WithExecutor(ctx, chromedp.FromContext(parent).Browser))
}

// takeDevice hands out an idle device, or opens a new one.
func takeDevice(parent context.Context) (device, error) {
	devices.mu.Lock()
	if n := len(devices.idle); n > 0 {
		d := devices.idle[n-1]
		devices.idle = devices.idle[:n-1]
		devices.mu.Unlock()
		return d, nil
	}
	devices.mu.Unlock()
	// A fresh incognito browser context, and a window in it. (chromedp's
	// WithNewBrowserContext opens a tab without a window, which headless
	// Chromium refuses: "no browser is open".)
	var d device
	err := browserCall(parent, func(b context.Context) error {
		var err error
		if d.bc, err = target.CreateBrowserContext().Do(b); err != nil {
			return fmt.Errorf("new browser context: %w", err)
		}
		d.id, err = target.CreateTarget("about:blank").WithBrowserContextID(d.bc).WithNewWindow(true).WithEnableBeginFrameControl(!DrawFrames).Do(b)
		return err
	})
	return d, err
}

// putDevice keeps a cleared device for the next test, or closes it when
// enough are kept.
func putDevice(parent context.Context, d device) {
	devices.mu.Lock()
	if len(devices.idle) < maxIdle {
		devices.idle = append(devices.idle, d)
		devices.mu.Unlock()
		return
	}
	devices.mu.Unlock()
	disposeDevice(parent, d)
}

// size makes the device's window the device's size. The GPU process draws
// every frame of every window in software, window-sized: a phone in a
// window the laptop's size was three times the pixels for nothing. (The
// page's viewport is set by emulation either way.)
//
// A device handed on at the size asked for is not sized again: most tests
// ask for the size the last test used, and that saves two calls a tab.
func (d *device) size(parent context.Context, width, height int) error {
	if d.w == width && d.h == height {
		return nil
	}
	return browserCall(parent, func(b context.Context) error {
		w, _, err := cdpbrowser.GetWindowForTarget().WithTargetID(d.id).Do(b)
		if err != nil {
			return fmt.Errorf("the device's window: %w", err)
		}
		if err := cdpbrowser.SetWindowBounds(w, &cdpbrowser.Bounds{Width: int64(width), Height: int64(height), WindowState: cdpbrowser.WindowStateNormal}).Do(b); err != nil {
			return err
		}
		d.w, d.h = width, height
		return nil
	})
}

// disposeDevice closes a device's window and its browser context.
func disposeDevice(parent context.Context, d device) {
	browserCall(parent, func(b context.Context) error { return target.DisposeBrowserContext(d.bc).Do(b) })
}

// clear leaves the device as a new one: no page, no history, no cookies,
// nothing stored by any origin the test reached, nothing cached. An error
// means the device could not be cleared (its window closed by the test, a
// page that would not leave) and must not be handed on.
func (tab *Tab) clear(parent context.Context, d device) error {
	if c := chromedp.FromContext(tab.Ctx); c == nil || c.Target == nil || tab.Ctx.Err() != nil {
		return errors.New("the device's session is gone")
	}
	// A window the test closed answers no command on its session: asked
	// first, the browser says so at once, where the steps below would each
	// wait out their deadline (20 s of a test's end, for nothing).
	if err := windowThere(parent, d.id); err != nil {
		return fmt.Errorf("the device's window: %w", err)
	}
	ctx, cancel := context.WithTimeout(tab.Ctx, 20*time.Second)
	defer cancel()
	// Session storage belongs to the window and can only be reached from a
	// page of its origin: the page the test left it on. A device that
	// reached another origin as well is closed, not handed on.
	origins := tab.origins()
	var on string
	err := chromedp.Run(ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			page.HandleJavaScriptDialog(false).Do(ctx) // "no dialog is showing" is the usual answer
			return page.StopLoading().Do(ctx)
		}),
		chromedp.Evaluate(`(() => { try { sessionStorage.clear(); return location.origin; } catch (e) { return ""; } })()`, &on),
	)
	if err != nil {
		return err
	}
	if len(origins) > 1 || (len(origins) == 1 && origins[0] != on) {
		return fmt.Errorf("the device reached %v; its session storage can be cleared on %q only", origins, on)
	}
	err = chromedp.Run(ctx,
		chromedp.Navigate("about:blank"),
		chromedp.ActionFunc(func(ctx context.Context) error {
			for _, o := range origins {
				if err := storage.ClearDataForOrigin(o, "all").Do(ctx); err != nil {
					return fmt.Errorf("clear %s's storage: %w", o, err)
				}
			}
			if err := network.ClearBrowserCache().Do(ctx); err != nil {
				return fmt.Errorf("clear the cache: %w", err)
			}
			return page.ResetNavigationHistory().Do(ctx)
		}),
	)
	if err != nil {
		return err
	}
	return browserCall(parent, func(b context.Context) error {
		return storage.ClearCookies().WithBrowserContextID(d.bc).Do(b)
	})
}

// windowThere asks the browser for a window: an error once it is closed.
func windowThere(parent context.Context, id target.ID) error {
	return browserCall(parent, func(b context.Context) error {
		_, err := target.GetTargetInfo().WithTargetID(id).Do(b)
		return err
	})
}

// origins lists the origins of every http(s) document the tab opened, in
// any frame: what a page stores (local and session storage, IndexedDB,
// caches, service workers) belongs to its document's origin, and cookies
// are cleared for the whole browser context. A fetch to another origin
// stores nothing there but cookies.
func (tab *Tab) origins() []string {
	seen := map[string]bool{}
	var out []string
	tab.mu.Lock()
	pages := append([]string(nil), tab.pages...)
	tab.mu.Unlock()
	for _, u := range pages {
		p, err := url.Parse(u)
		if err != nil || (p.Scheme != "http" && p.Scheme != "https") {
			continue
		}
		o := p.Scheme + "://" + p.Host
		if !seen[o] {
			seen[o] = true
			out = append(out, o)
		}
	}
	return out
}

// detach ends a tab's session on its device without closing the window:
// chromedp closes the window of a context it cancels while attached, so the
// context is told it has none before it is cancelled.
func detach(parent, ctx context.Context) error {
	c := chromedp.FromContext(ctx)
	if c == nil || c.Target == nil {
		return errors.New("no session")
	}
	err := browserCall(parent, func(b context.Context) error {
		return target.DetachFromTarget().WithSessionID(c.Target.SessionID).Do(b)
	})
	if err != nil {
		return fmt.Errorf("detach: %w", err)
	}
	c.Target = nil
	return nil
}
