package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	htmlpkg "html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/web"
)

// postRaw sends body as is, as this device.
func (d *device) postRaw(path, contentType, body string) (int, string) {
	d.t.Helper()
	req, _ := http.NewRequest("POST", d.url(path), strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	if contentType == "application/json" {
		req.Header.Set("Accept", "application/json")
	}
	resp, got := d.do(req, true)
	return resp.StatusCode, got
}

// badTable is a game with the host laptop and joined phones, for sending
// bad input over HTTP.
type badTable struct {
	t *testing.T
	phoneTable
}

func newBadTable(t *testing.T, app *testenv.App, kind string, settings map[string]any, players ...string) *badTable {
	t.Helper()
	bt := &badTable{t: t, phoneTable: phoneTable{app: app, host: hostDevice(t, app)}}
	bt.game = bt.host.createGameWith(kind, settings, players...)
	bt.seatPhones(t, len(players))
	return bt
}

// refused posts a raw command body as seat and checks the status, that the
// message names want, and that the game's log did not grow.
func (bt *badTable) refused(seat int, contentType, body string, code int, want string) {
	bt.t.Helper()
	before := logLength(bt.t, bt.app, bt.game)
	got, resp := bt.by(seat).postRaw(fmt.Sprintf("/games/%d/commands", bt.game), contentType, body)
	msg := htmlpkg.UnescapeString(resp)
	if contentType == "application/json" {
		var e struct{ Error string }
		if err := json.Unmarshal([]byte(resp), &e); err != nil {
			bt.t.Fatalf("%s: the answer is not JSON: %.300s", body, resp)
		}
		msg = e.Error
	}
	if contentType != "application/json" && (code == 422 || code == 409) {
		// A refused form goes back to the game (post/redirect/get) and the
		// refusal is the page's toast.
		msg = toastOf(msg)
		code = 200
	}
	if got != code || !strings.Contains(msg, want) {
		bt.t.Fatalf("%s by %d: %d %.400q; want %d naming %q", body, seat, got, msg, code, want)
	}
	if after := logLength(bt.t, bt.app, bt.game); after != before {
		bt.t.Fatalf("%s: refused, yet the log grew from %d to %d events", body, before, after)
	}
}

// json is a refused JSON command; form a refused form post.
func (bt *badTable) json(seat int, body string, code int, want string) {
	bt.t.Helper()
	bt.refused(seat, "application/json", body, code, want)
}

func (bt *badTable) form(seat int, form url.Values, code int, want string) {
	bt.t.Helper()
	bt.refused(seat, "application/x-www-form-urlencoded", form.Encode(), code, want)
}

func (bt *badTable) ok(seat int, typ string, data any) {
	bt.t.Helper()
	if code, body := bt.by(seat).command(bt.game, typ, data, ""); code != 200 {
		bt.t.Fatalf("%s %v: %d %s", typ, data, code, body)
	}
}

func TestCommandEndpointRefusesUnknownFieldsAndTrailingBytes(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	bt := newBadTable(t, app, "scorepad", nil, "Ana", "Ben")
	bt.json(0, `{"type":"score","data":{"seat":0,"points":5},"tpye":"x"}`, 400, `unknown field "tpye"`)
	bt.json(0, `{"type":"score","data":{"seat":0,"points":5}}{"type":"score","data":{"seat":0,"points":5}}`, 400, "more after its JSON object")
	bt.json(0, `{"type":"score","data":{"seat":0,"points":5}} x`, 400, "more after its JSON object")
	bt.json(0, `{"type":"score","data":{"seat":0,"points":5}`, 400, "could not be read")
	bt.json(0, `["score"]`, 400, "could not be read")
	bt.form(0, url.Values{"type": {"score"}, "d.seat": {"0"}, "d.points": {"5"}, "seat": {"1"}}, 400, `field "seat"`)
	bt.form(0, url.Values{"type": {"score"}, "data": {`{"seat":0,"points":5} x`}}, 400, "not a JSON object")
	bt.form(0, url.Values{"type": {"score"}, "d.": {"5"}}, 400, `field "d."`)
	bt.ok(0, "score", map[string]int{"seat": 0, "points": 5}) // the same command, well formed, is written
}

// The examples of the issue, over HTTP with joined phones: each is refused
// with a message naming the problem, and nothing is written.
func TestBadInputFromPhonesIsRefusedAndNothingWritten(t *testing.T) {
	t.Parallel()
	// six games' joins and host links from one address: above the join limit
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Limits: web.Limits{JoinPerSecond: 100, JoinBurst: 100}})

	t.Run("scorepad", func(t *testing.T) {
		bt := newBadTable(t, app, "scorepad", nil, "Ana", "Ben")
		bt.t = t
		bt.json(0, `{"type":"score"}`, 422, "needs seat and points")
		bt.json(engine.Host, `{"type":"score","data":{}}`, 422, "needs seat and points")
		bt.json(engine.Host, `{"type":"score","data":{"seats":1,"points":7}}`, 422, `does not take the field "seats"`)
		bt.json(0, `{"type":"score","data":{"seat":0,"points":7,"bonus":3}}`, 422, `"bonus"`)
		bt.json(0, `{"type":"score","data":{"seat":0,"points":"7x"}}`, 422, `"points"`)
		bt.json(0, `{"type":"score","data":{"seat":0,"points":99999999}}`, 422, "between")
		bt.form(1, url.Values{"type": {"score"}, "d.seats": {"1"}, "d.points": {"5"}}, 422, `"seats"`)
		bt.form(1, url.Values{"type": {"score"}}, 422, "needs seat and points")
	})

	t.Run("coldcash", func(t *testing.T) {
		bt := newBadTable(t, app, "coldcash", nil, "Ana", "Ben")
		bt.t = t
		bt.json(0, `{"type":"found","data":{"company":"c2","size":1000000}}`, 422, "at most 200")
		bt.json(engine.Host, `{"type":"found","data":{"company":"c2","seat":0,"size":201}}`, 422, "at most 200")
		bt.json(0, `{"type":"found","data":{"company":"c2","sizes":3}}`, 422, `does not take the field "sizes"`)
		bt.json(0, `{"type":"found","data":{"company":"c2","seat":7}}`, 422, "own player")
		bt.json(engine.Host, `{"type":"found","data":{"company":"c2","seat":7}}`, 422, "no player 8")
		bt.ok(engine.Host, "found", map[string]any{"company": "c2", "seat": 0, "size": 3})
		bt.json(engine.Host, `{"type":"merge","data":{"survivor":"c2","defunct":"c3","maker":0,"newSize":5000}}`, 422, "at most 200")
		bt.json(0, `{"type":"buy","data":{"company":"c2","count":1.5}}`, 422, "whole number")
		bt.json(0, `{"type":"buy","data":{"company":"c2","count":"two"}}`, 422, `buy: "count" must be a whole number, not "two".`)
		bt.json(engine.Host, `{"type":"dividends","data":{"company":"c2","double":["yes"]}}`, 422, `dividends: "double" must be true or false`)
		bt.json(0, `{"type":"hide","data":{"company":"c2","hidden":1,"seat":1}}`, 422, `"seat"`)
		bt.form(0, url.Values{"type": {"buy"}, "d.company": {"c2"}, "d.count": {"1"}, "d.seats": {"1"}}, 422, `"seats"`)
	})

	t.Run("risk", func(t *testing.T) {
		bt := newBadTable(t, app, "risk", nil, "Ana", "Ben", "Cy")
		bt.t = t
		bt.json(engine.Host, `{"type":"configure","data":{"neutral":1}}`, 422, `"neutral"`)
		bt.json(engine.Host, `{"type":"configure","data":{"neutrals":1000000}}`, 422, "neutral")
		bt.json(engine.Host, `{"type":"start","data":{"now":true}}`, 422, `"now"`)
		bt.ok(engine.Host, "start", nil)
		bt.json(0, `{"type":"place","data":{"territory":0,"count":-5}}`, 422, "negative")
		bt.json(0, `{"type":"place","data":{"territroy":0}}`, 422, `"territroy"`)
		bt.json(1, `{"type":"attack","data":{"from":0,"to":1,"dice":3}}`, 422, `"dice"`)
	})

	t.Run("pctw", func(t *testing.T) {
		bt := newBadTable(t, app, "pctw", nil, "Ana", "Ben")
		bt.t = t
		bt.json(engine.Host, `{"type":"configure","data":{"wrap":"xy","wrpa":"x"}}`, 422, `"wrpa"`)
		bt.json(engine.Host, `{"type":"configure","data":{"startArmies":1000000}}`, 422, "start armies")
		bt.json(0, `{"type":"endTurn","data":{"x":1}}`, 422, `"x"`)
	})

	t.Run("takeover", func(t *testing.T) {
		bt := newBadTable(t, app, "takeover", nil, "Ana", "Ben")
		bt.t = t
		bt.json(engine.Host, `{"type":"deal","data":{"seats":1}}`, 422, `"seats"`)
		bt.json(engine.Host, `{"type":"deal","data":{"first":1000000}}`, 422, "no player")
		bt.json(0, `{"type":"draft","data":{"coin":"S1","coins":"S2"}}`, 422, `"coins"`)
	})

	t.Run("cashcrash", func(t *testing.T) {
		bt := newBadTable(t, app, "cashcrash", nil, "Ana", "Ben")
		bt.t = t
		bt.json(engine.Host, `{"type":"configure","data":{"variant":"classic","card11":"5G"}}`, 422, `"card11"`)
		bt.json(engine.Host, `{"type":"start","data":{"frist":1}}`, 422, `"frist"`)
		bt.json(0, `{"type":"stake","data":{"cards":[1,2],"recovr":1}}`, 422, `"recovr"`)
	})
}

// Names arrive with a new game: each bad one is refused naming the problem,
// and no game is created.
func TestNewGameRefusesLongControlAndBidiNames(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	before, err := app.Tracker.Games(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		players []string
		want    string
	}{
		{"Night", []string{"Ana", strings.Repeat("B", 100000)}, "Player 2's name is 100000 characters long; at most 40"},
		{"Night", []string{"Ana\x00", "Ben"}, "Player 1's name holds a control character (U+0000)"},
		{"Night", []string{"Ana", "\x1b[31mBen"}, "U+001B"},
		{"Night", []string{"Ana", "Ben\u202e"}, "invisible text-direction mark (U+202E)"},
		{"Night", []string{"\u2067Ana", "Ben"}, "U+2067"},
		{strings.Repeat("N", 41), []string{"Ana", "Ben"}, "The game's name is 41 characters long"},
		{"Night\u200f", []string{"Ana", "Ben"}, "The game's name holds an invisible text-direction mark (U+200F)"},
	} {
		var out struct{ Error string }
		code, body := host.postJSON("/games", map[string]any{"kind": "scorepad", "name": c.name, "players": c.players}, nil)
		json.Unmarshal([]byte(body), &out)
		if code != 422 || !strings.Contains(out.Error, c.want) {
			t.Fatalf("game %.20q players %.20q: %d %.300s; want 422 naming %q", c.name, c.players, code, body, c.want)
		}
	}
	after, _ := app.Tracker.Games(context.Background())
	if len(after) != len(before) {
		t.Fatalf("refused games were created: %d, were %d", len(after), len(before))
	}
	// trimmed, and created
	var info struct {
		ID   int64
		Name string
	}
	if code, body := host.postJSON("/games", map[string]any{"kind": "scorepad", "name": "  Night  ", "players": []string{" Ana ", "Ben"}}, &info); code != http.StatusCreated || info.Name != "Night" {
		t.Fatalf("a good game: %d %s", code, body)
	}
}
