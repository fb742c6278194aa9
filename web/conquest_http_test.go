package web_test

import (
	"encoding/json"
	htmlpkg "html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/risk"
	"tableside/internal/testenv"
)

// A table's edited card symbols (RISK) and its own map layout (Piecepack
// Conquers the World) come back in its next game of the same kind.
func TestConquestTablesFindTheirSymbolsAndLayoutAgain(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	t.Cleanup(http.DefaultClient.CloseIdleConnections)
	create := func(kind string) int64 {
		code, body := post(t, app.URL+"/games", map[string]any{"kind": kind, "name": "T", "players": []string{"Ana", "Ben"}})
		if code != http.StatusCreated {
			t.Fatalf("create %s: %d %s", kind, code, body)
		}
		var info struct{ ID int64 }
		json.Unmarshal(body, &info)
		return info.ID
	}
	settings := func(id int64) conquest.Settings {
		code, body := get(t, app.URL+"/games/"+itoa(id)+"/view")
		if code != http.StatusOK {
			t.Fatalf("view: %d", code)
		}
		var v struct {
			View struct{ Settings conquest.Settings }
		}
		json.Unmarshal([]byte(body), &v)
		return v.View.Settings
	}
	symbols := "AAAICAICAICAICAICAICAICAICAICAICAICAICAICA"
	id := create("risk")
	if code, body := post(t, app.URL+"/games/"+itoa(id)+"/commands", map[string]any{"type": "configure", "data": map[string]any{"symbols": symbols}}); code != http.StatusOK {
		t.Fatalf("configure: %d %s", code, body)
	}
	if got := settings(create("risk")).Symbols; got != symbols {
		t.Fatalf("the next RISK game has symbols %q; want the table's %q", got, symbols)
	}
	layout := "S0 S1 S2 / M0 M1 M2 / C0 C1 C2"
	id = create("pctw")
	if code, body := post(t, app.URL+"/games/"+itoa(id)+"/commands", map[string]any{"type": "configure", "data": map[string]any{"layout": layout}}); code != http.StatusOK {
		t.Fatalf("configure: %d %s", code, body)
	}
	if got := settings(create("pctw")).Layout; got != layout {
		t.Fatalf("the next game's layout is %q; want %q", got, layout)
	}
	// A layout that is not a map is refused with the reason, and nothing changes.
	code, body := post(t, app.URL+"/games/"+itoa(id)+"/commands", map[string]any{"type": "configure", "data": map[string]any{"layout": "S0 Q7"}})
	if code != http.StatusUnprocessableEntity || !json.Valid(body) {
		t.Fatalf("a bad layout: %d %s", code, body)
	}
	if got := settings(id).Layout; got != layout {
		t.Fatalf("a refused layout changed the game: %q", got)
	}
}

// A new RISK or PCTW game never takes an earlier game's card symbols or map
// unseen: the new-game form says what it would reuse and from which game,
// and the host's "start without it" gives the rules' own deck and map.
func TestNewGameFormShowsWhatItReusesAndTheHostCanClearIt(t *testing.T) {
	app := testenv.Start(t)
	host := hostDevice(t, app)
	if _, body := host.get("/"); strings.Contains(body, "Reused from earlier games") {
		t.Fatal("the form offers to reuse settings before any game had them")
	}
	symbols := strings.Repeat("I", 42)
	first := host.createGame("risk", "Ana", "Ben")
	if code, body := host.command(first, "configure", map[string]any{"symbols": symbols}, "s1"); code != http.StatusOK {
		t.Fatalf("configure: %d %s", code, body)
	}
	layout := "S0 S1 S2 / M0 M1 M2 / C0 C1 C2"
	pc := host.createGame("pctw", "Ana", "Ben")
	if code, body := host.command(pc, "configure", map[string]any{"layout": layout}, "l1"); code != http.StatusOK {
		t.Fatalf("configure: %d %s", code, body)
	}
	_, body := host.get("/")
	body = htmlpkg.UnescapeString(body)
	for _, want := range []string{
		"reuses custom card symbols from Test night: 42 infantry, 0 cavalry, 0 artillery.",
		"reuses a map layout of its own from Test night: " + layout + ".",
	} {
		if !strings.Contains(stripTags(body), want) {
			t.Fatalf("the new-game form does not say %q", want)
		}
	}
	for _, box := range []string{`name="fresh" value="risk"`, `name="fresh" value="pctw"`} {
		if !strings.Contains(body, box) {
			t.Fatalf("the new-game form has no %s box to start without it", box)
		}
	}
	settings := func(id int64) conquest.Settings {
		var v struct {
			View struct{ Settings conquest.Settings }
		}
		if code := host.getJSON("/games/"+itoa(id)+"/view", &v); code != http.StatusOK {
			t.Fatalf("view: %d", code)
		}
		return v.View.Settings
	}
	create := func(form url.Values) int64 {
		t.Helper()
		resp, _ := postNewGameForm(host, form)
		loc := resp.Header.Get("Location")
		id, err := strconv.ParseInt(strings.TrimPrefix(loc, "/games/"), 10, 64)
		if resp.StatusCode != http.StatusSeeOther || err != nil {
			t.Fatalf("create: %d to %q", resp.StatusCode, loc)
		}
		return id
	}
	form := func(kind string, fresh ...string) url.Values {
		f := url.Values{"kind": {kind}, "name": {"Next"}, "player": {"Ana", "Ben"}}
		if fresh != nil {
			f["fresh"] = fresh
		}
		return f
	}
	// Left as it is, the form reuses what it showed.
	if got := settings(create(form("risk"))).Symbols; got != symbols {
		t.Fatalf("the next RISK game has symbols %q; want the ones the form showed", got)
	}
	// Ticked, the new game has the rules' own deck and map.
	if got := settings(create(form("risk", "risk"))).Symbols; got != risk.ClassicSymbols {
		t.Fatalf("the host cleared the symbols but the game has %q", got)
	}
	if got := settings(create(form("pctw", "pctw"))).Layout; got != pctw.DefaultLayout {
		t.Fatalf("the host cleared the layout but the game has %q", got)
	}
	if got := settings(create(form("pctw"))).Layout; got != layout {
		t.Fatalf("the next PCTW game has layout %q; want %q", got, layout)
	}
}

// stripTags drops HTML tags, so a test can read a sentence across <strong>.
func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}
