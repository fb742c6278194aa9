package testenv

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// SeqJS is the step of the game a page shows: the live frame it has drawn
// (data-drawn on [data-live]), else the step it was served at (data-seq);
// 0 on a page that is not a game's.
const SeqJS = `(() => { const l = document.querySelector("[data-live]");
	return l ? parseInt(l.getAttribute("data-drawn") || l.getAttribute("data-seq") || "0", 10) : 0; })()`

// Seq is the step of the game the tab's page shows (SeqJS).
func (tab *Tab) Seq(t testing.TB) int64 {
	t.Helper()
	var seq int64
	tab.Run(t, chromedp.Evaluate(SeqJS, &seq))
	return seq
}

// waitLimit is how long WaitFor lets a page take. A wait that is met
// returns at once, so the limit costs time only when a test fails: it is
// the slowest wait a passing run has shown, a fold's own request for its
// moves while every web test runs on two cores (it once took over 15 s).
const waitLimit = time.Minute

// WaitFor waits until the page answers true to js, asked every 50 ms
// through page loads (js may act too, such as opening a fold: it runs
// again at each ask), and fails the test after waitLimit saying what it
// waited for and what the page shows.
func (tab *Tab) WaitFor(t testing.TB, js, what string) {
	t.Helper()
	tab.Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
		if waitTrue(ctx, js, waitLimit) {
			return nil
		}
		return fmt.Errorf("waited %v for %s", waitLimit, what)
	}))
}

// WaitSeq waits until the page shows the game at step seq or later and
// also holds (a JavaScript condition, such as a sheet with a move to tap;
// "" for none): the one way a test waits for a live frame it caused.
func (tab *Tab) WaitSeq(t testing.TB, seq int64, also, what string) {
	t.Helper()
	js := fmt.Sprintf("%s >= %d", SeqJS, seq)
	if also != "" {
		js += " && (" + also + ")"
	}
	tab.WaitFor(t, js, fmt.Sprintf("%s (the game at step %d)", what, seq))
}

// FrameAfter waits until the page shows a step past before (the move
// what, sent from the page, was taken and its frame drawn), asking every
// 50 ms; a refusal shown in an element of toasts (a selector list) fails
// the test with its words. It answers false when limit passes first.
func (tab *Tab) FrameAfter(t testing.TB, what string, before int64, toasts string, limit time.Duration) bool {
	t.Helper()
	toastJS := fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(e => e.textContent).join(" ")`, toasts)
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var now int64
		var toast string
		tab.Run(t, chromedp.Evaluate(SeqJS, &now), chromedp.Evaluate(toastJS, &toast))
		if toast != "" {
			t.Fatalf("%s was refused: %s", what, toast)
		}
		if now > before {
			return true
		}
	}
	return false
}

// waitTrue asks the page js every 50 ms, through page loads, until it
// answers true (true) or limit has passed (false).
func waitTrue(ctx context.Context, js string, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		var ok bool
		if err := chromedp.Evaluate(js, &ok).Do(ctx); err == nil && ok {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}
