package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/internal/testenv"
)

// Cold Cash Risk in bank mode, step by step on the phones: the host founds
// a company for the player on turn each turn (the board is real; the bank
// is the app) until six trade (the most at once), and each phone plays its turns by its
// sheet (buy 3 of the first company on offer, then "End my turn"); then
// the host merges two companies and each holder answers the disposal on
// their phone. At every step on Ana's 360 x 740 phone and Ben's 390 x 844
// one, every everyday move of the step is inside the first screen,
// unscrolled (sheetPlay.onFirstScreen names each move's position when it
// is not), and after a change of step its first move is on the screen.
func TestBrowserColdCashBankEveryStepOnTheFirstScreen(t *testing.T) {
	t.Parallel()
	sp := sheetTableOf(t, "coldcash", coldcash.Rules{}, map[string]any{"mode": "bank"}, "")
	do := hostDevice(t, sp.app).commander(sp.id)
	sp.host.Close() // the game is played on the phones and by the host's commands
	for _, p := range sp.seats {
		p.Run(t, chromedp.Navigate(gameURL(sp.app, sp.id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	}
	names := []string{"Ana", "Ben"}
	state := func() (s *coldcash.State, seq int64) {
		s = &coldcash.State{}
		sp.app.Tracker.State(context.Background(), sp.id, func(st engine.State, q int64) { b, _ := json.Marshal(st); json.Unmarshal(b, s); seq = q })
		return
	}
	// look measures the step seat's phone shows once it shows the game
	// as it is now, then taps the move of id (its choice- class), or with
	// id "buy" the most of the first company on offer (plainSheetPick),
	// when the player's cash buys any.
	look := func(seat int, what, id string) {
		t.Helper()
		_, seq := state()
		tab := sp.seats[seat]
		tab.Run(t, testenv.Poll(fmt.Sprintf(`(%s)(%d)`, sheetReady, seq), nil, chromedp.WithPollingTimeout(20*time.Second)))
		where := fmt.Sprintf("%s's %d px phone, %s", names[seat], []int{360, 390}[seat], what)
		sp.steps.check(t, tab, where)
		var f firstScreen
		tab.Run(t, chromedp.Evaluate(`scrollTo(0, 0)`, nil), chromedp.Evaluate(firstScreenJS, &f))
		sp.onFirstScreen(f, where)
		if id == "buy" {
			tab.Run(t, chromedp.Evaluate(plainSheetPick, &id))
			if !strings.HasPrefix(id, "buy-") {
				return
			}
		}
		tab.Tap(t, "#turn .choice-"+id)
		sp.taps++
	}
	companies := []string{"c1", "c2", "c3", "c4", "c5", "c6"} // six active at most
	for turn := 0; turn < 2*len(companies)+2; turn++ {
		s, _ := state()
		seat := s.Turn
		if turn < len(companies) {
			// c1 the biggest, to survive the merger; none safe (11+).
			do("found", map[string]any{"company": companies[turn], "seat": seat, "size": map[bool]int{true: 10, false: 2 + turn}[turn == 0]})
		}
		what := fmt.Sprintf("turn %d (%d companies)", turn+1, min(turn+1, len(companies)))
		if turn > 0 { // the first turn buys nothing: its step is the founding fold and "End my turn"
			look(seat, what, "buy")
		}
		look(seat, what+", bought", "turn")
	}
	// The merger: c1 absorbs c2, which both players hold; each answers.
	s, _ := state()
	do("merge", map[string]any{"survivor": "c1", "defunct": "c2", "maker": s.Turn})
	for n := 0; ; n++ {
		s, _ := state()
		w, ok := coldcash.Rules{}.Waiting(s)
		if !ok || w.Decision != "merger.dispose" {
			break
		}
		if n == 4 {
			t.Fatalf("the merger still waits for %v after %d disposals", w.Seats, n)
		}
		look(w.Seats[0], "the merger's disposal", "sell-all")
	}
	if n := len(sp.deepest); n != 2 {
		t.Errorf("measured %d phone sizes; want 2", n)
	}
	sp.steps.checked(t, "bank mode")
	t.Logf("bank mode: %d taps; deepest everyday move per screen: %v", sp.taps, sp.deepest)
}
