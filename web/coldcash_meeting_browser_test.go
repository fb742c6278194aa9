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
	"tableside/internal/testenv"
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
	sp.host.Close() // the meeting is tapped on the phones: the host's board need not redraw every move
	sp.host = nil
	sp.away() // the phones are read from the meeting's call on
	caller, id := sp.untilMeetingOffered()
	sp.back()
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
		sp.seats[v].WaitSeq(t, seq, sheetOffers, "the ballot")
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

// A bank-mode stockholders' meeting tapped through on three phones, with the
// room's TV watching: Ana, on turn, calls Festival's meeting with Cy for CEO
// on her phone; Cy accepts on his; Ana votes for and Ben (Festival's CEO)
// against on theirs. At each step only the phone whose answer the table
// waits for offers it (the call only to Ana, the acceptance only to Cy, a
// ballot only to a stockholder who has not voted), each phone's result line
// is its own, and the TV shows the meeting: the card with each vote and the
// count, then the result, and the call and the result on its ticker. The
// phones keep their 44 px targets and pass axe-core, as does the TV; the
// call takes two taps (its fold, then the call), each answer one.
func TestBrowserColdCashBankMeetingOnPhones(t *testing.T) {
	t.Parallel()
	app, hostTab, _ := hostLaptop(t)
	id := hostDevice(t, app).createGame("coldcash", "Ana", "Ben", "Cy")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben, cy := watch(t, "Ana", testenv.Phone(t)), watch(t, "Ben", testenv.NewTab(t, 390, 844, true)), watch(t, "Cy", testenv.Phone(t))
	phones := []*screen{ana, ben, cy}
	for _, p := range phones {
		seatPhone(t, app, p.tab, id, p.name)
	}
	tv := testenv.NewTab(t, 1280, 720, false)
	tv.Run(t, chromedp.Navigate(roomTV(t, app, id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))

	// Festival for Ben (its CEO, with the founder's free share); Ana buys 2;
	// the turns come round to Ana again.
	must := hostDevice(t, app).commander(id)
	must(coldcash.CmdFound, map[string]any{"company": "c5", "seat": 1, "size": 6})
	must(coldcash.CmdBuy, map[string]any{"seat": 0, "company": "c5", "count": 2})
	for range 3 {
		must(coldcash.CmdTurn, nil)
	}
	ana.tab.Run(t, testenv.WaitText(`#turn`, "Your turn."))

	// offers waits for each phone's wanted moves, and fails a phone that
	// is not asked anything yet offers one of refuse.
	offers := func(when string, want map[*screen][]string, refuse ...string) {
		t.Helper()
		// A phone's wanted moves are there once the table's last move reached it.
		for p, sels := range want {
			for _, sel := range sels {
				p.tab.Run(t, chromedp.WaitReady(`#turn [data-sheet]`, chromedp.ByQuery))
				revealMove(t, p.tab, `#turn `+sel)
			}
		}
		for _, p := range phones {
			for _, sel := range want[p] {
				if countMoves(t, p.tab, `#turn `+sel) == 0 {
					t.Fatalf("%s: %s's phone does not offer %s", when, p.name, sel)
				}
			}
			for _, sel := range refuse {
				if n := countMoves(t, p.tab, `#turn `+sel); len(want[p]) == 0 && n != 0 {
					t.Errorf("%s: %s's phone offers %s, which is not theirs to answer", when, p.name, sel)
				}
			}
			// The sheet as a thumb finds it: every fold closed again.
			p.tab.Run(t, chromedp.Evaluate(`document.querySelectorAll("[data-sheet] details[open]").forEach(d => { d.open = false; })`, nil))
		}
	}
	call := `.choice-meeting-c5-2`
	offers("before the call", map[*screen][]string{ana: {call}}, `[class*="choice-meeting-"]`)
	taps := map[string]int{}
	taps["call"] = tapMove(t, ana.tab, `#turn `+call)

	// Cy is asked, on his phone only; the TV says whom the table waits for.
	offers("the nomination", map[*screen][]string{cy: {`.choice-accept`, `.choice-decline`}}, `.choice-accept`, `.choice-decline`, `[class*="choice-vote-"]`, `[class*="choice-meeting-"]`)
	tv.Run(t, testenv.WaitText(`.coup-moment`, "waiting for Cy to accept"))
	checkPhones(t, "the nomination", phones)
	taps["accept"] = tapMove(t, cy.tab, `#turn .choice-accept`)

	// The vote: Ana (2 shares) and Ben (1) each have a ballot; Cy holds none.
	offers("the vote", map[*screen][]string{ana: {`.choice-vote-for-0`, `.choice-vote-against-0`}, ben: {`.choice-vote-for-1`, `.choice-vote-against-1`}},
		`[class*="choice-vote-"]`, `.choice-accept`)
	taps["Ana's vote"] = tapMove(t, ana.tab, `#turn .choice-vote-for-0`)
	offers("Ana's ballot cast", map[*screen][]string{ben: {`.choice-vote-for-1`, `.choice-vote-against-1`}}, `[class*="choice-vote-"]`)
	tv.Run(t, testenv.WaitText(`.coup-moment`, "2 ✓ for"), testenv.WaitText(`.coup-moment`, "1 to vote"))
	testenv.Axe(t, tv, "the TV during the vote")
	taps["Ben's vote"] = tapMove(t, ben.tab, `#turn .choice-vote-against-1`)

	// The result: the TV's card and ticker, and each phone its own line.
	tv.Run(t, testenv.WaitText(`.coup-moment`, "Cy is the new CEO"), testenv.WaitText(`.coup-moment`, "2 for"), testenv.WaitText(`.coup-moment`, "1 against"),
		testenv.WaitText(`#feed`, "Cy is elected CEO of Festival, 2 to 1."), testenv.WaitText(`#feed`, "Ana calls a stockholders' meeting of Festival and nominates Cy."))
	testenv.Axe(t, tv, "the TV after the vote")
	own := map[*screen]string{
		ana: "Cy is now CEO of Festival, elected 2 shares to 1; Ben is out",
		ben: "You are no longer CEO of Festival: Cy was elected 2 shares to 1",
		cy:  "You are now CEO of Festival: elected 2 shares to 1",
	}
	for _, p := range phones {
		p.tab.Run(t, testenv.WaitText(`#feed`, own[p]), chromedp.WaitVisible(`.coup-line`, chromedp.ByQuery))
		for q, line := range own {
			if q != p {
				p.keeps(t, "after the vote", line)
			}
		}
	}
	offers("after the vote", nil, `[class*="choice-vote-"]`, `.choice-accept`, `[class*="choice-meeting-"]`)
	checkPhones(t, "after the vote", phones)
	// The call is folded (a meeting is not an everyday move): its fold,
	// then the call; each answer is one tap.
	for what, most := range map[string]int{"call": 2, "accept": 1, "Ana's vote": 1, "Ben's vote": 1} {
		if taps[what] > most {
			t.Errorf("%s took %d taps; want %d at most", what, taps[what], most)
		}
	}
	t.Logf("taps: %v", taps)
}

// countMoves counts the moves matching sel on a phone's sheet, its folds
// fetched first (sheet.js fetches a fold's moves when it opens): a move
// folded away is still offered. The count is taken in the same ask that
// finds every fold fetched and kept on the page (a live frame between two
// asks would draw the folds unfetched again), then read.
func countMoves(t *testing.T, tab *testenv.Tab, sel string) int {
	t.Helper()
	tab.WaitFor(t, `(() => {
		const lazy = document.querySelectorAll("[data-sheet] details.sheet-more[data-lazy]");
		lazy.forEach(d => { d.open = true; });
		if (lazy.length > 0) return false;
		window.countedMoves = document.querySelectorAll(`+jsString(sel)+`).length;
		return true; })()`, "every fold of the sheet fetched, to count "+sel)
	var n int
	tab.Run(t, chromedp.Evaluate(`window.countedMoves`, &n))
	return n
}

// checkPhones fails a phone with a tap target under 44 px, a page that
// scrolls sideways, or an axe-core violation.
func checkPhones(t *testing.T, when string, phones []*screen) {
	t.Helper()
	for _, p := range phones {
		if probs := p.tab.LayoutProblems(t); len(probs) > 0 {
			t.Errorf("%s: %s's phone: %v", when, p.name, probs)
		}
		testenv.Axe(t, p.tab, fmt.Sprintf("%s's phone at %s", p.name, when))
	}
}
