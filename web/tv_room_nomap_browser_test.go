package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/coldcash"
	"tableside/engine/takeover"
	"tableside/internal/testenv"
)

// The games without a map, each played through the real server by the
// moves its engine offers and watched by a 1080p and a 720p TV (checkRoom):
// early, late and at the end (and Cold Cash Risk's bank mode at a merger
// and a stockholders' meeting), each TV fits its screen without scrolling,
// says whose move it is, every player's name and cash, coins, cards or
// score, and every company's name and price (Takeover's stacks), in
// sofa-sized type, breaks no word and passes axe-core.
func TestTVRoomGamesWithoutAMap(t *testing.T) {
	for _, g := range []struct {
		name string
		play func(t *testing.T, app *testenv.App, id int64, sample func(string))
	}{
		{"coldcash-bank", playBankRoom},
		{"takeover", playTakeoverRoom},
		{"cashcrash", playCashCrashRoom},
		{"scorepad", playScorePadRoom},
	} {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Seed: testenv.Seeds(roomSeed)})
			players := map[string][]string{
				"coldcash-bank": {"Ana", "Ben", "Cy", "Dee", "Evangeline"},
				"takeover":      {"Ana", "Ben", "Cy", "Dee"},
				"cashcrash":     {"Ana", "Ben", "Cy", "Dee", "Evangeline"},
				"scorepad":      {"Ana", "Ben", "Cy", "Dee", "Evangeline", "Flo"},
			}[g.name]
			kind, _, _ := strings.Cut(g.name, "-")
			id := hostDevice(t, app).createGameWith(kind, nil, players...)
			tvs := openRoomTVs(t, app, id, players...)
			seen := map[string]bool{}
			g.play(t, app, id, func(at string) {
				seen[at] = true
				checkRoom(t, tvs, g.name+"-"+at)
			})
			checkRoom(t, tvs, g.name+"-end")
			checkWinnerMark(t, app, id, g.name)
			if g.name == "scorepad" {
				checkPodiumOnPhone(t, app, id, players)
			}
			for _, w := range []string{"early", "late"} {
				if !seen[w] {
					t.Errorf("%s never reached its %s sample: sampled %v", g.name, w, seen)
				}
			}
		})
	}
}

// playBankRoom plays Cold Cash Risk's bank mode as the host plays it for
// the table: each turn founds a company (up to six), buys three shares and
// ends; then a merger, answered holder by holder; then more turns, a
// stockholders' meeting and its result, and the short game's end.
func playBankRoom(t *testing.T, app *testenv.App, id int64, sample func(string)) {
	sp := &sheetPlay{t: t, app: app, id: id, rules: coldcash.Rules{}}
	stage := "early" // then "merge", "late", "end"
	founded := false
	policy := func(ms []engine.Move) engine.Move {
		var buys []engine.Move
		for _, m := range ms {
			switch {
			case m.Type == coldcash.CmdDispose,
				stage == "merge" && strings.HasPrefix(m.ID, "merge-"),
				stage == "end" && m.ID == "end-short":
				if stage == "merge" {
					stage = "late"
				}
				return m
			case m.Type == coldcash.CmdBuy && strings.HasSuffix(m.ID, "-3"):
				buys = append(buys, m)
			}
		}
		// Each turn buys three of a company in turn, so every player comes
		// to hold several.
		if len(buys) > 0 {
			return buys[len(ms)%len(buys)]
		}
		// One company founded a turn, until six are.
		if m, ok := moveOf(ms, coldcash.CmdFound); ok && !founded {
			founded = true
			return m
		}
		if m, ok := moveOf(ms, coldcash.CmdTurn); ok {
			founded = false
			return m
		}
		return ms[0]
	}
	sp.send(policy, func(st engine.State) bool { return st.(*coldcash.State).TurnNo >= 5 })
	sample("early")
	stage = "merge"
	sp.send(policy, func(st engine.State) bool { return st.(*coldcash.State).Merger != nil })
	sample("merger")
	sp.send(policy, func(st engine.State) bool {
		s := st.(*coldcash.State)
		return s.Merger == nil && s.TurnNo >= 16
	})
	sample("late")
	// A stockholders' meeting: the first player on turn who may call one
	// nominates themself; every vote is cast for.
	stage = "coup"
	coup := func(ms []engine.Move) engine.Move {
		for _, m := range ms {
			if m.Type == coldcash.CmdMeeting && strings.HasSuffix(m.ID, fmt.Sprintf("-%d", m.Seat)) || strings.HasPrefix(m.ID, "vote-for-") {
				return m
			}
		}
		return policy(ms)
	}
	sp.send(coup, func(st engine.State) bool {
		m := st.(*coldcash.State).Meeting
		return m != nil && m.Accepted && len(m.Votes) > 0
	})
	sample("coup")
	sp.send(coup, func(st engine.State) bool { return st.(*coldcash.State).Coup != nil })
	sample("coup-result")
	stage = "end"
	sp.send(policy, never)
}

// playTakeoverRoom deals Takeover's tiles, drafts, chooses stock and cash,
// and merges until no merge is left: early is the first merges, late the
// board after eight.
func playTakeoverRoom(t *testing.T, app *testenv.App, id int64, sample func(string)) {
	sp := &sheetPlay{t: t, app: app, id: id, rules: takeover.Rules{}, seats: make([]*testenv.Tab, 4)}
	play := firstOfAny(takeover.CmdDeal, takeover.CmdDraft, takeover.CmdConceal, takeover.CmdMerge, takeover.CmdPass)
	sp.send(play, func(st engine.State) bool { return st.(*takeover.State).Merges >= 1 })
	sample("early")
	sp.send(play, func(st engine.State) bool { return st.(*takeover.State).Merges >= 8 })
	sample("late")
	sp.send(play, never)
}

// playCashCrashRoom plays Cash or Crash: the host starts, each player
// stakes and bids, and the bid is challenged at once: early is the first
// round's bidding, late a round after the third reveal.
func playCashCrashRoom(t *testing.T, app *testenv.App, id int64, sample func(string)) {
	sp := &sheetPlay{t: t, app: app, id: id, rules: cashcrash.Rules{}, seats: make([]*testenv.Tab, 5)}
	bids := 0
	play := func(ms []engine.Move) engine.Move {
		// Three bids a round, then SELL!: a ladder to show.
		if bids >= 3 {
			if m, ok := moveOf(ms, cashcrash.CmdSell); ok {
				bids = 0
				return m
			}
		}
		m := firstOfAny(cashcrash.CmdStart, cashcrash.CmdStake, cashcrash.CmdAccept, cashcrash.CmdBid, cashcrash.CmdSell)(ms)
		if m.Type == cashcrash.CmdBid {
			bids++
		}
		return m
	}
	sp.send(play, func(st engine.State) bool { return st.(*cashcrash.State).Bid != nil })
	sample("early")
	sp.send(play, func(st engine.State) bool {
		s := st.(*cashcrash.State)
		return s.Round >= 4 && s.Bid != nil && len(s.Ladder) >= 2
	})
	sample("late")
	sp.send(play, never)
}

// playScorePadRoom writes each player's score round by round: early after
// two rounds, late after twelve, then the host ends the game.
func playScorePadRoom(t *testing.T, app *testenv.App, id int64, sample func(string)) {
	host := hostDevice(t, app)
	round := func(r int) {
		for seat := range 6 {
			if code, body := host.command(id, "score", map[string]any{"seat": seat, "points": (r*7+seat*5)%23 + 1}, fmt.Sprintf("r%d-%d", r, seat)); code != 200 {
				t.Fatalf("round %d, seat %d: %d %s", r, seat, code, body)
			}
		}
	}
	for r := range 12 {
		round(r)
		switch r {
		case 1:
			sample("early")
		case 11:
			sample("late")
		}
	}
	if code, body := host.command(id, "finish", nil, "finish"); code != 200 {
		t.Fatalf("finish: %d %s", code, body)
	}
}

// checkWinnerMark fails an ended Takeover, Cash or Crash or Cold Cash Risk
// (either mode) whose winner is marked by anything but the drawn trophy and
// a word (an emoji draws an empty box where no emoji font is installed, and
// a star of its own is a second mark): Takeover's final worth and Cold
// Cash's final scores mark the winner's row "Winner", Cash or Crash's last
// reveal says who "wins!".
func checkWinnerMark(t *testing.T, app *testenv.App, id int64, name string) {
	t.Helper()
	mark := `<span class="winner-mark"><svg class="trophy"`
	want := map[string]string{"takeover": mark, "coldcash-bank": mark, "coldcash": mark, "cashcrash": `<p class="big-msg"><svg class="trophy"`}[name]
	if want == "" {
		return
	}
	_, page := hostDevice(t, app).get(fmt.Sprintf("/games/%d", id))
	if !strings.Contains(page, want) || (want == mark && !strings.Contains(page, "</svg> Winner</span>")) || strings.Contains(page, "★") {
		t.Errorf("%s's end does not mark the winner with the drawn trophy and a word (%s)", name, want)
	}
}

// checkPodiumOnPhone opens a finished game's end on a 360 x 740 phone
// (the host's, as a second host device) and fails it when the podium does
// not list every one of players with each row wholly inside the screen's
// width and nothing in it clipped: six rows read as well as two. With
// -screens it keeps the phone's end (the score pad's rounds table beside
// it scrolls sideways by design: endFits would fail it).
func checkPodiumOnPhone(t *testing.T, app *testenv.App, id int64, players []string) {
	t.Helper()
	tab := testenv.NewTab(t, 360, 740, true)
	app.MakeHost(t, tab)
	tab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#winner .podium`, chromedp.ByQuery))
	var names []string
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll("#winner .podium li")].filter(li => {
	  const r = li.getBoundingClientRect();
	  return r.width && r.left >= 0 && r.right <= document.documentElement.clientWidth + 0.5 &&
	    [li, ...li.children].every(e => e.scrollWidth <= e.clientWidth + 1 || getComputedStyle(e).display === "inline");
	}).map(li => li.querySelector("strong").textContent.trim())`, &names))
	if !slices.Equal(slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(players))) {
		t.Errorf("the phone's podium shows %q whole; want every player: %q", names, players)
	}
	if *screensDir != "" {
		var jpg []byte
		tab.Run(t, chromedp.Evaluate(`document.querySelector("#winner").scrollIntoView()`, nil), chromedp.CaptureScreenshot(&jpg))
		if err := os.WriteFile(filepath.Join(*screensDir, "end-scorepad-phone360.png"), jpg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
