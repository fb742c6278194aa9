package attack

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// bad is one malformed command: sent by seat (-1: the host) as a raw JSON
// body, it must be answered with code and a message naming want.
type bad struct {
	seat int
	body string
	code int
	want string
}

// sendBad posts each bad command to game against the real binary and checks
// the answer names the problem and the game's exported log is unchanged.
func sendBad(t *testing.T, s *Server, game int64, phones []*Client, cases []bad) {
	t.Helper()
	log := s.Log(game)
	for _, c := range cases {
		who := s.Host
		if c.seat >= 0 {
			who = phones[c.seat]
		}
		resp, body := who.Do(who.Request(http.MethodPost, fmt.Sprintf("/games/%d/commands", game), strings.NewReader(c.body),
			"Content-Type", "application/json", "Accept", "application/json"))
		var e struct{ Error string }
		json.Unmarshal([]byte(body), &e)
		if resp.StatusCode != c.code || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s by seat %d: %d %.300s; want %d naming %q", c.body, c.seat, resp.StatusCode, body, c.code, c.want)
		}
	}
	if got := s.Log(game); got != log {
		t.Errorf("refused commands changed the log:\n%s\nwas:\n%s", got, log)
	}
}

// Bad input to every game, from joined phones and the host, against the
// real binary: refused naming the field, and nothing written.
func TestBadInputPerEngineIsRefusedAndNothingWritten(t *testing.T) {
	for _, g := range []struct {
		kind    string
		players []string
		cases   []bad
	}{
		{"scorepad", []string{"Ana", "Ben"}, []bad{
			{0, `{"type":"score"}`, 422, "needs seat and points"},
			{-1, `{"type":"score","data":{"seats":1,"points":9}}`, 422, `does not take the field "seats"`},
			{0, `{"type":"score","data":{"seat":0,"points":5}} {"type":"score"}`, 400, "more after"},
			{0, `{"type":"score","data":{"seat":0,"points":5},"typ":"x"}`, 400, `unknown field "typ"`},
			{1, `{"type":"score","data":{"seat":1,"points":1e12}}`, 422, "points"},
		}},
		{"coldcash", []string{"Ana", "Ben"}, []bad{
			{0, `{"type":"found","data":{"company":"c2","size":1000000}}`, 422, "at most 200"},
			{0, `{"type":"found","data":{"company":"c2","size":3,"free":true}}`, 422, `"free"`},
			{1, `{"type":"buy","data":{"company":"c2"}}`, 422, "buy needs count"},
			{-1, `{"type":"found","data":{"company":"c2","seat":5}}`, 422, "no player 6"},
		}},
		{"risk", []string{"Ana", "Ben", "Cy"}, []bad{
			{-1, `{"type":"configure","data":{"neutrals":1000000}}`, 422, "neutral"},
			{-1, `{"type":"configure","data":{"nuetrals":1}}`, 422, `"nuetrals"`},
			{0, `{"type":"place","data":{"territory":0,"count":-3}}`, 422, "negative"},
		}},
		{"pctw", []string{"Ana", "Ben"}, []bad{
			{-1, `{"type":"configure","data":{"startArmies":1000000}}`, 422, "start armies"},
			{1, `{"type":"endTurn","data":{"now":1}}`, 422, `"now"`},
		}},
		{"takeover", []string{"Ana", "Ben"}, []bad{
			{-1, `{"type":"deal","data":{"first":1000000}}`, 422, "no player"},
			{0, `{"type":"draft","data":{"coin":"S1","coins":"S2"}}`, 422, `"coins"`},
		}},
		{"cashcrash", []string{"Ana", "Ben"}, []bad{
			{-1, `{"type":"configure","data":{"variant":"classic","card11":"5G"}}`, 422, `"card11"`},
			{0, `{"type":"stake","data":{"cards":"1,2","recovr":1}}`, 422, `"recovr"`},
		}},
	} {
		t.Run(g.kind, func(t *testing.T) {
			s := Start(t)
			game := s.CreateGame(g.kind, g.players...)
			var phones []*Client
			for seat := range g.players {
				phones = append(phones, s.Phone(t, game, seat))
			}
			sendBad(t, s, game, phones, g.cases)
		})
	}
}

// Names with control or direction characters, or too long, never become a
// game; a trimmed ordinary name does.
func TestBadNamesNeverBecomeAGame(t *testing.T) {
	s := Start(t)
	before := len(s.Games())
	for _, c := range []struct {
		name    string
		players []string
		want    string
	}{
		{"Night", []string{"Ana", strings.Repeat("B", 100000)}, "at most 40"},
		{"Night", []string{"Ana\x00", "Ben"}, "U+0000"},
		{"Night", []string{"Ana", "\x1b]0;pwned\x07"}, "U+001B"},
		{"Night", []string{"Ana", "Ben\u202egnp"}, "U+202E"},
		{"Night\u2066", []string{"Ana", "Ben"}, "U+2066"},
	} {
		var e struct{ Error string }
		code, body := s.Host.PostJSON("/games", map[string]any{"kind": "scorepad", "name": c.name, "players": c.players}, nil)
		json.Unmarshal([]byte(body), &e)
		if code != http.StatusUnprocessableEntity || !strings.Contains(e.Error, c.want) {
			t.Errorf("game %.20q players %.20q: %d %.200s; want 422 naming %q", c.name, c.players, code, body, c.want)
		}
	}
	if n := len(s.Games()); n != before {
		t.Fatalf("games: %d, was %d", n, before)
	}
}

// The reported leak, against the real binary: while a merger waits for Ben,
// who shows 1 Luxor and hides 2, no screen but his own phone reads 3, and
// the host's refusals count the shown share only.
func TestHiddenSharesStayHiddenWhileAMergerWaits(t *testing.T) {
	s := Start(t)
	var info struct{ ID int64 }
	if code, body := s.Host.PostJSON("/games", map[string]any{"kind": "coldcash", "name": "Hidden", "players": []string{"Ana", "Ben"}, "settings": map[string]any{"hiddenAtMerger": "ignore"}}, &info); code != http.StatusCreated {
		t.Fatalf("create: %d %.300s", code, body)
	}
	game := info.ID
	ana, ben, tv := s.Phone(t, game, 0), s.Phone(t, game, 1), s.NewClient(t)
	must := func(c *Client, typ string, data map[string]any) {
		t.Helper()
		if code, body := c.Command(game, typ, data, ""); code != http.StatusOK {
			t.Fatalf("%s %v: %d %.300s", typ, data, code, body)
		}
	}
	must(s.Host, "found", map[string]any{"company": "c2", "seat": 0, "size": 6})
	must(s.Host, "found", map[string]any{"company": "c6", "seat": 0, "size": 9})
	must(s.Host, "turn", map[string]any{"seat": 1})
	must(ben, "buy", map[string]any{"company": "c2", "count": 3})
	must(ben, "hide", map[string]any{"company": "c2", "hidden": 2})
	sendBad(t, s, game, []*Client{ana, ben}, []bad{
		{-1, `{"type":"sell","data":{"seat":1,"company":"c2","count":3}}`, 422, "Ben shows 1 Luxor"},
		{-1, `{"type":"sell","data":{"seat":1,"company":"c2","count":2}}`, 422, "Ben shows 1 Luxor"},
	})
	must(s.Host, "merge", map[string]any{"survivor": "c6", "defunct": "c2", "maker": 1})
	sendBad(t, s, game, []*Client{ana, ben}, []bad{
		{-1, `{"type":"sell","data":{"seat":0,"company":"c6","count":1}}`, 422, "Waiting for Ben: keep, sell or trade 1 Luxor."},
		{0, `{"type":"dispose","data":{"choice":"sell-all"}}`, 422, "Waiting for Ben: keep, sell or trade 1 Luxor."},
		{-1, `{"type":"dispose","data":{"keep":3}}`, 422, "Ben shows 1 Luxor"},
	})
	page := func(c *Client, path string) string {
		t.Helper()
		code, body := c.Get(path)
		if code != http.StatusOK {
			t.Fatalf("GET %s: %d", path, code)
		}
		return body
	}
	g := fmt.Sprintf("/games/%d", game)
	for name, body := range map[string]string{
		"host page": page(s.Host, g), "host's TV window": page(s.Host, g+"?as=public"), "TV": page(tv, g), "TV page": page(tv, g+"/tv"), "Ana's phone": page(ana, g),
		"host JSON": viewJSON(t, s.Host, g+"/view"), "TV JSON": viewJSON(t, tv, g+"/view"), "Ana's JSON": viewJSON(t, ana, g+"/view"),
	} {
		if strings.Contains(body, "trade 3 Luxor") || strings.Contains(body, `"waitingHeld":3`) || strings.Contains(body, "holds 3 Luxor") {
			t.Errorf("the %s shows Ben's hidden Luxor", name)
		}
		if !strings.Contains(body, "trade 1 Luxor") {
			t.Errorf("the %s does not show what the table waits for", name)
		}
	}
	if own := page(ben, g); !strings.Contains(own, "keep, sell or trade 3 Luxor") {
		t.Error("Ben's own phone does not count his hidden shares")
	}
}

// viewJSON is a game's JSON view as c sees it.
func viewJSON(t *testing.T, c *Client, path string) string {
	t.Helper()
	resp, body := c.Do(c.Request(http.MethodGet, path, nil, "Accept", "application/json"))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", path, resp.StatusCode)
	}
	return body
}
