package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/internal/testenv"
	"tableside/scoring"
	"tableside/web"
)

// logState is the whole score log as text (people, plays, deleted plays),
// to show a refused request changed nothing.
func logState(t *testing.T, app *testenv.App) (people, plays int, all string) {
	t.Helper()
	ctx := context.Background()
	ps, err := app.Scores.People(ctx)
	if err != nil {
		t.Fatal(err)
	}
	live, err := app.Scores.Plays(ctx, scoring.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	gone, err := app.Scores.Deleted(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal([]any{ps, live, gone})
	return len(ps), len(live), string(b)
}

// playForm is a hand-logged play of Azul with the given players.
func playForm(date string, players ...string) url.Values {
	f := url.Values{"game": {"Azul"}, "date": {date}, "scoring": {"high"}}
	for i, p := range players {
		f.Set(fmt.Sprintf("p%d.name", i), p)
		f.Set(fmt.Sprintf("p%d.score", i), fmt.Sprint(10+i))
	}
	return f
}

// scoreTable is a host screen and a game whose join QR phones can scan.
func scoreTable(t *testing.T, app *testenv.App) (host *device, game int64, joinURL string) {
	host = hostDevice(t, app)
	game = host.createGame("scorepad", "Ana", "Ben", "Cy")
	return host, game, joinURLFromQR(t, host, game)
}

func TestScoreLogPlayNeedsASeatOrTheHost(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host, game, joinURL := scoreTable(t, app)
	stranger := newDevice(t, app)

	// A phone on the Wi-Fi that never joined is told before filling the form.
	if code, page := stranger.get("/scores/new"); code != 200 || !strings.Contains(page, "join a game from its QR code first") {
		t.Errorf("the form for a phone with no seat does not say it cannot log: %d", code)
	}
	if _, page := host.get("/scores/new"); strings.Contains(page, "join a game from its QR code first") {
		t.Errorf("the host's form says the host cannot log a play")
	}
	// A phone on the Wi-Fi that never joined: refused, nothing written.
	people, plays, before := logState(t, app)
	code, page := stranger.postForm("/scores/plays", playForm("2026-11-20", "Mallory", "Eve"))
	if code != http.StatusForbidden || !strings.Contains(page, "Only players seated at this table (or the host) can log a play") {
		t.Fatalf("a phone with no seat logged a play: %d %.300s", code, page)
	}
	var out struct{ Error string }
	code, body := stranger.postJSON("/scores/plays", map[string]any{"game": "Azul", "date": "2026-11-20", "scoring": "high",
		"players": []map[string]any{{"name": "Mallory", "score": 1}}}, nil)
	json.Unmarshal([]byte(body), &out)
	if code != http.StatusForbidden || !strings.Contains(out.Error, "join a game from its QR code first") {
		t.Fatalf("a phone with no seat logged a play as JSON: %d %.300s", code, body)
	}
	// A made-up seat cookie is no seat.
	u, _ := url.Parse(app.URL)
	stranger.c.Jar.SetCookies(u, []*http.Cookie{{Name: fmt.Sprintf("tableside_seat_%d", game), Value: "made-up"}, {Name: "tableside_seat_x", Value: "1"}})
	if code, _ := stranger.postForm("/scores/plays", playForm("2026-11-20", "Mallory")); code != http.StatusForbidden {
		t.Fatalf("a made-up seat cookie logged a play: %d", code)
	}
	if p2, n2, after := logState(t, app); p2 != people || n2 != plays || after != before {
		t.Fatalf("refused plays changed the log: %d people %d plays -> %d people %d plays", people, plays, p2, n2)
	}

	// A phone seated in a game here logs a play; so does the host.
	ana := newDevice(t, app)
	ana.join(joinURL, game, 0)
	if _, page := ana.get("/scores/new"); strings.Contains(page, "join a game from its QR code first") {
		t.Errorf("a seated phone's form says it cannot log a play")
	}
	if code, page := ana.postForm("/scores/plays", playForm("2026-11-20", "Ana", "Ben")); code != 200 || !strings.Contains(page, "Azul") {
		t.Fatalf("a seated phone could not log a play: %d %.300s", code, page)
	}
	if code, page := host.postForm("/scores/plays", playForm("2026-11-21", "Ana", "Cy")); code != 200 || !strings.Contains(page, "Azul") {
		t.Fatalf("the host could not log a play: %d %.300s", code, page)
	}
	if p2, n2, _ := logState(t, app); n2 != plays+2 || p2 != people+3 {
		t.Fatalf("after two plays: %d people %d plays, want %d and %d", p2, n2, people+3, plays+2)
	}
	// Bad names are refused, nothing written.
	people, plays, before = logState(t, app)
	for bad, want := range map[string]string{"Ana\u202eevil": "invisible text-direction mark (U&#43;202E)", "Ben\x1b[31m": "control character (U&#43;001B)",
		strings.Repeat("x", 2000): "2000 characters long; at most 40"} {
		code, page := ana.postForm("/scores/plays", playForm("2026-11-22", "Ana", bad))
		if code != http.StatusUnprocessableEntity || !strings.Contains(page, want) {
			t.Errorf("name %.20q: %d %.300s; want 422 saying %q", bad, code, page[strings.Index(page, "role=\"alert\""):], want)
		}
	}
	// A body far beyond any play is refused before it is read.
	if code, page := ana.postForm("/scores/plays", playForm("2026-11-22", "Ana", strings.Repeat("x", 100000))); code != http.StatusRequestEntityTooLarge || !strings.Contains(page, "nothing was saved") {
		t.Errorf("a 100,000-character name: %d %.300s; want 413", code, page)
	}
	many := make([]map[string]any, 21)
	for i := range many {
		many[i] = map[string]any{"name": fmt.Sprint("P", i), "score": i}
	}
	code, body = ana.postJSON("/scores/plays", map[string]any{"game": "Azul", "date": "2026-11-20", "scoring": "high", "players": many}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "at most 20 players") {
		t.Errorf("21 players: %d %.300s; want 422", code, body)
	}
	if p2, n2, after := logState(t, app); p2 != people || n2 != plays || after != before {
		t.Fatalf("refused plays changed the log: %d people %d plays -> %d people %d plays", people, plays, p2, n2)
	}
}

func TestScoreLogFloodFromASeatedPhoneIsThrottled(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Limits: web.Limits{PlayPerSecond: 0.001, PlayBurst: 3}})
	host, game, joinURL := scoreTable(t, app)
	ana, ben := newDevice(t, app), newDevice(t, app)
	ana.join(joinURL, game, 0)
	ben.join(joinURL, game, 1)
	_, plays, _ := logState(t, app)

	ok, throttled := 0, 0
	for i := range 30 {
		code, page := ana.postForm("/scores/plays", playForm(fmt.Sprintf("2026-10-%02d", i+1), fmt.Sprint("Flood", i), "Ana"))
		switch {
		case code == 200:
			ok++
		case code == http.StatusTooManyRequests && strings.Contains(page, "wait a minute and log the next one"):
			throttled++
		default:
			t.Fatalf("play %d: %d %.300s", i, code, page)
		}
	}
	if ok != 3 || throttled != 27 {
		t.Fatalf("a flood of 30 plays: %d logged, %d throttled; want 3 and 27", ok, throttled)
	}
	people, n, _ := logState(t, app)
	if n != plays+3 || people != 4 {
		t.Fatalf("the log has %d plays and %d people, want %d and 4 (the throttled plays wrote nobody)", n, people, plays+3)
	}
	// The limit is per seat: Ben's phone and the host still log.
	if code, _ := ben.postForm("/scores/plays", playForm("2026-11-01", "Ben", "Cy")); code != 200 {
		t.Errorf("another seat was throttled by Ana's flood: %d", code)
	}
	for i := range 5 {
		if code, _ := host.postForm("/scores/plays", playForm(fmt.Sprintf("2026-11-%02d", i+2), "Ana", "Ben")); code != 200 {
			t.Fatalf("the host was throttled: %d", code)
		}
	}
	if _, n2, _ := logState(t, app); n2 != n+6 {
		t.Errorf("after Ben's and the host's plays: %d plays, want %d", n2, n+6)
	}
}

func TestScoreLogPeopleMergeAndDeleteAreTheHosts(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host, game, joinURL := scoreTable(t, app)
	ana := newDevice(t, app)
	ana.join(joinURL, game, 0)
	ctx := context.Background()
	host.postForm("/scores/plays", playForm("2026-11-01", "Ana", "Ben"))
	host.postForm("/scores/plays", playForm("2026-11-02", "ana b.", "Cy"))
	// A typo corrected: "Typo" is left in no play.
	var saved scoring.Play
	host.postJSON("/scores/plays", map[string]any{"game": "Golf", "date": "2026-11-03", "scoring": "low", "players": []map[string]any{{"name": "Typo", "score": 3}}}, &saved)
	if code, _ := host.postForm("/scores/plays/"+saved.Key, url.Values{"game": {"Golf"}, "date": {"2026-11-03"}, "scoring": {"low"}, "p0.name": {"Cy"}, "p0.score": {"3"}}); code != 200 {
		t.Fatalf("correcting the typo: %d", code)
	}
	id := map[string]int64{}
	ps, _ := app.Scores.People(ctx)
	for _, p := range ps {
		id[p.Name] = p.ID
	}
	if len(id) != 5 {
		t.Fatalf("people %v, want Ana, Ben, ana b., Cy, Typo", id)
	}
	path := func(name, what string) string { return fmt.Sprintf("/scores/players/%d/%s", id[name], what) }

	// Phones, seated or not, cannot merge or delete people.
	people, plays, before := logState(t, app)
	for _, d := range []*device{ana, newDevice(t, app)} {
		if code, page := d.postForm(path("ana b.", "merge"), url.Values{"into": {fmt.Sprint(id["Ana"])}}); code != http.StatusForbidden || !strings.Contains(page, "Only the host") {
			t.Errorf("a phone merged people: %d %.200s", code, page)
		}
		if code, page := d.postForm(path("Typo", "delete"), nil); code != http.StatusForbidden || !strings.Contains(page, "Only the host") {
			t.Errorf("a phone deleted a person: %d %.200s", code, page)
		}
	}
	// The host's refusals: a person in plays, a merge into someone in the same play.
	if code, page := host.postForm(path("Ana", "delete"), nil); code != http.StatusUnprocessableEntity || !strings.Contains(page, "Ana is in 1 play, so cannot be deleted") {
		t.Errorf("deleting Ana, who played: %d %.500s", code, page)
	}
	if code, page := host.postForm(path("Ana", "merge"), url.Values{"into": {fmt.Sprint(id["Ben"])}}); code != http.StatusUnprocessableEntity || !strings.Contains(page, "Ana and Ben both played in Azul on 2026-11-01") {
		t.Errorf("merging Ana into Ben: %d %.500s", code, page)
	}
	if code, _ := host.postForm(path("Ana", "merge"), url.Values{"into": {"nobody"}}); code != http.StatusUnprocessableEntity {
		t.Errorf("merging into nobody: %d", code)
	}
	if p2, n2, after := logState(t, app); p2 != people || n2 != plays || after != before {
		t.Fatalf("refused changes to people changed the log: %d people %d plays -> %d people %d plays", people, plays, p2, n2)
	}

	// The host's page offers both; then the host merges and deletes.
	if code, page := host.get(fmt.Sprintf("/scores/players/%d", id["ana b."])); code != 200 || !strings.Contains(page, "Merge ana b. into") || !strings.Contains(page, "is in 1 play") {
		t.Errorf("the host's player page lacks merge and the play count: %d", code)
	}
	if _, page := ana.get(fmt.Sprintf("/scores/players/%d", id["ana b."])); strings.Contains(page, "/merge") || strings.Contains(page, "/delete") {
		t.Errorf("a phone's player page offers merge or delete")
	}
	if code, page := host.postForm(path("ana b.", "merge"), url.Values{"into": {fmt.Sprint(id["Ana"])}}); code != 200 || !strings.Contains(page, "Ana") {
		t.Fatalf("merging ana b. into Ana: %d %.300s", code, page)
	}
	if n, _ := app.Scores.PlayCount(ctx, id["Ana"]); n != 2 {
		t.Errorf("Ana is in %d plays after the merge, want 2", n)
	}
	if code, _ := host.postForm(path("Typo", "delete"), nil); code != 200 {
		t.Fatalf("deleting Typo: %d", code)
	}
	if p2, _, _ := logState(t, app); p2 != people-2 {
		t.Errorf("%d people after a merge and a delete, want %d", p2, people-2)
	}
	if code, _ := host.get(fmt.Sprintf("/scores/players/%d", id["Typo"])); code != http.StatusNotFound {
		t.Errorf("Typo's page after the delete: %d, want 404", code)
	}
}

// "Log a play" is offered only to who may log one: the host and a phone
// seated at this table see it on every score log page; a phone that never
// joined sees none (and the exports, open to the table, stay for all).
func TestScoreLogOffersLogAPlayOnlyWhereItIsAllowed(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host, game, joinURL := scoreTable(t, app)
	if code, page := host.postForm("/scores/plays", playForm("2026-11-21", "Ana", "Cy")); code != 200 {
		t.Fatalf("the host could not log a play: %d %.300s", code, page)
	}
	stranger := newDevice(t, app)
	ana := newDevice(t, app)
	ana.join(joinURL, game, 0)
	for _, path := range []string{"/scores", "/scores/games", "/scores/game?g=Azul", "/scores/ratings", "/scores/players"} {
		for _, d := range []struct {
			who string
			dev *device
			may bool
		}{{"the host", host, true}, {"a seated phone", ana, true}, {"a phone with no seat", stranger, false}} {
			code, page := d.dev.get(path)
			if code != 200 {
				t.Fatalf("%s GET %s: %d", d.who, path, code)
			}
			if got := strings.Contains(page, `href="/scores/new`); got != d.may {
				t.Errorf("%s on %s: offered Log a play %v, want %v", d.who, path, got, d.may)
			}
			if path == "/scores" && !strings.Contains(page, `href="/scores/export?format=csv"`) {
				t.Errorf("%s on %s: the export is not offered", d.who, path)
			}
		}
	}
}
