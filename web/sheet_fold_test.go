package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// foldRE finds a fold of a page's move sheet (drawn whole on the page),
// and stepRE the step each sheet step is.
var (
	stepRE = regexp.MustCompile(`<div class="sheet-step" data-step="([^"]+)">`)
	foldRE = regexp.MustCompile(`(?s)<details class="choice-group sheet-more" data-fold="([^"]+)"[^>]*><summary>[^<]*</summary><div class="choices">(.*?)</div></details>`)
	moveRE = regexp.MustCompile(`class="(?:primary|secondary) (choice-[a-z0-9-]+)`)
)

// pageFolds lists the folds of a page's sheet, "step|fold" to the moves
// (their choice- classes) drawn in it.
func pageFolds(page string) map[string][]string {
	out := map[string][]string{}
	at := stepRE.FindAllStringSubmatchIndex(page, -1)
	for i, m := range at {
		end := len(page)
		if i+1 < len(at) {
			end = at[i+1][0]
		}
		step := page[m[2]:m[3]]
		for _, f := range foldRE.FindAllStringSubmatch(page[m[1]:end], -1) {
			out[step+"|"+f[1]] = movesIn(f[2])
		}
	}
	return out
}

func movesIn(html string) []string {
	var out []string
	for _, m := range moveRE.FindAllStringSubmatch(html, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}

// A fold's moves are fetched apart from the live frame (GET
// /games/N/moves), so that endpoint answers each screen exactly what its
// own page's sheet holds in that fold: the host its corrections, each
// phone its own moves, and nothing for a fold a screen does not have (the
// host's, another seat's, the TV's, a phone of another game's) whoever
// asks, with the same words. The answer is never stored by a cache.
func TestSheetFoldGivesEachScreenOnlyItsOwnSheetsMoves(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	game := host.createGameWith("coldcash", nil, "Ana", "Ben", "Cy")
	elsewhere := host.createGameWith("coldcash", nil, "Ana", "Ben")
	join := joinURLFromQR(t, host, game)
	phones := make([]*device, 3)
	for seat := range phones {
		phones[seat] = newDevice(t, app)
		phones[seat].join(join, game, seat)
	}
	stranger := newDevice(t, app) // seated at another game
	stranger.join(joinURLFromQR(t, host, elsewhere), elsewhere, 1)
	for _, c := range []struct {
		typ  string
		data map[string]any
	}{
		{"found", map[string]any{"company": "c2", "seat": 0, "size": 6}},
		{"buy", map[string]any{"seat": 0, "company": "c2", "count": 3}},
		{"turn", nil},
		{"found", map[string]any{"company": "c6", "seat": 1, "size": 9}},
		{"buy", map[string]any{"seat": 1, "company": "c6", "count": 3}},
	} {
		if code, body := host.command(game, c.typ, c.data, ""); code != 200 {
			t.Fatalf("%s: %d %.300s", c.typ, code, body)
		}
	}
	screens := map[string]struct {
		d   *device
		ask string
	}{
		"host": {host, ""}, "host's TV window": {host, "&as=public"}, "TV": {newDevice(t, app), ""},
		"Ana's phone": {phones[0], ""}, "Ben's phone": {phones[1], ""}, "Cy's phone": {phones[2], ""},
		"Ben's phone as the TV": {phones[1], "&as=public"}, "a phone of another game": {stranger, ""},
	}
	own := map[string]map[string][]string{}
	every := map[string]bool{}
	for name, s := range screens {
		path := fmt.Sprintf("/games/%d", game)
		if s.ask != "" {
			path += "?" + s.ask[1:]
		}
		code, page := s.d.get(path)
		if code != 200 {
			t.Fatalf("%s's page: %d", name, code)
		}
		own[name] = pageFolds(page)
		for k := range own[name] {
			every[k] = true
		}
	}
	if len(own["host"]["admin|More"]) == 0 || len(own["Ben's phone"]) == 0 {
		t.Fatalf("the host's folds %v, Ben's %v: want the host's corrections and Ben's own rare moves folded", own["host"], own["Ben's phone"])
	}
	var refusal string
	for name, s := range screens {
		for key := range every {
			step, fold, _ := strings.Cut(key, "|")
			code, body := s.d.get(fmt.Sprintf("/games/%d/moves?step=%s&fold=%s%s", game, url.QueryEscape(step), url.QueryEscape(fold), s.ask))
			want, has := own[name][key]
			switch {
			case has && code != 200:
				t.Errorf("%s asks for its own fold %s: %d %.200s", name, key, code, body)
			case has && !slices.Equal(movesIn(body), want):
				t.Errorf("%s's fold %s answers %v; its page draws %v", name, key, movesIn(body), want)
			case !has && (code != 404 || len(movesIn(body)) > 0):
				t.Errorf("%s asks for a fold it does not have (%s): %d %.200s", name, key, code, body)
			case !has && refusal == "":
				refusal = body
			case !has && body != refusal:
				t.Errorf("%s is refused fold %s with other words than the rest: %.200s", name, key, body)
			}
		}
	}
	// One viewer's moves: never stored by a cache.
	req, _ := http.NewRequest("GET", phones[1].url(fmt.Sprintf("/games/%d/moves?step=earnings&fold=More", game)), nil)
	if resp, _ := phones[1].do(req, false); resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("Ben's own fold: %d, Cache-Control %q; want 200 and no-store", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	if !strings.Contains(refusal, "no such fold") {
		t.Errorf("a fold a screen does not have is refused with %.200q; want it to say so", refusal)
	}
	// Malformed asks get a refusal that names the problem and change
	// nothing: no step or fold, a huge fold name, a game that is not one.
	logBefore := logLength(t, app, game)
	if logBefore < 5 {
		t.Fatalf("the game's log has %d records; want the five commands above", logBefore)
	}
	for _, c := range []struct{ path, words string }{
		{fmt.Sprintf("/games/%d/moves", game), "no such fold"},
		{fmt.Sprintf("/games/%d/moves?step=earnings", game), "no such fold"},
		{fmt.Sprintf("/games/%d/moves?step=earnings&fold=%s", game, strings.Repeat("More", 4096)), "no such fold"},
		{"/games/nine/moves?step=earnings&fold=More", "no such game"},
		{"/games/999/moves?step=earnings&fold=More", "no such game"},
	} {
		code, body := phones[1].get(c.path)
		if code != http.StatusNotFound || !strings.Contains(body, c.words) || len(movesIn(body)) > 0 {
			t.Errorf("GET %.80s: %d %.200s; want 404 saying %q", c.path, code, body, c.words)
		}
	}
	if after := logLength(t, app, game); after != logBefore {
		t.Errorf("asking for folds changed the game's log: %d records, was %d", after, logBefore)
	}
}
