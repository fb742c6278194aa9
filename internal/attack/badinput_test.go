package attack

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
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
// real binary: a field the command does not take, one it needs left out, a
// number sent as text ("3") and a check box's "on" are each refused naming
// the command and the field, and nothing is written.
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
			{1, `{"type":"score","data":{"seat":"1","points":5}}`, 422, `score: "seat" must be a whole number, not "1".`},
		}},
		{"coldcash", []string{"Ana", "Ben"}, []bad{
			{0, `{"type":"found","data":{"company":"c2","size":1000000}}`, 422, "at most 200"},
			{0, `{"type":"found","data":{"company":"c2","size":3,"free":true}}`, 422, `"free"`},
			{1, `{"type":"buy","data":{"company":"c2"}}`, 422, "buy needs count"},
			{-1, `{"type":"found","data":{"company":"c2","seat":5}}`, 422, "no player 6"},
			{1, `{"type":"buy","data":{"company":"c2","count":"2"}}`, 422, `buy: "count" must be a whole number, not "2".`},
			{-1, `{"type":"dividends","data":{"company":"c2","double":"on"}}`, 422, `dividends: "double" must be true or false, not "on".`},
			{-1, `{"type":"consent","data":{"company":"c2"}}`, 422, "consent needs agree."},
		}},
		{"risk", []string{"Ana", "Ben", "Cy"}, []bad{
			{-1, `{"type":"configure","data":{"neutrals":1000000}}`, 422, "neutral"},
			{-1, `{"type":"configure","data":{"nuetrals":1}}`, 422, `"nuetrals"`},
			{0, `{"type":"place","data":{"territory":0,"count":-3}}`, 422, "negative"},
			{0, `{"type":"place","data":{"territory":"0","count":1}}`, 422, `place: "territory" must be a whole number, not "0".`},
			{-1, `{"type":"configure","data":{"empire":"on"}}`, 422, `configure: "empire" must be true or false, not "on".`},
		}},
		{"pctw", []string{"Ana", "Ben"}, []bad{
			{-1, `{"type":"configure","data":{"startArmies":1000000}}`, 422, "start armies"},
			{1, `{"type":"endTurn","data":{"now":1}}`, 422, `"now"`},
			{-1, `{"type":"configure","data":{"startArmies":"5"}}`, 422, `configure: "startArmies" must be a whole number, not "5".`},
		}},
		{"takeover", []string{"Ana", "Ben"}, []bad{
			{-1, `{"type":"deal","data":{"first":1000000}}`, 422, "no player"},
			{0, `{"type":"draft","data":{"coin":"S1","coins":"S2"}}`, 422, `"coins"`},
			{-1, `{"type":"deal","data":{"first":"1"}}`, 422, `deal: "first" must be a whole number, not "1".`},
			{0, `{"type":"conceal","data":{"stock.S1":"on"}}`, 422, `conceal: "stock.S1" must be true or false, not "on".`},
		}},
		{"cashcrash", []string{"Ana", "Ben"}, []bad{
			{-1, `{"type":"configure","data":{"variant":"classic","card11":"5G"}}`, 422, `"card11"`},
			{0, `{"type":"stake","data":{"cards":[1,2],"recovr":1}}`, 422, `"recovr"`},
			{0, `{"type":"stake","data":{"cards":"1,2"}}`, 422, `stake: "cards" must be a list of whole numbers, not "1,2".`},
			{0, `{"type":"swap","data":{"give":1}}`, 422, "swap needs take."},
			{0, `{"type":"bid","data":{"qty":"3","goods":"G"}}`, 422, `bid: "qty" must be a whole number, not "3".`},
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

// A form posted to the real binary reaches the engine as typed JSON: a
// number typed in a d. field is a number, a t. field is text whatever it
// holds, and a blank field is not sent; a check box's "on" and a field the
// command does not take are refused naming the field, and nothing is
// written.
func TestAFormReachesTheEngineAsTypedJSON(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	path := fmt.Sprintf("/games/%d/commands", game)
	post := func(f url.Values) (int, string) { // as a browser without JavaScript: the game page, with a refusal's toast
		t.Helper()
		req := s.Host.Request(http.MethodPost, path, strings.NewReader(f.Encode()), "Content-Type", "application/x-www-form-urlencoded")
		resp, body := s.Host.DoFollowing(req)
		return resp.StatusCode, html.UnescapeString(body)
	}
	if code, body := post(url.Values{"type": {"score"}, "d.seat": {"1"}, "d.points": {" 7 "}, "t.note": {"12"}, "d.bonus": {""}}); code != http.StatusOK || strings.Contains(body, "toast") && strings.Contains(body, "must be") {
		t.Fatalf("a typed form: %d %.300s", code, body)
	}
	log := s.Log(game)
	if !strings.Contains(log, `"points": 7`) || !strings.Contains(log, `"note": "12"`) {
		t.Fatalf("the score is not in the log as typed JSON:\n%s", log)
	}
	for _, c := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"type": {"score"}, "d.seat": {"1"}, "d.points": {"x"}}, `score: "points" must be a whole number, not "x".`},
		{url.Values{"type": {"score"}, "d.seat": {"1"}, "d.points": {""}}, "score needs points."},
		{url.Values{"type": {"score"}, "d.seat": {"1"}, "d.points": {"2"}, "d.bonus": {"on"}}, `score does not take the field "bonus".`},
		{url.Values{"type": {"score"}, "d.seat": {"1"}, "t.points": {"2"}}, `score: "points" must be a whole number, not "2".`},
		{url.Values{"type": {"finish"}, "d.now": {"on"}}, `finish takes no fields, not "now".`},
	} {
		if code, page := post(c.form); code != http.StatusOK || !strings.Contains(page, c.want) {
			t.Errorf("%v: %d; want the page's toast naming %q", c.form, code, c.want)
		}
	}
	if got := s.Log(game); got != log {
		t.Errorf("refused forms changed the log:\n%s\nwas:\n%s", got, log)
	}
}
