package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// A stockholders' meeting in board mode, on two phones: the player on turn
// calls a meeting of the other's company with themselves for CEO in one
// tap (never folded, inside the first screen, unscrolled), and each
// stockholder answers it with one tap on their own phone. The turns before
// go through the tracker as the phones would send them. The taps are
// listed in docs/screens.md.
func TestColdCashMeetingAndVotesTakeOneTapEach(t *testing.T) {
	t.Parallel()
	sp := sheetTableOf(t, "coldcash", coldcash.Rules{}, map[string]any{"mode": "board", "deck": "app"}, "")
	caller, id := sp.untilMeetingOffered()
	taps := map[string]int{}
	// tap taps a move on seat's phone after checking that it is on the
	// sheet itself (not folded) and, when onScreen, that it is inside the
	// phone's first screen, unscrolled; it reports where the move ends.
	tap := func(seat int, what, sel string, onScreen bool) float64 {
		t.Helper()
		tab := sp.seats[seat]
		var at []float64
		tab.Run(t, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Evaluate(inFirstScreen+"("+jsString(sel)+")", &at))
		if at[0] < 0 {
			t.Errorf("seat %d, %s: %s is folded or hidden; want it on the sheet", seat, what, sel)
		}
		if onScreen && (at[0] <= 0 || at[0] > at[1] || at[2] != 0) {
			t.Errorf("seat %d, %s: %s ends at %.0f px of a %.0f px screen (scrolled %.0f px); want it on the screen", seat, what, sel, at[0], at[1], at[2])
		}
		tab.Tap(t, sel)
		taps[what]++
		return at[0] + at[2]
	}
	// The meeting's line, when it may be called, is on the action step:
	// on the phone's first screen, unscrolled, with two companies in play.
	pos := tap(caller, "call a meeting", "#sheet .choice-"+id, true)
	// Every stockholder votes, each with one tap on their own phone.
	for range 4 {
		seq, _, seats := sp.now()
		voting := false
		sp.app.Tracker.State(context.Background(), sp.id, func(st engine.State, _ int64) {
			voting = st.(*coldcash.State).Meeting != nil
		})
		if !voting {
			break
		}
		if len(seats) == 0 {
			t.Fatal("a meeting is open, yet the table waits for nobody")
		}
		v := seats[0]
		waitJS(t, sp.seats[v], fmt.Sprintf("(%s)(%d)", sheetReady, seq), "the ballot")
		tap(v, "vote", fmt.Sprintf(`#sheet .choice-vote-for-%d`, v), true)
	}
	if pos > []float64{740, 844}[caller] {
		t.Errorf("the meeting's button ends %.0f px down the page, below the %d px phone's first screen", pos, []int{740, 844}[caller])
	}
	if taps["vote"] == 0 {
		t.Fatal("the meeting was called, yet nobody voted")
	}
	sp.app.Tracker.State(context.Background(), sp.id, func(st engine.State, _ int64) {
		if m := st.(*coldcash.State).Meeting; m != nil {
			t.Errorf("after %d votes the meeting is still open: %+v", taps["vote"], m)
		}
	})
	t.Logf("taps: %v (caller seat %d, %s; on the %d px phone the meeting's button ends %.0f px down the page)", taps, caller, id, []int{360, 390}[caller], pos)
}

// untilMeetingOffered plays on, each player buying into a company the
// other runs, until a seat may call a meeting; it returns that seat and
// the move's id, and fails the test when the game ends first.
func (sp *sheetPlay) untilMeetingOffered() (caller int, id string) {
	sp.t.Helper()
	caller = -1
	ceo := map[string]int{} // read with the state, before each choice
	rest := firstOfAny(coldcash.CmdOpen, coldcash.CmdFound, coldcash.CmdDividends, coldcash.CmdDraw)
	buyIn := func(ms []engine.Move) engine.Move {
		for _, m := range ms {
			var d struct{ Company string }
			if m.Type == coldcash.CmdBuy && json.Unmarshal(m.Data, &d) == nil && ceo[d.Company] != m.Seat {
				return m
			}
		}
		return rest(ms)
	}
	sp.send(buyIn, func(st engine.State) bool {
		s := st.(*coldcash.State)
		clear(ceo)
		for _, c := range s.Companies {
			if c.Active {
				ceo[c.ID] = c.CEO
			}
		}
		caller, id = meetingOffered(st)
		return caller >= 0
	})
	if caller < 0 {
		sp.t.Fatal("the game ended before anyone could call a meeting")
	}
	return caller, id
}

// meetingOffered finds a seat whose sheet offers a meeting of a company it
// does not run, naming itself for CEO: that seat and the move's id.
func meetingOffered(st engine.State) (int, string) {
	s := st.(*coldcash.State)
	for seat := range s.Seats {
		for _, m := range (coldcash.Rules{}).Moves(st, engine.Viewer{Seat: seat}).Moves {
			if m.Type == coldcash.CmdMeeting && strings.HasSuffix(m.ID, fmt.Sprintf("-%d", seat)) && !m.Minor {
				return seat, m.ID
			}
		}
	}
	return -1, ""
}
