package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// The end of a game is a winner screen on every device, live: the podium in
// rank order, every score with its breakdown, "You win!" on the winner's
// phone, and on the laptop "Play again with the same players", which opens
// a new game with the same seats.
func TestBrowserEveryScreenShowsTheWinnerAndTheHostPlaysAgain(t *testing.T) {
	t.Parallel()
	tb := newScreenTable(t, "scorepad", nil)
	host := hostDevice(t, tb.app)
	for _, s := range []struct{ seat, points int }{{0, 7}, {1, 12}, {0, 2}} {
		if code, body := host.command(tb.id, "score", map[string]int{"seat": s.seat, "points": s.points}, ""); code != 200 {
			t.Fatalf("score: %d %s", code, body)
		}
	}
	for _, p := range tb.phones {
		p.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	}
	tb.host.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)))
	tb.host.Run(t, chromedp.Click(`#sheet .sheet-confirm:has(.choice-finish) > summary`, chromedp.ByQuery))
	tb.host.Tap(t, `#sheet .choice-finish`)
	for i, tab := range append([]*testenv.Tab{tb.host}, tb.phones...) {
		var podium string
		line := "Ben wins!"
		if i == 2 { // Ben's own phone
			line = "You win!"
		}
		tab.Run(t, testenv.WaitText(`#win-line`, line), chromedp.Text(`#winner .podium`, &podium, chromedp.ByQuery))
		if i, j := strings.Index(podium, "Ben"), strings.Index(podium, "Ana"); i < 0 || j < i || !strings.Contains(podium, "12") {
			t.Fatalf("podium %q: want Ben (12) above Ana (9)", podium)
		}
	}
	waitGone(t, tb.phones[0], `#sheet`) // nothing left to write, without a reload
	checkScreen(t, tb.phones[0], "winner-phone360")
	var n int
	tb.phones[1].Run(t, chromedp.Evaluate(`document.querySelectorAll("#play-again").length`, &n))
	if n != 0 {
		t.Fatal("a phone is offered to start the next game")
	}
	tb.host.Submit(t, `#play-again`, 200)
	var loc, seats string
	tb.host.Run(t, chromedp.Location(&loc), chromedp.Text(`#phones`, &seats, chromedp.ByQuery))
	if strings.HasSuffix(loc, gameURL(tb.app, tb.id)) || !strings.Contains(seats, "Ana") || !strings.Contains(seats, "Ben") {
		t.Fatalf("play again opened %s with seats %q", loc, seats)
	}
}
