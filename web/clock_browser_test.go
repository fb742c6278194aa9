package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
	"tableside/tracker"
)

// The soft limit's nudge appears on the waited-for phone when the limit
// passes, with no change to the game to bring it; the other phone never
// gets it.
func TestBrowserTurnClockNudgeAppearsOnTheWaitedForPhoneOnly(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Games: []engine.Rules{testgames.Turns{}}})
	clk := &testClock{}
	clk.at(0)
	app.Tracker.Now = clk.Now
	info, err := app.Tracker.Create(context.Background(), "turns", "Clock night", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	hostTab := testenv.Laptop(t)
	app.MakeHost(t, hostTab)
	hostTab.Run(t, chromedp.Navigate(gameURL(app, info.ID)), chromedp.WaitVisible(`#clock-toggle`, chromedp.ByQuery))
	ana, ben := joinTwoPhones(t, app, info.ID)
	for _, p := range []*screen{ana, ben} {
		p.tab.Run(t, chromedp.WaitVisible(`#turn`, chromedp.ByQuery))
	}
	// 58 s into Ana's decision the host sets a 1 min limit: every screen
	// hears of it at once, Ana's nudge drawn hidden, due in 2 s.
	clk.at(58 * time.Second)
	if _, err := app.Tracker.SetClock(context.Background(), info.ID, engine.Host, tracker.ClockSetting{Limit: 60}); err != nil {
		t.Fatal(err)
	}
	seq := logLength(t, app, info.ID)
	ana.tab.Run(t, chromedp.WaitVisible(`#clock-nudge`, chromedp.ByQuery))
	if got := text(t, ana.tab, `#clock-nudge`); got != "Time is up: past the 1 min limit. No rush, it is only a nudge." {
		t.Fatalf("Ana's nudge says %q", got)
	}
	hostTab.Run(t, chromedp.WaitVisible(`.clock-seat .clock-over`, chromedp.ByQuery))
	if after := logLength(t, app, info.ID); after != seq {
		t.Fatalf("something happened in the game while the nudge came (seq %d -> %d)", seq, after)
	}
	var others int
	ben.tab.Run(t, testenv.WaitText(`#turn`, "Waiting for Ana"), chromedp.Evaluate(`document.querySelectorAll('#clock-nudge, .clock-seats').length`, &others))
	if others != 0 {
		t.Fatalf("Ben's phone shows %d clock nudges or time lists", others)
	}
}
