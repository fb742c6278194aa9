package web_test

import (
	"fmt"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/internal/testenv"
)

// The coup moment (partials/moments.html): while a stockholders' meeting
// votes and after its tally, the TV and the host show its card (the
// company, the caller, the nominee against the CEO, each open vote and the
// count, then the result), and each seated phone one line under its sheet.
func TestCoupMomentShowsTheVoteOnEveryScreen(t *testing.T) {
	t.Parallel()
	app, host, phone, id := momentTable(t, boardMoments, "Ana", "Ben")
	sp := &sheetPlay{t: t, app: app, id: id, rules: coldcash.Rules{}, seats: make([]*testenv.Tab, 2)}
	caller, _ := sp.untilMeetingOffered()
	meeting := func(ms []engine.Move) engine.Move {
		for _, m := range ms {
			if m.Type == coldcash.CmdMeeting && strings.HasSuffix(m.ID, fmt.Sprintf("-%d", caller)) {
				return m
			}
		}
		return firstOfAny(coldcash.CmdMeeting, coldcash.CmdAccept, coldcash.CmdVote)(ms)
	}
	pages := func() map[string]string { return coupScreens(t, app, host, phone, id) }
	// The vote under way: one ballot cast.
	sp.send(meeting, func(st engine.State) bool {
		m := st.(*coldcash.State).Meeting
		return m != nil && m.Accepted && len(m.Votes) == 1
	})
	for screen, page := range pages() {
		checkCoup(t, screen, page, "nominates", "to vote", "More shares for than against elects")
	}
	sp.send(meeting, func(st engine.State) bool { return st.(*coldcash.State).Coup != nil })
	for screen, page := range pages() {
		checkCoup(t, screen, page, "for", "against")
		if !strings.Contains(page, "new CEO") && !strings.Contains(page, "stays CEO") && !strings.Contains(page, " elected") && !strings.Contains(page, " stays") {
			t.Errorf("%s: the coup's result is not told", screen)
		}
	}
}

// boardMoments are the settings of the moment tests' board-mode game: the
// app deals the cards, so the room test's seed (roomSeed) fixes the game.
var boardMoments = map[string]any{"mode": "board", "deck": "app"}

// momentTable starts a server whose dice and deals are the room test's
// (roomSeed), with a Cold Cash Risk game of the settings for players, and
// a phone seated as the first of them: the moment tests' table.
func momentTable(t *testing.T, settings map[string]any, players ...string) (app *testenv.App, host, phone *device, id int64) {
	t.Helper()
	app = testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Seed: testenv.Seeds(roomSeed)})
	host = hostDevice(t, app)
	id = host.createGameWith("coldcash", settings, players...)
	phone = newDevice(t, app)
	phone.join(joinURLFromQR(t, host, id), id, 0)
	return app, host, phone, id
}

// coupScreens fetches the game's page as the TV, the host and the phone
// see it, by screen name.
func coupScreens(t *testing.T, app *testenv.App, host, phone *device, id int64) map[string]string {
	out := map[string]string{}
	_, out["TV"] = newDevice(t, app).get(fmt.Sprintf("/games/%d/tv", id))
	_, out["host"] = host.get(fmt.Sprintf("/games/%d", id))
	_, out["phone"] = phone.get(fmt.Sprintf("/games/%d", id))
	return out
}

// checkCoup fails a screen without its coup moment: the card on the TV and
// the host, the line under the sheet on a phone, each saying want.
func checkCoup(t *testing.T, screen, page string, want ...string) {
	t.Helper()
	card, line := strings.Contains(page, `class="card moment coup-moment"`), strings.Contains(page, `class="moment-line coup-line"`)
	if screen == "phone" {
		if card || !line {
			t.Errorf("phone: the coup is drawn as a card %v, as a line %v; want the line only", card, line)
		}
		want = want[:0] // a phone's line says the count, not the card's words
		for _, w := range []string{"for CEO", "for,", "against"} {
			want = append(want, w)
		}
	} else if !card || line {
		t.Errorf("%s: the coup is drawn as a card %v, as a line %v; want the card only", screen, card, line)
	}
	at := strings.Index(page, `id="coup-moment"`)
	if at < 0 {
		return
	}
	end := min(len(page), at+3000)
	for _, w := range want {
		if !strings.Contains(page[at:end], w) {
			t.Errorf("%s: the coup moment does not say %q: %s", screen, w, page[at:end])
		}
	}
}

// bankMeetingCalled brings a two-player bank game to a called meeting:
// Festival for Ben (its CEO), Ana buys 2, the turns come round to Ana, who
// calls its meeting and nominates herself. It returns the host's commander.
func bankMeetingCalled(host *device, id int64) func(string, map[string]any) {
	must := host.commander(id)
	must(coldcash.CmdFound, map[string]any{"company": "c5", "seat": 1, "size": 6})
	must(coldcash.CmdBuy, map[string]any{"seat": 0, "company": "c5", "count": 2})
	must(coldcash.CmdTurn, nil)
	must(coldcash.CmdTurn, nil)
	must(coldcash.CmdMeeting, map[string]any{"company": "c5", "nominee": 0})
	return must
}

// The same moment for a bank-mode game, which has no map: Ana, on turn,
// calls Festival's meeting and nominates herself (the host sends the moves
// the engine offers, as at a table without phones); while the vote is on
// and after the tally the TV and the host draw the card, Ana's phone the
// line; the votes are open (the rulebook's), each with its visible shares.
func TestCoupMomentShowsABankGamesVote(t *testing.T) {
	t.Parallel()
	app, host, phone, id := momentTable(t, nil, "Ana", "Ben")
	must := bankMeetingCalled(host, id)
	must(coldcash.CmdVote, map[string]any{"seat": 0, "for": true})
	pages := func() map[string]string { return coupScreens(t, app, host, phone, id) }
	for screen, page := range pages() {
		checkCoup(t, screen, page, "Festival", "Ana nominates", "2 ✓ for", "Ben", "1 to vote", "More shares for than against elects Ana")
	}
	must(coldcash.CmdVote, map[string]any{"seat": 1, "for": false})
	for screen, page := range pages() {
		checkCoup(t, screen, page, "Ana is the new CEO", "2 for", "1 against", "elected")
	}
	// The coup is the news of Ana's turn: once it ends, the moment goes.
	must(coldcash.CmdTurn, nil)
	for screen, page := range pages() {
		if strings.Contains(page, `id="coup-moment"`) {
			t.Errorf("%s: the coup is still drawn on Ben's turn", screen)
		}
	}
}
