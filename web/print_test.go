package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testclient"
	"tableside/internal/testenv"
	"tableside/seating"
	"tableside/tracker"
)

func TestGamePrintsItsOwnCertificatesAndPoster(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	g := gameWithNames(t, app, "scorepad", "Friday night", "2008", "Ana", "Ben")
	res, pdf := testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d/print/certificates?paper=a4", app.URL, g.ID))
	if res.StatusCode != 200 {
		t.Fatalf("certificates: status %d", res.StatusCode)
	}
	if text := testclient.PDFText(t, pdf); !strings.Contains(text, "Sackson") || !strings.Contains(text, "Continental") {
		t.Errorf("the game's certificates do not use its 2008 names")
	}
	res, pdf = testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d/print/poster?paper=letter", app.URL, g.ID))
	if res.StatusCode != 200 {
		t.Fatalf("poster: status %d", res.StatusCode)
	}
	text := testclient.PDFText(t, pdf)
	// The poster prints the address to type the room code at, and the code
	// in large type, instead of the long join link (which is in the QR code).
	if !strings.Contains(text, "Friday night") || !regexp.MustCompile(`127\.0\.0\.1:\d+/join and type the room code: [`+seating.RoomAlphabet+`]{4} `).MatchString(text) {
		t.Errorf("poster text %q lacks the game's name, the address or the room code", text)
	}
	if res, _ := testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d/print/menu", app.URL, g.ID)); res.StatusCode != 404 {
		t.Errorf("unknown game sheet: status %d; want 404", res.StatusCode)
	}
	if res, _ := testclient.Fetch(t, nil, app.URL+"/games/999/print/certificates"); res.StatusCode != 404 {
		t.Errorf("no such game: status %d; want 404", res.StatusCode)
	}
}

func TestGamePageLinksItsPrints(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	seats := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}}
	pad, err := app.Tracker.Create(context.Background(), "scorepad", "Friday", seats)
	if err != nil {
		t.Fatal(err)
	}
	bank, err := app.Tracker.Create(context.Background(), "coldcash", "Saturday", seats)
	if err != nil {
		t.Fatal(err)
	}
	links := func(id int64) string {
		_, body := testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d", app.URL, id))
		return string(body)
	}
	// Every game's host screen offers its join poster; only Cold Cash Risk
	// has stock certificates to print.
	for _, want := range []string{"/print/poster?paper=a4", "/print/poster?paper=letter"} {
		if page := links(pad.ID); !strings.Contains(page, fmt.Sprintf("/games/%d%s", pad.ID, want)) {
			t.Errorf("the score pad's host page has no link to %s", want)
		}
	}
	if page := links(pad.ID); strings.Contains(page, "/print/certificates") {
		t.Error("the score pad's host page offers stock certificates")
	}
	if page := links(bank.ID); !strings.Contains(page, fmt.Sprintf("/games/%d/print/certificates?paper=letter", bank.ID)) {
		t.Error("the Cold Cash Risk host page has no link to its certificates")
	}
}

func TestColdCashGamePrintsCertificatesWithItsNameSet(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	g := gameWithNames(t, app, "coldcash", "Cold night", "1999", "Ana", "Ben", "Cy")
	_, page := testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d", app.URL, g.ID))
	if !strings.Contains(string(page), fmt.Sprintf("/games/%d/print/certificates", g.ID)) {
		t.Fatal("the Cold Cash Risk page does not offer its certificates")
	}
	res, pdf := testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d/print/certificates?paper=letter", app.URL, g.ID))
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if text := testclient.PDFText(t, pdf); !strings.Contains(text, "Phoenix") || strings.Contains(text, "Luxor") {
		t.Error("a 1999 game's certificates do not carry the 1999 names")
	}
}

// A game's print panel previews its own sheets: the certificates in its
// names, the poster with its table's name.
func TestGamePrintPanelPreviewsItsOwnSheets(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	g := gameWithNames(t, app, "coldcash", "Cold night", "1999", "Ana", "Ben", "Cy")
	_, page := testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d", app.URL, g.ID))
	for _, want := range []string{fmt.Sprintf("/games/%d/print/preview/certificates?paper=a4", g.ID), "Stock certificates: 10 pages on A4", fmt.Sprintf("/games/%d/print/preview/poster", g.ID)} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the game page lacks %q", want)
		}
	}
	res, svg := testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d/print/preview/certificates?paper=a4", app.URL, g.ID))
	if res.StatusCode != 200 || !strings.Contains(string(svg), ">Sackson<") || strings.Contains(string(svg), ">Tower<") {
		t.Errorf("the game's certificate preview: status %d, or not in its 1999 names", res.StatusCode)
	}
	res, svg = testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d/print/preview/poster?paper=letter", app.URL, g.ID))
	if res.StatusCode != 200 || !strings.Contains(string(svg), "Cold night") {
		t.Errorf("the game's poster preview: status %d", res.StatusCode)
	}
}

// gameWithNames starts a game of kind for players whose company names are
// the named set (1999, 2008 …), as the new-game form would.
func gameWithNames(t *testing.T, app *testenv.App, kind, title, names string, players ...string) tracker.GameInfo {
	t.Helper()
	settings, _ := json.Marshal(map[string]string{"names": names})
	setup := engine.Setup{Settings: settings}
	for _, p := range players {
		setup.Seats = append(setup.Seats, engine.Seat{Name: p})
	}
	g, err := app.Tracker.Create(context.Background(), kind, title, setup)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
