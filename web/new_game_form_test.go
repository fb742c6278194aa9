package web_test

import (
	"fmt"
	htmlpkg "html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/games"
	"tableside/internal/testenv"
)

var (
	inputTag  = regexp.MustCompile(`<input[^>]*>`)
	selectTag = regexp.MustCompile(`(?s)<select name="([^"]+)"[^>]*>(.*?)</select>`)
	selectedV = regexp.MustCompile(`<option value="([^"]*)" selected>`)
	attr      = regexp.MustCompile(`(\w+)="([^"]*)"`)
)

// formFields reads the new-game form's fields as a browser without
// JavaScript would send them: every input (a checkbox only when ticked, a
// hidden "false" before it) and each select's chosen option.
func formFields(t *testing.T, page string) url.Values {
	t.Helper()
	start := strings.Index(page, `id="new-game"`)
	end := strings.Index(page[max(start, 0):], "</form>")
	if start < 0 || end < 0 {
		t.Fatal("the home page has no new-game form")
	}
	form := page[start : start+end]
	out := url.Values{}
	for _, tag := range inputTag.FindAllString(form, -1) {
		a := map[string]string{}
		for _, m := range attr.FindAllStringSubmatch(tag, -1) {
			a[m[1]] = htmlpkg.UnescapeString(m[2])
		}
		if a["name"] == "" || a["type"] == "checkbox" && !strings.Contains(tag, " checked") {
			continue
		}
		out.Add(a["name"], a["value"])
	}
	for _, m := range selectTag.FindAllStringSubmatch(form, -1) {
		if sel := selectedV.FindStringSubmatch(m[2]); sel != nil {
			out.Set(m[1], htmlpkg.UnescapeString(sel[1]))
		}
	}
	return out
}

// startCommand is each game's first command after the form, where it has one.
var startCommand = map[string]string{"risk": "start", "pctw": "start", "cashcrash": "start", "takeover": "deal"}

// Every game starts from the new-game form exactly as it is shown, with
// nothing but names typed: the form carries each game's defaults (Cash or
// Crash its standard card set), and the game's first step is accepted.
func TestEveryGameStartsFromTheFormsDefaults(t *testing.T) {
	app := testenv.Start(t)
	host := hostDevice(t, app)
	_, page := host.get("/")
	fields := formFields(t, page)
	for _, r := range games.All() {
		if _, ok := r.(engine.SettingsDescriber); !ok {
			t.Fatalf("%s has no settings for the form", r.Kind())
		}
		if !strings.Contains(page, fmt.Sprintf(`data-kind="%s"`, r.Kind())) || !strings.Contains(page, htmlpkg.EscapeString(r.Title())+" settings") {
			t.Fatalf("the form has no settings of %s under its name", r.Title())
		}
		form := url.Values{}
		for k, v := range fields {
			form[k] = v
		}
		form.Set("kind", r.Kind())
		form.Set("name", r.Title())
		form.Del("player")
		for i := range r.MinSeats() {
			form.Add("player", fmt.Sprintf("Player %c", 'A'+i))
		}
		resp, body := postNewGameForm(host, form)
		id, err := strconv.ParseInt(strings.TrimPrefix(resp.Header.Get("Location"), "/games/"), 10, 64)
		if resp.StatusCode != http.StatusSeeOther || err != nil {
			t.Fatalf("%s from the form as shown: %d %s", r.Kind(), resp.StatusCode, stripTags(body))
		}
		if cmd, ok := startCommand[r.Kind()]; ok {
			if code, body := host.command(id, cmd, map[string]any{}, "start-"+r.Kind()); code != http.StatusOK {
				t.Fatalf("%s does not start with the form's defaults: %d %s", r.Kind(), code, body)
			}
		}
	}
}

// postNewGameForm sends the new-game form as a browser without its script
// does: a plain form post to /games, its redirect not followed.
func postNewGameForm(host *device, form url.Values) (*http.Response, string) {
	host.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, host.url("/games"), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return host.do(req, false)
}

// The chosen game's settings reach it, and another game's fields on the
// same page (sent by a browser without the form's script) never do.
func TestNewGameFormReadsOnlyTheChosenGamesSettings(t *testing.T) {
	app := testenv.Start(t)
	host := hostDevice(t, app)
	form := url.Values{"kind": {"risk"}, "name": {"Risk night"}, "player": {"Ana", "Ben", "Cat", ""},
		"set.risk.neutrals": {"1"}, "set.risk.empire": {"false", "true"}, "set.risk.startArmies": {"0"},
		"set.pctw.startArmies": {"99"}, "set.coldcash.mode": {"board"}}
	resp, body := postNewGameForm(host, form)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("create: %d %s", resp.StatusCode, stripTags(body))
	}
	var v struct {
		View struct {
			Settings struct {
				Neutrals, StartArmies int
				Empire                bool
			}
			Players []struct{ Name string }
		}
	}
	if code := host.getJSON(resp.Header.Get("Location")+"/view", &v); code != http.StatusOK {
		t.Fatalf("view: %d", code)
	}
	if s := v.View.Settings; s.Neutrals != 1 || !s.Empire || s.StartArmies != 0 {
		t.Fatalf("settings %+v; want 1 neutral, the Empire rule, the rules' start armies (not PCTW's 99)", s)
	}
	if len(v.View.Players) != 4 || v.View.Players[3].Name != "Neutral" {
		t.Fatalf("players %+v; want Ana, Ben, Cat and the neutral (the empty field left out)", v.View.Players)
	}
}

// Two players with one name (whatever the case and spaces) or a program's
// empty name are refused with a message that names the problem; the form
// comes back with what was typed, and no game is created.
func TestNewGameRefusesDuplicateAndEmptyNamesAndCreatesNothing(t *testing.T) {
	app := testenv.Start(t)
	host := hostDevice(t, app)
	count := func() int {
		gs, err := app.Tracker.Games(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		return len(gs)
	}
	for _, names := range [][]string{{"Ana", "ana "}, {"Ben", " Ana", "ANA"}} {
		form := url.Values{"kind": {"scorepad"}, "name": {"Dupes"}, "player": names}
		code, body := host.postForm("/games", form)
		text := htmlpkg.UnescapeString(stripTags(body))
		if code != http.StatusUnprocessableEntity || !strings.Contains(text, "are both called") || !strings.Contains(text, "give each player a different name") {
			t.Fatalf("%q: %d, want 422 naming the duplicate; page says %.300s", names, code, text)
		}
		if !strings.Contains(body, `value="`+htmlpkg.EscapeString(names[1])+`"`) || !strings.Contains(body, `value="Dupes"`) {
			t.Fatalf("%q: the refused form lost what the host typed", names)
		}
	}
	code, body := host.postJSON("/games", map[string]any{"kind": "scorepad", "name": "Empty", "players": []string{"Ana", "  "}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "Player 2") {
		t.Fatalf("an empty name: %d %s", code, body)
	}
	if n := count(); n != 0 {
		t.Fatalf("refused forms created %d games", n)
	}
}

// Cash or Crash's card set is chosen on the new-game form, before Start: a
// line of ten cards is the set every player holds; nine cards are refused
// with the count, and nothing is created.
func TestNewGameFormTakesCashOrCrashsCardSet(t *testing.T) {
	app := testenv.Start(t)
	host := hostDevice(t, app)
	form := url.Values{"kind": {"cashcrash"}, "name": {"Cards"}, "player": {"Ana", "Ben"}, "set.cashcrash.cards": {"GG O W GO OW GW GOW G O W"}}
	resp, body := postNewGameForm(host, form)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("create: %d %s", resp.StatusCode, stripTags(body))
	}
	var v struct {
		View struct{ Set []struct{ Text string } }
	}
	if code := host.getJSON(resp.Header.Get("Location")+"/view", &v); code != http.StatusOK || len(v.View.Set) != 10 || v.View.Set[0].Text != "GG" || v.View.Set[6].Text != "GOW" {
		t.Fatalf("the game's set is %+v; want the ten typed cards", v.View.Set)
	}
	form.Set("set.cashcrash.cards", "G O W GO OW GW GOW G O")
	code, page := host.postForm("/games", form)
	if text := htmlpkg.UnescapeString(stripTags(page)); code != http.StatusUnprocessableEntity || !strings.Contains(text, "the set has 9 cards") {
		t.Fatalf("nine cards: %d %.300s", code, text)
	}
	if gs, _ := app.Tracker.Games(t.Context()); len(gs) != 1 {
		t.Fatalf("%d games after a refused set; want only the first", len(gs))
	}
}
