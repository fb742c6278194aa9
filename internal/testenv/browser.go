package testenv

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// ChromiumPath is Debian's Chromium headless shell (the package
// chromium-headless-shell, which `make test` installs): the same Chromium,
// Blink and V8 as /usr/bin/chromium, built without the browser's own
// windows. The full browser in its headless mode still drew a toolbar and
// tab strip for every device and composited them in the browser and GPU
// processes: the shell spent about a fifth less CPU on the same tests
// (docs/performance.md, round 13). The browser tests use it unless
// TABLESIDE_CHROMIUM names another.
const ChromiumPath = "/usr/lib/chromium/chromium-headless-shell"

// chromium is the browser the tests drive.
func chromium() string {
	if p := os.Getenv("TABLESIDE_CHROMIUM"); p != "" {
		return p
	}
	return ChromiumPath
}

// Phone and laptop viewports.
const (
	PhoneWidth, PhoneHeight   = 390, 844
	LaptopWidth, LaptopHeight = 1366, 768
)

// Tab is one device: a window in an incognito browser context of the
// package's one Chromium (own cookies and storage, like a separate phone),
// handed on cleared from an earlier test or opened new (devices.go), a
// viewport, and a record of every URL it requested.
type Tab struct {
	Ctx   context.Context
	mu    sync.Mutex
	req   []string
	close func() // closes the device's window and its browser context, once
	// scheme is the colour scheme the tab's pages are told to prefer ("" for
	// the browser's own): AxeLightAndDark leaves the tab as it found it.
	scheme string
	// recording: the browser reports the tab's traffic (RecordNetwork).
	recording bool
	// pages are the addresses of the documents the tab opened, in any of
	// its frames (from the Page domain, which is always on): only their
	// origins can have stored anything (devices.go clear).
	pages []string
}

// browser is the one Chromium process a test binary drives: starting one
// per device cost a second or more each. Devices are isolated from each
// other by browser contexts, not by processes.
var browser struct {
	once    sync.Once
	ctx     context.Context // the browser's first tab; devices are new browser contexts off it
	cancel  func()
	profile string
	err     error
}

// startBrowser starts the shared Chromium on first use.
func startBrowser() (context.Context, error) {
	browser.once.Do(func() {
		path := chromium()
		if _, err := os.Stat(path); err != nil {
			browser.err = fmt.Errorf("browser tests need %s (run `make test`, which installs it, or set TABLESIDE_CHROMIUM): %w", path, err)
			return
		}
		profile, err := os.MkdirTemp("", "tableside-chromium-")
		if err != nil {
			browser.err = fmt.Errorf("profile dir: %w", err)
			return
		}
		browser.profile = profile
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox, // tests run as root in CI
			chromedp.DisableGPU,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("no-first-run", true),
			// Frames are drawn only when a test takes a picture (frames.go).
			chromedp.Flag("enable-begin-frame-control", !DrawFrames),
			chromedp.Flag("run-all-compositor-stages-before-draw", !DrawFrames),
			// An image of a megabyte or more decoded (the 512 px join QR
			// code is exactly one) may otherwise be left out of the first
			// frame that shows it and drawn in a later one, once decoded
			// aside (Chromium's checker imaging): a picture of that frame
			// (ElementPNG) would hold no code.
			chromedp.Flag("disable-checker-imaging", true),
			// V8 tiers no further than its baseline compiler. The scripts
			// the tests send (axe-core, most of all) took about 40 % of the
			// renderers' main-thread CPU in a trace of the web package;
			// axe-core runs a few hundred milliseconds in each new
			// document, too briefly, we think, for optimised code to pay
			// for its compiling. Measured, not reasoned: the web package
			// spent about 5 % less CPU (docs/performance.md, round 20).
			// The pages run the same code; only V8's tiers change.
			chromedp.Flag("js-flags", "--max-opt=1"),
			// One renderer per device, not one per page: the back-forward
			// cache (and the process swaps it makes on every navigation)
			// and the spare renderer kept warm for the next tab started
			// about five renderers a device, and every one costs a start.
			// No test goes back a page. (chromedp's own three stay off.)
			chromedp.Flag("disable-features", "site-per-process,Translate,BlinkGenPropertyTrees,"+
				"BackForwardCache,ProactivelySwapBrowsingInstance,RenderDocument,SpareRendererForSitePerProcess"),
			chromedp.UserDataDir(profile),
			// No desktop session bus here: without this, each screen wake
			// lock a phone page asks for (assets/static/nudge.js) has Chromium
			// look for one, which stalls every device for seconds.
			chromedp.Env("DBUS_SESSION_BUS_ADDRESS=disabled:"),
			chromedp.WindowSize(LaptopWidth, LaptopHeight),
		)
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(alloc)
		if err := chromedp.Run(ctx); err != nil { // starts the process
			cancel()
			cancelAlloc()
			browser.err = fmt.Errorf("start chromium %s: %w", path, err)
			return
		}
		browser.ctx = ctx
		browser.cancel = func() { cancel(); cancelAlloc() }
	})
	return browser.ctx, browser.err
}

// Main runs a test binary's tests and then stops the shared Chromium and
// removes its profile. A package with browser tests calls it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }
func Main(m *testing.M) int {
	code := m.Run()
	if browser.cancel != nil {
		browser.cancel()
	}
	if browser.profile != "" {
		// Chromium's helper processes may still write to the profile for a
		// moment after the browser is gone.
		for range 20 {
			if os.RemoveAll(browser.profile) == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	return code
}

// NewTab gives the test a device of the given size, as new (devices.go);
// phone devices emulate touch and a mobile screen. A missing
// Chromium fails the test: browser tests never skip.
func NewTab(t testing.TB, width, height int, phone bool) *Tab {
	t.Helper()
	return NewTabFor(t, width, height, phone, 240*time.Second)
}

// NewTabFor is NewTab for a test that plays longer than most (a whole
// game): the device lives for life.
func NewTabFor(t testing.TB, width, height int, phone bool, life time.Duration) *Tab {
	t.Helper()
	parent, err := startBrowser()
	if err != nil {
		t.Fatal(err)
	}
	d, err := takeDevice(parent)
	if err != nil {
		t.Fatalf("open a device: %v", err)
	}
	if err := d.size(parent, width, height); err != nil {
		disposeDevice(parent, d)
		t.Fatalf("size a device: %v", err)
	}
	// A session of its own on the device's window: what a test sets through
	// it (emulation, scripts for new documents, network conditions,
	// listeners) ends with it.
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithTargetID(d.id))
	// A whole test's life: generous, because the web suite runs its browser
	// tests side by side on two cores; a hang still ends well inside CI.
	ctx, cancelT := context.WithTimeout(ctx, life)
	tab := &Tab{Ctx: ctx}
	var once sync.Once
	tab.close = func() {
		once.Do(func() {
			// A failed test's device may be wedged, and one that cannot be
			// cleared completely is not handed on: both are closed.
			kept := !t.Failed() && tab.clear(parent, d) == nil
			if kept {
				kept = detach(parent, ctx) == nil
			}
			cancelT()
			cancel() // closes the device's window unless it was detached
			if kept {
				putDevice(parent, d)
			} else {
				disposeDevice(parent, d)
			}
		})
	}
	t.Cleanup(tab.close)
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			tab.mu.Lock()
			tab.req = append(tab.req, e.Request.URL)
			tab.mu.Unlock()
		case *page.EventFrameNavigated:
			tab.mu.Lock()
			tab.pages = append(tab.pages, e.Frame.URL)
			tab.mu.Unlock()
		}
	})
	view := chromedp.EmulateViewport(int64(width), int64(height))
	if phone {
		view = chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(3))
	}
	// chromedp turns on DevTools' CSS agent for every tab, which tracks and
	// reports every stylesheet of every page for a client that never asks
	// (no test reads styles through it: they ask the page, getComputedStyle):
	// off, a phone's renderer spends about 5% less a move and the browser
	// process about 15% less (BenchmarkLiveBoardPhones).
	//
	// It turns on the Network domain too, and with it the browser reports
	// every request, response and chunk, and every message of every live
	// stream (each frame's whole HTML), over DevTools to this process,
	// which decodes them all. Few tests read them: a tab records its
	// traffic only from RecordNetwork on. Off where no test reads it, the
	// web package's tests spent about 5 % less CPU (docs/performance.md,
	// round 23).
	if err := chromedp.Run(ctx, network.Disable(), css.Disable(), view); err != nil {
		t.Fatalf("open a browser context: %v", err)
	}
	return tab
}

// Close closes the device before its test ends: a screen the test no
// longer looks at would otherwise redraw every live update of the game
// (a whole game's worth of board renders) for nothing.
func (tab *Tab) Close() { tab.close() }

// Away takes the device to a blank page for a stretch nothing reads it
// (moves played through the tracker): on its game's page it would redraw
// every move's live frame. The test opens a page on it again to read it.
func (tab *Tab) Away(t testing.TB) {
	t.Helper()
	tab.Run(t, chromedp.Navigate("about:blank"))
}

// Phone starts a 390x844 touch device; Laptop a 1366x768 one.
func Phone(t testing.TB) *Tab  { return NewTab(t, PhoneWidth, PhoneHeight, true) }
func Laptop(t testing.TB) *Tab { return NewTab(t, LaptopWidth, LaptopHeight, false) }

// stepLimit bounds one Run: a selector that never appears (a frame that
// redrew the page under the test, a move that is not there) fails in this
// time with what the page shows, not at the end of the device's life with
// "context deadline exceeded" and nothing to go on.
const stepLimit = 90 * time.Second

// Run runs chromedp actions in the tab, failing the test on error with the
// page's address and the start of its text.
func (tab *Tab) Run(t testing.TB, actions ...chromedp.Action) {
	t.Helper()
	ctx := tab.Ctx
	// The first Run on a tab attaches to its target for the context it is
	// given, for good: that one must be the tab's own, not a step's.
	if c := chromedp.FromContext(tab.Ctx); c != nil && c.Target != nil {
		var cancel func()
		ctx, cancel = context.WithTimeout(tab.Ctx, stepLimit)
		defer cancel()
	}
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatalf("browser: %v\n%s", err, tab.shows())
	}
}

// AwaitPromise has chromedp.Evaluate wait for the promise its script
// returns (an async script: a fetch from the page, axe-core's run) and
// read its value.
func AwaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// shows is what the tab's page shows, for a failure message: its address
// and the first lines of its text ("" when the tab itself is gone).
func (tab *Tab) shows() string {
	ctx, cancel := context.WithTimeout(tab.Ctx, 10*time.Second)
	defer cancel()
	var url, text string
	if err := chromedp.Run(ctx, chromedp.Location(&url),
		chromedp.Evaluate(`document.body ? document.body.innerText : ""`, &text)); err != nil {
		return ""
	}
	if len(text) > 1500 {
		text = text[:1500] + "…"
	}
	return fmt.Sprintf("the page %s shows:\n%s", url, text)
}

// RecordNetwork has the browser report the tab's network traffic from now
// on: every URL it requests (Requests, AssertLocalOnly) and every message
// its live streams receive (network.EventEventSourceMessageReceived, to a
// chromedp.ListenTarget). Call it before the tab opens the pages whose
// traffic the test reads. A device starts with its traffic unreported
// (NewTabFor says why).
func (tab *Tab) RecordNetwork(t testing.TB) {
	t.Helper()
	tab.Run(t, network.Enable())
	tab.mu.Lock()
	tab.recording = true
	tab.mu.Unlock()
}

// Requests lists every URL the tab asked for since RecordNetwork, and
// fails the test when the tab was not told to record them: an empty list
// would prove nothing.
func (tab *Tab) Requests(t testing.TB) []string {
	t.Helper()
	tab.mu.Lock()
	defer tab.mu.Unlock()
	if !tab.recording {
		t.Fatal("the tab's requests were not recorded: call RecordNetwork before it opens its pages")
	}
	return append([]string(nil), tab.req...)
}

// AssertLocalOnly fails the test when the tab requested anything outside
// base since RecordNetwork (or was not recording).
func (tab *Tab) AssertLocalOnly(t testing.TB, base string) {
	t.Helper()
	for _, u := range tab.Requests(t) {
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
		if waitTrue(ctx, js, 15*time.Second) {
			return nil
		}
		var last string
		chromedp.Evaluate(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || "(no element)"`, sel), &last).Do(ctx)
		return fmt.Errorf("waited 15s for %q in %s; it shows: %.300s", text, sel, last)
	})
}

// WaitShown waits until an element matching sel is on the page and shown
// (the way to wait for what a tap brings up), and fails after 15 s saying
// what it waited for, not after a step's 90 s with "context deadline
// exceeded".
func WaitShown(sel string) chromedp.Action {
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden"; })()`, sel)
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if waitTrue(ctx, js, 15*time.Second) {
			return nil
		}
		return fmt.Errorf("waited 15s for %s to show", sel)
	})
}

// Submit clicks a button that posts a form and waits for the page it leads
// to, failing the test unless that page answered with want (e.g. 200).
func (tab *Tab) Submit(t testing.TB, sel string, want int) {
	t.Helper()
	// The response is read off the Network domain's events: on for the
	// click, when the tab is not recording anyway.
	tab.mu.Lock()
	recording := tab.recording
	tab.mu.Unlock()
	if !recording {
		tab.Run(t, network.Enable())
		defer tab.Run(t, network.Disable())
	}
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

// Tap taps a move on the move sheet, which sends it with fetch and leaves
// the page where it is, and waits for the live update that follows (the
// page's seq grows). A refusal shown under the move fails the test with
// its words. It waits for the frame to be drawn, not only heard: a board
// with a territory selected fetches its region again (app.js data-drawn).
func (tab *Tab) Tap(t testing.TB, sel string) {
	t.Helper()
	before := tab.Seq(t)
	tab.Run(t, chromedp.Click(sel, chromedp.ByQuery))
	if !tab.FrameAfter(t, "tap "+sel, before, ".sheet-toast", 15*time.Second) {
		t.Fatalf("tap %s: no live update came within 15s", sel)
	}
}
