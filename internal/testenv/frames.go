package testenv

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/headlessexperimental"
	"github.com/chromedp/chromedp"
)

// DrawFrames says whether the devices draw their pages on the screen as a
// browser does, frame after frame. By default they do not: a device's page
// is parsed, styled, laid out and hit-tested as on any browser (each read a
// test makes lays the page out first), and its scripts, timers and live
// stream run as usual, but nothing is painted, rasterised or composited
// until a test takes a picture (ElementPNG), which draws one frame. Painting
// every live frame on every open screen was about a third of a browser
// test's CPU (the Cold Cash first game on two phones: 50 CPU-s drawn, 34
// not), and no test reads pixels but the pictures.
//
// A package whose tests save full-page screenshots for people to look at
// (the web package's -screens) sets it before the first device opens: its
// pictures then come from frames drawn as they always were.
//
// Without frames, what a browser does only while it draws does not happen:
// requestAnimationFrame callbacks, CSS animations and transitions, and the
// scroll and resize events it fires from its rendering steps. So a cash
// flash never fades (its animation never ends), mapzoom.js does not hear
// a pan and tv.js does not hear a resize. No test waits on any of them,
// and a test that does runs that part inside Drawing. chromedp.Poll
// (which polls on animation frames) would wait forever: use Tab.WaitFor.
var DrawFrames bool

// frames lets one device draw a frame at a time. Chromium's GPU process
// takes two devices' frames asked for at once as a protocol error ("Got
// overlapping IssueExternalBeginFrame"), exits, and after a few such exits
// the whole browser goes: with tests side by side, two join QR pictures
// taken at once did it (a picture read back as nothing, then every test's
// context cancelled).
var frames sync.Mutex

// beginFrame draws one frame of the tab in ctx, with a PNG picture of it
// when shot is set (nil when the frame held no picture).
func beginFrame(ctx context.Context, shot bool) ([]byte, error) {
	frames.Lock()
	defer frames.Unlock()
	f := headlessexperimental.BeginFrame()
	if shot {
		f = f.WithScreenshot(&headlessexperimental.ScreenshotParams{Format: headlessexperimental.ScreenshotParamsFormatPng})
	}
	_, b, err := f.Do(ctx)
	return b, err
}

// ElementPNG is a picture of the element sel on the tab's screen, as a
// camera pointed at it would see it: the element is scrolled into view and
// one frame is drawn.
func (tab *Tab) ElementPNG(t testing.TB, sel string) []byte {
	t.Helper()
	var shot []byte
	var box struct{ X, Y, W, H, ViewW float64 }
	tab.Run(t, chromedp.Evaluate(fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		e.scrollIntoView({block: "center", inline: "center"});
		const r = e.getBoundingClientRect();
		return {X: r.x, Y: r.y, W: r.width, H: r.height, ViewW: innerWidth};
	})()`, sel), &box), chromedp.ActionFunc(func(ctx context.Context) error {
		// The element is found by the page, not by a DevTools node id,
		// which a redraw that moves it (app.js keeps a picture by moving
		// it into the new markup) would leave pointing at nothing.
		if DrawFrames { // the window as drawn, frames coming as usual
			return chromedp.CaptureScreenshot(&shot).Do(ctx)
		}
		// The first frames after a page opens may come without a picture
		// (its renderer still starting): a few more are drawn.
		for range 20 {
			b, err := beginFrame(ctx, true)
			if err != nil || len(b) > 0 {
				shot = b
				return err
			}
			time.Sleep(20 * time.Millisecond)
		}
		return fmt.Errorf("20 frames drawn held no picture")
	}))
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("picture of %s: %v", sel, err)
	}
	// The picture is the window's, at one pixel per window pixel whatever
	// the device pixel ratio; a page without a viewport tag is shrunk to fit.
	k := float64(img.Bounds().Dx()) / box.ViewW
	r := image.Rect(int(box.X*k), int(box.Y*k), int((box.X+box.W)*k+0.5), int((box.Y+box.H)*k+0.5)).Intersect(img.Bounds())
	if r.Empty() {
		t.Fatalf("picture of %s: the element is not on the screen (%+v)", sel, box)
	}
	var out bytes.Buffer
	if err := png.Encode(&out, img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(r)); err != nil {
		t.Fatalf("picture of %s: %v", sel, err)
	}
	return out.Bytes()
}

// Drawing runs f while the tab draws frames as a browser does, about sixty
// a second: for what a browser does only as it draws, such as the
// finger-by-finger moves of a pinch, which it hands to the page at the next
// frame.
func (tab *Tab) Drawing(t testing.TB, f func()) {
	t.Helper()
	if DrawFrames {
		f()
		return
	}
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(16 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				// A frame refused (the page between documents) is tried
				// again at the next tick.
				chromedp.Run(tab.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := beginFrame(ctx, false)
					return err
				}))
			}
		}
	}()
	defer func() { close(stop); <-done }()
	f()
}
