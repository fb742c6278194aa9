package web_test

import (
	"encoding/json"
	"fmt"
	htmlpkg "html"
	"regexp"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/internal/testenv"
)

// feedOf is a page's feed section ("" when it has none).
var feedSection = regexp.MustCompile(`(?s)<section id="feed"[^>]*>(.*?)</section>`)

func feedOf(page string) string {
	if m := feedSection.FindStringSubmatch(page); m != nil {
		return m[1]
	}
	return ""
}

// The TV's ticker carries the money moves and the battles, one line each,
// newest first: not the founding and the turns the host's feed tells.
func TestTheTVTickerCarriesMoneyMovesAndBattles(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{})
	host := hostDevice(t, app)
	id := host.createGameWith("coldcash", map[string]any{"mode": "bank"}, "Ana", "Ben")
	for _, c := range []struct{ typ, data string }{
		{"found", `{"company":"c3","seat":1,"size":2}`},
		{"buy", `{"seat":0,"company":"c3","count":1}`},
		{"turn", `{"seat":1}`},
		{"buy", `{"seat":1,"company":"c3","count":2}`},
	} {
		if code, body := host.command(id, c.typ, json.RawMessage(c.data), ""); code >= 300 {
			t.Fatalf("%s %s: %d %s", c.typ, c.data, code, body)
		}
	}
	_, hostPage := host.get(fmt.Sprintf("/games/%d", id))
	if f := feedOf(hostPage); !strings.Contains(f, "founded") {
		t.Errorf("the host's feed does not tell the founding: %s", f)
	}
	_, tv := newDevice(t, app).get(fmt.Sprintf("/games/%d/tv", id))
	f := feedOf(tv)
	ben, ana := strings.Index(f, "Ben bought 2"), strings.Index(f, "Ana bought 1")
	if ben < 0 || ana < 0 || ben > ana {
		t.Errorf("the TV's ticker does not carry both buys, newest first: %s", f)
	}
	if strings.Contains(f, "founded") || strings.Contains(f, "turn") {
		t.Errorf("the TV's ticker carries a line that moved no money: %s", f)
	}
}

// A stockholders' meeting is on the TV's ticker in both of Cold Cash Risk's
// modes, in the engine's words: the call and the result (the acceptance and
// each ballot are on the coup card, not the ticker).
func TestTheTVTickerCarriesTheStockholdersMeetings(t *testing.T) {
	for _, mode := range []string{"bank", "board"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			app := testenv.StartWith(t, testenv.Options{Seed: testenv.Seeds(roomSeed)})
			host := hostDevice(t, app)
			if mode == "bank" {
				id := host.createGameWith("coldcash", nil, "Ana", "Ben")
				must := bankMeetingCalled(host, id)
				must(coldcash.CmdVote, map[string]any{"seat": 0, "for": true})
				must(coldcash.CmdVote, map[string]any{"seat": 1, "for": false})
				checkMeetingTicker(t, app, id, "Ana calls a stockholders' meeting of Festival and nominates Ana.", "Ana is elected CEO of Festival, 2 to 1.")
				return
			}
			id := host.createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app"}, "Ana", "Ben")
			sp := &sheetPlay{t: t, app: app, id: id, rules: coldcash.Rules{}, seats: make([]*testenv.Tab, 2)}
			caller, _ := sp.untilMeetingOffered()
			sp.send(func(ms []engine.Move) engine.Move {
				for _, m := range ms {
					if m.Type == coldcash.CmdMeeting && strings.HasSuffix(m.ID, fmt.Sprintf("-%d", caller)) {
						return m
					}
				}
				return firstOfAny(coldcash.CmdVote)(ms)
			}, func(st engine.State) bool { return st.(*coldcash.State).Coup != nil })
			var call, result string
			app.Tracker.State(t.Context(), id, func(st engine.State, _ int64) {
				s := st.(*coldcash.State)
				k := s.Coup
				call = fmt.Sprintf("%s calls a stockholders' meeting of ", s.Seats[k.Caller].Name)
				result = "The vote fails"
				if k.Elected {
					result = fmt.Sprintf("%s is elected CEO of", s.Seats[k.Nominee].Name)
				}
			})
			checkMeetingTicker(t, app, id, call, result)
		})
	}
}

// checkMeetingTicker fails a game whose TV ticker does not carry the
// meeting's call and result, or carries a ballot.
func checkMeetingTicker(t *testing.T, app *testenv.App, id int64, call, result string) {
	t.Helper()
	_, tv := newDevice(t, app).get(fmt.Sprintf("/games/%d/tv", id))
	f := htmlpkg.UnescapeString(feedOf(tv))
	c, r := strings.Index(f, call), strings.Index(f, result)
	if c < 0 || r < 0 || r > c {
		t.Errorf("the TV's ticker does not carry the meeting's call (%q) and, newer, its result (%q): %s", call, result, f)
	}
	if strings.Contains(f, " votes ") {
		t.Errorf("the TV's ticker carries a ballot: %s", f)
	}
}
