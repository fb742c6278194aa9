package web_test

import (
	"context"
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

// The home page's tab says "Tableside" once.
func TestHomeTabTitleSaysTablesideOnce(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	_, page := get(t, app.URL+"/")
	if !strings.Contains(page, "<title>Tableside</title>") {
		t.Fatalf("home page title: %s", page[strings.Index(page, "<title>"):strings.Index(page, "</title>")+8])
	}
}
