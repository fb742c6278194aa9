package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine/coldcash"
	"tableside/internal/testenv"
)

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
	join := qrFromScreen(t, hostTab)
	ana, ben, cy := watch("Ana", testenv.Phone(t)), watch("Ben", testenv.NewTab(t, 390, 844, true)), watch("Cy", testenv.Phone(t))
	phones := []*screen{ana, ben, cy}
	for _, p := range phones {
		joinInBrowser(t, p.tab, join, p.name)
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
// folded away is still offered.
func countMoves(t *testing.T, tab *testenv.Tab, sel string) int {
	t.Helper()
	var n int
	tab.Run(t, chromedp.Poll(`(() => {
		const lazy = document.querySelectorAll("[data-sheet] details.sheet-more[data-lazy]");
		lazy.forEach(d => { d.open = true; });
		return lazy.length === 0 && document.querySelectorAll(`+jsString(sel)+`).length + 1; })()`, &n, chromedp.WithPollingTimeout(30e9)))
	return n - 1
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
