package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
)

// stubVisibility lets a test hide and show the page as a phone does when it
// is locked or another app comes to the front: __setHidden(true) says the
// page is hidden and fires visibilitychange, as the browser would.
const stubVisibility = `(() => {
  let hidden = false;
  Object.defineProperty(Document.prototype, "visibilityState", {get() { return hidden ? "hidden" : "visible"; }, configurable: true});
  Object.defineProperty(Document.prototype, "hidden", {get() { return hidden; }, configurable: true});
  window.__setHidden = (h) => { hidden = h; document.dispatchEvent(new Event("visibilitychange")); };
})();`

// stubWakeLock stands for a browser with the Screen Wake Lock (a phone on
// https): it counts the locks asked for, held and released, and records
// every vibration asked for.
const stubWakeLock = `(() => {
  const n = window.__nudge = {requests: 0, releases: 0, held: 0, vibrations: []};
  const wakeLock = {request(type) {
    n.requests++;
    const listeners = [];
    const s = {type, released: false,
      addEventListener(t, fn) { if (t === "release") listeners.push(fn); },
      release() {
        if (!s.released) { s.released = true; n.releases++; n.held--; listeners.forEach(f => f()); }
        return Promise.resolve();
      }};
    n.held++;
    return Promise.resolve(s);
  }};
  Object.defineProperty(Navigator.prototype, "wakeLock", {get() { return wakeLock; }, configurable: true});
  Navigator.prototype.vibrate = function (p) { n.vibrations.push(JSON.stringify(p)); return true; };
  n.notes = 0;
  const osc = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { n.notes++; return osc.call(this); };
})();`

// noWakeLock stands for a phone on the table's plain-http address, where
// browsers offer no Screen Wake Lock.
const noWakeLock = `(() => {
  delete Navigator.prototype.wakeLock;
  window.__nudge = {vibrations: []};
  Navigator.prototype.vibrate = function (p) { window.__nudge.vibrations.push(JSON.stringify(p)); return true; };
})();`

// beforeEveryPage runs js in every page the tab opens from now on, before
// the page's own scripts.
func beforeEveryPage(t *testing.T, tab *testenv.Tab, js string) {
	t.Helper()
	tab.Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(js).Do(ctx)
		return err
	}))
}

// passInPage answers "pass" from the page itself (its own cookie), without
// leaving it, so the page hears the change by its live stream.
func passInPage(t *testing.T, tab *testenv.Tab, game int64, idem string) {
	t.Helper()
	var status int
	tab.Run(t, chromedp.Evaluate(fmt.Sprintf(`fetch("/games/%d/commands", {method: "POST",
		headers: {"Content-Type": "application/json", "Accept": "application/json"},
		body: JSON.stringify({type: "pass", idem: %q})}).then(r => r.status)`, game, idem), &status,
		testenv.AwaitPromise))
	if status != 200 {
		t.Fatalf("pass from the page: status %d", status)
	}
}

// jsNumber evaluates a number in the tab.
func jsNumber(t *testing.T, tab *testenv.Tab, expr string) int {
	t.Helper()
	var n int
	tab.Run(t, chromedp.Evaluate(expr, &n))
	return n
}

// secretsTwoPhones starts a Secrets game for Ana and Ben; Ana is an HTTP
// phone, Ben a Chromium phone with the given stubs in every page.
func secretsTwoPhones(t *testing.T, stubs string) (*device, *testenv.Tab, int64) {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{Games: []engine.Rules{testgames.Secrets{}}, PhonesNotHost: true})
	host := hostDevice(t, app)
	game := host.createGame("secrets", "Ana", "Ben")
	join := joinURLFromQR(t, host, game)
	ana := newDevice(t, app)
	ana.join(join, game, 0)
	ben := testenv.Phone(t)
	ben.RecordNetwork(t)
	beforeEveryPage(t, ben, stubs)
	seatPhone(t, app, ben, game, "Ben")
	t.Cleanup(func() { ben.AssertLocalOnly(t, app.URL) })
	return ana, ben, game
}

// While the table waits for a phone, its screen stays on by the Screen Wake
// Lock, asked again when the page is shown after being hidden and released
// when hidden or no longer waited for; when its move arrives by a live
// update the phone vibrates and its title says so. Turning vibration off is
// remembered on the phone.
func TestPhoneTheTableWaitsForHoldsAWakeLockAndIsNudgedWhenItsMoveArrives(t *testing.T) {
	t.Parallel()
	ana, ben, game := secretsTwoPhones(t, stubVisibility+stubWakeLock)
	ben.Run(t, testenv.WaitText(`#turn`, "Waiting for Ana"))
	ben.WaitFor(t, `document.documentElement.dataset.awake === "off"`, "the nudges to start")
	if n := jsNumber(t, ben, `__nudge.requests`); n != 0 {
		t.Fatalf("Ben's phone asked for %d wake locks while the table waits for Ana; want 0", n)
	}

	if code, body := ana.command(game, testgames.CmdPass, nil, "ana-1"); code != 200 {
		t.Fatalf("Ana passes: %d %s", code, body)
	}
	ben.Run(t, testenv.WaitText(`#turn .decision`, "Your move"))
	ben.WaitFor(t, `__nudge.held === 1 && document.documentElement.dataset.awake === "lock"`, "the wake lock on Ben's move")
	ben.WaitFor(t, `document.title.startsWith("● Your move")`, `the "● Your move" title`)
	if n := jsNumber(t, ben, `__nudge.vibrations.length`); n != 1 {
		t.Fatalf("Ben's phone vibrated %d times when his move arrived; want 1", n)
	}

	ben.Run(t, chromedp.Evaluate(`__setHidden(true)`, nil))
	ben.WaitFor(t, `__nudge.held === 0 && __nudge.releases === 1 && document.documentElement.dataset.awake === "off"`,
		"the wake lock released when the page is hidden")
	ben.Run(t, chromedp.Evaluate(`__setHidden(false)`, nil))
	ben.WaitFor(t, `__nudge.requests === 2 && __nudge.held === 1`, "the wake lock asked again when the page is shown")

	passInPage(t, ben, game, "ben-1")
	ben.WaitFor(t, `__nudge.held === 0 && !document.title.includes("Your move") && document.documentElement.dataset.awake === "off"`,
		"the lock released and the title restored once the table waits for Ana again")

	// Ben turns vibration off and the chime on (which plays it once, from
	// that tap): his next move changes the title, keeps the screen on and
	// chimes, without a vibration, and the phone remembers it.
	if n := jsNumber(t, ben, `__nudge.notes`); n != 0 {
		t.Fatalf("Ben's phone chimed (%d notes) with the chime off", n)
	}
	ben.Run(t, chromedp.Click(`#nudge summary`, chromedp.ByQuery), chromedp.Click(`input[name=nudge-vibrate]`, chromedp.ByQuery),
		chromedp.Click(`input[name=nudge-chime]`, chromedp.ByQuery))
	ben.WaitFor(t, `!document.querySelector("input[name=nudge-vibrate]").checked && __nudge.notes === 2`, "vibration off, the chime on and heard once")
	if code, body := ana.command(game, testgames.CmdPass, nil, "ana-2"); code != 200 {
		t.Fatalf("Ana passes again: %d %s", code, body)
	}
	ben.WaitFor(t, `__nudge.held === 1 && document.title.startsWith("● Your move")`, "the lock and title on Ben's next move")
	if n := jsNumber(t, ben, `__nudge.vibrations.length`); n != 1 {
		t.Fatalf("with vibration off, Ben's phone vibrated again (%d in all); want 1", n)
	}
	if n := jsNumber(t, ben, `__nudge.notes`); n != 4 {
		t.Fatalf("with the chime on, Ben's move played %d notes in all; want the two of the try and two more", n)
	}
	ben.Run(t, chromedp.Reload(), testenv.WaitText(`#turn .decision`, "Your move"))
	ben.WaitFor(t, `!document.querySelector("input[name=nudge-vibrate]").checked && document.querySelector("input[name=nudge-wake]").checked &&
	  document.querySelector("input[name=nudge-chime]").checked`,
		"the settings remembered after a reload")
}

// A phone without the Screen Wake Lock (plain http) keeps its screen on
// with the shipped silent video, looping unmuted after a tap while the
// table waits for it, paused when the page is hidden or no longer waited
// for.
func TestPhoneWithoutAWakeLockKeepsItsScreenOnWithTheLoopedVideo(t *testing.T) {
	t.Parallel()
	ana, ben, game := secretsTwoPhones(t, stubVisibility+noWakeLock)
	if code, body := ana.command(game, testgames.CmdPass, nil, "ana-1"); code != 200 {
		t.Fatalf("Ana passes: %d %s", code, body)
	}
	ben.Run(t, testenv.WaitText(`#turn .decision`, "Your move"))
	var hasLock bool
	ben.Run(t, chromedp.Evaluate(`"wakeLock" in navigator`, &hasLock))
	if hasLock {
		t.Fatal("the stub left the Screen Wake Lock in place: this test would not try the video")
	}
	ben.Run(t, chromedp.Click(`.seatbar`, chromedp.ByQuery)) // the first tap
	playing := `(() => { const v = document.getElementById("awake-video");
	  return !!v && !v.paused && !v.muted && v.loop && v.currentTime > 0 && /\/static\/.*\/awake\.(mp4|webm)$/.test(v.currentSrc) &&
	    document.documentElement.dataset.awake === "video"; })()`
	ben.WaitFor(t, playing, "the stay-awake video playing")
	ben.WaitFor(t, `document.title.startsWith("● Your move") && __nudge.vibrations.length === 1`, "the title and the vibration")

	ben.Run(t, chromedp.Evaluate(`__setHidden(true)`, nil))
	ben.WaitFor(t, `document.getElementById("awake-video").paused && document.documentElement.dataset.awake === "off"`, "the video paused when hidden")
	ben.Run(t, chromedp.Evaluate(`__setHidden(false)`, nil))
	ben.WaitFor(t, playing, "the video playing again when shown")

	passInPage(t, ben, game, "ben-1")
	ben.WaitFor(t, `document.getElementById("awake-video").paused && document.documentElement.dataset.awake === "off" && !document.title.includes("Your move")`,
		"the video paused once the table waits for Ana")
}
