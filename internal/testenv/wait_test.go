package testenv

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The waits ask the page in the page: one that is met later answers as
// soon as it is, one met only on the next document (the page loads
// another) is met there, a condition that throws counts as not met, and
// one never met answers false when its limit passes. FrameAfter answers
// the frame drawn after a step, and fails on a refusal shown instead
// (its failure caught by a fake testing.TB).
func TestWaitsAskThePageThroughPageLoads(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		switch r.URL.Path {
		case "/later":
			// The step grows to 3 by timers, one every 100 ms.
			w.Write([]byte(`<!doctype html><title>later</title><div data-live data-seq="1"></div><p class="toast"></p>
<script>let n = 1; const tick = setInterval(() => { document.querySelector("[data-live]").setAttribute("data-drawn", ++n); if (n === 3) clearInterval(tick); }, 100);</script>`))
		case "/moves-on":
			w.Write([]byte(`<!doctype html><title>first</title><script>setTimeout(() => location.href = "/there", 200);</script>`))
		case "/there":
			w.Write([]byte(`<!doctype html><title>there</title><p id="arrived">arrived</p>`))
		case "/refused":
			w.Write([]byte(`<!doctype html><title>refused</title><div data-live data-seq="5"></div><p class="toast"></p>
<script>setTimeout(() => document.querySelector(".toast").textContent = "Not your move", 100);</script>`))
		}
	}))
	defer srv.Close()
	tab := Phone(t)

	tab.Run(t, chromedp.Navigate(srv.URL+"/later"))
	if !tab.FrameAfter(t, "the step after 2", 2, ".toast", 10*time.Second) {
		t.Error("FrameAfter: the step grew past 2, but it answered false")
	}
	if tab.FrameAfter(t, "a step that never comes", 3, ".toast", 300*time.Millisecond) {
		t.Error("FrameAfter: the page stays at step 3, but it answered true for a step past 3")
	}
	if got := tab.Seq(t); got != 3 {
		t.Errorf("the page shows step %d, want 3", got)
	}

	tab.Run(t, chromedp.Navigate(srv.URL+"/moves-on"))
	start := time.Now()
	tab.WaitFor(t, `document.getElementById("arrived").textContent === "arrived"`, "the next page (the condition throws on the first)")
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("the next page loads after 200 ms, but the wait took %v", waited)
	}

	start = time.Now()
	var never bool
	tab.Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
		never = waitTrue(ctx, `document.title === "never"`, 300*time.Millisecond)
		return nil
	}))
	if never || time.Since(start) < 300*time.Millisecond {
		t.Errorf("a condition never met answered %v after %v; want false after its 300 ms", never, time.Since(start))
	}

	tab.Run(t, chromedp.Navigate(srv.URL+"/refused"))
	ft := &fakeT{TB: t}
	func() {
		defer func() { recover() }() // fakeT's Fatalf
		tab.FrameAfter(ft, "the tap", 5, ".toast", 10*time.Second)
	}()
	if !ft.failed || !strings.Contains(strings.Join(ft.msgs, ""), "the tap was refused: Not your move") {
		t.Errorf("FrameAfter on a refusal shown: failed %v, %v", ft.failed, ft.msgs)
	}
}
