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
// 50 ms (in the page: see waitTrue); a refusal shown in an element of
// toasts (a selector list) fails the test with its words. It answers
// false when limit passes first.
func (tab *Tab) FrameAfter(t testing.TB, what string, before int64, toasts string, limit time.Duration) bool {
	t.Helper()
	state := fmt.Sprintf(`({now: %s, toast: Array.from(document.querySelectorAll(%q)).map(e => e.textContent).join(" ")})`, SeqJS, toasts)
	var got struct {
		Now   int64  `json:"now"`
		Toast string `json:"toast"`
	}
	met := fmt.Sprintf(`(s => s.toast !== "" || s.now > %d)`, before)
	if err := tab.ask(state, met, limit, &got); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if got.Toast != "" {
		t.Fatalf("%s was refused: %s", what, got.Toast)
	}
	return got.Now > before
}

// waitTrue asks the page js until it answers true (true) or limit has
// passed (false), through page loads.
func waitTrue(ctx context.Context, js string, limit time.Duration) bool {
	var ok bool
	return askUntil(ctx, "(!!("+js+"))", "(v => v)", limit, &ok) == nil && ok
}

// ask is askUntil on the tab.
func (tab *Tab) ask(state, met string, limit time.Duration, out any) error {
	return chromedp.Run(tab.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		return askUntil(ctx, state, met, limit, out)
	}))
}

// askUntil reads state (a JavaScript expression) in the page every 50 ms
// until met (a JavaScript function of it) answers true or limit passes,
// and puts the last reading in out. A read that throws counts as not met.
//
// The page asks itself, in one DevTools call that answers when it is
// done: asked from here every 50 ms, each ask was a round trip through
// the browser process to the renderer and back, for every device waiting
// in every test, and the web package's waits are many (docs/performance.md,
// round 23). A document that goes away (a page load) ends the call with
// an error, and the next document is asked for what is left of limit;
// when limit passes with no document answering, the last error is
// returned.
func askUntil(ctx context.Context, state, met string, limit time.Duration, out any) error {
	deadline := time.Now().Add(limit)
	var err error
	for left := limit; left > 0; left = time.Until(deadline) {
		js := fmt.Sprintf(askJS, left.Milliseconds(), state, met)
		if err = chromedp.Evaluate(js, out, AwaitPromise).Do(ctx); err == nil || ctx.Err() != nil {
			return err
		}
		time.Sleep(50 * time.Millisecond) // between documents: ask the next one
	}
	return err
}

// askJS reads a state (%[2]s) every 50 ms until it meets %[3]s or %[1]d ms
// have passed, and answers the last reading.
const askJS = `new Promise(done => {
	const end = Date.now() + %[1]d;
	const ask = () => {
		let s, ok = false;
		try { s = %[2]s; ok = !!((%[3]s)(s)); } catch (e) { s = undefined; }
		if (ok || Date.now() >= end) done(s === undefined ? null : s); else setTimeout(ask, 50);
	};
	ask();
})`
