package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testenv"
)

// The new-game form has a field for every seat of the largest game, and
// suggests the people of the score log by name.
func TestNewGameFormFitsTheLargestGameAndSuggestsKnownPlayers(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	ctx := context.Background()
	g, err := app.Tracker.Create(ctx, "scorepad", "Last week", engine.Setup{Seats: []engine.Seat{{Name: "Zed"}, {Name: "Yas"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.Tracker.Do(ctx, g.ID, engine.Command{Type: "finish", Seat: engine.Host}, ""); err != nil {
		t.Fatal(err)
	}
	body := mustGet(t, app.URL+"/")
	most := 0
	for _, r := range app.Tracker.Kinds() {
		most = max(most, r.MaxSeats())
	}
	if n := strings.Count(body, `name="player"`); n != most {
		t.Errorf("the form has %d player fields; the largest game takes %d", n, most)
	}
	for _, name := range []string{"Zed", "Yas"} {
		if !strings.Contains(body, `<option value="`+name+`">`) {
			t.Errorf("the form does not suggest %s from the score log", name)
		}
	}
}

// The home page's tab says "Tableside" once, after the opening every page has.
func TestHomeTabTitleSaysTablesideOnce(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	_, page := get(t, app.URL+"/")
	if !strings.Contains(page, "<title>Tableside</title>") {
		t.Fatalf("home page title: %s", page[strings.Index(page, "<title>"):strings.Index(page, "</title>")+8])
	}
	// The page opens as the league hub's do (assets' "page-open").
	if open := "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"; !strings.HasPrefix(page, open) {
		t.Errorf("the home page does not open with %q: %.120q", open, page)
	}
	if !strings.Contains(page, `<meta name="color-scheme" content="light dark">`+"\n<title>") {
		t.Errorf("the home page has no colour schemes before its title: %.300q", page)
	}
}

// The home page finds the table's remembered card symbols without loading a
// single old game: with 60 old RISK games on disk after a restart, one
// visit offers the symbols from the oldest and leaves no game in memory.
// (Before the tracker kept the value per kind, this visit rebuilt all 60.)
func TestHomePageLoadsNoOldGameToFindRememberedSettings(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	symbols := strings.Repeat("C", 42)
	first := host.createGame("risk", "Ana", "Ben")
	if code, body := host.command(first, "configure", map[string]any{"symbols": symbols}, ""); code != http.StatusOK {
		t.Fatalf("configure: %d %s", code, body)
	}
	for range 59 {
		host.createGame("risk", "Ana", "Ben")
	}
	app.Stop()
	// Put away, as a club's old evenings are (abandoned: the score log and the
	// start's status pass have nothing to do with them).
	raw, err := testenv.OpenRawDB(app.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE games SET status = 'abandoned', finished = created`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	app = testenv.StartWith(t, testenv.Options{DBPath: app.DBPath})
	host = hostDevice(t, app)
	code, page := host.get("/")
	if code != http.StatusOK || !strings.Contains(page, "0 infantry, 42 cavalry, 0 artillery") {
		t.Fatalf("the form does not offer the remembered symbols: %d", code)
	}
	if n, loads := app.Tracker.Loaded(); n != 0 || loads != 0 {
		t.Fatalf("GET / with 60 old games: %d games in memory, %d rebuilt from their logs; want 0", n, loads)
	}
}
