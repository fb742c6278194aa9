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
	"tableside/printables"
	"tableside/seating"
)

func TestPrintPageListsEverySheet(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	res, body := testclient.Fetch(t, nil, app.URL+"/print")
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	for _, s := range printables.Sheets() {
		if !strings.Contains(string(body), `value="`+s.Name+`"`) {
			t.Errorf("/print does not offer %s", s.Name)
		}
	}
}

func TestGamePrintsItsOwnCertificatesAndPoster(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	settings, _ := json.Marshal(map[string]string{"names": "2008"})
	g, err := app.Tracker.Create(context.Background(), "scorepad", "Friday night",
		engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: settings})
	if err != nil {
		t.Fatal(err)
	}
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
	settings, _ := json.Marshal(map[string]string{"names": "1999"})
	g, err := app.Tracker.Create(context.Background(), "coldcash", "Cold night",
		engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}, Settings: settings})
	if err != nil {
		t.Fatal(err)
	}
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

// The print shop shows each sheet's first page as a picture drawn from the
// PDF's own layout, with its page count and ink; the picture follows the
// paper and ink asked, and says how many pages the PDF has.
func TestPrintPreviewIsTheSheetsFirstPageForTheOptionsAsked(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	_, page := testclient.Fetch(t, nil, app.URL+"/print")
	for _, want := range []string{`src="/print/preview/certificates.svg?paper=a4"`, `data-letter="16"`, "10 pages on A4", "with ink saver", `name="ink" value="saver"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("/print lacks %s", want)
		}
	}
	res, svg := testclient.Fetch(t, nil, app.URL+"/print/preview/territory-cards.svg?paper=letter&ink=saver")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || res.Header.Get("X-Pages") != "16" {
		t.Fatalf("preview: status %d, type %q, pages %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("X-Pages"))
	}
	for _, want := range []string{"<svg ", "ALASKA", "RISK · Territory cards · Letter · page 1 of 16 · ink saver"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the preview lacks %q", want)
		}
	}
	for q, code := range map[string]int{"territory-cards.svg?paper=a3": 400, "territory-cards.svg?ink=purple": 400, "menu.svg": 404} {
		if res, _ := testclient.Fetch(t, nil, app.URL+"/print/preview/"+q); res.StatusCode != code {
			t.Errorf("%s: status %d; want %d", q, res.StatusCode, code)
		}
	}
	// The PDF takes the same ink switch.
	res, pdf := testclient.Fetch(t, nil, app.URL+"/print/pdf?sheet=certificates&paper=a4&ink=saver")
	if res.StatusCode != 200 || !strings.Contains(testclient.PDFText(t, pdf), "page 10 of 10 · ink saver") {
		t.Errorf("ink-saver certificates: status %d", res.StatusCode)
	}
}

// A game's print panel previews its own sheets: the certificates in its
// names, the poster with its table's name.
func TestGamePrintPanelPreviewsItsOwnSheets(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	settings, _ := json.Marshal(map[string]string{"names": "1999"})
	g, err := app.Tracker.Create(context.Background(), "coldcash", "Cold night",
		engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}, Settings: settings})
	if err != nil {
		t.Fatal(err)
	}
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
