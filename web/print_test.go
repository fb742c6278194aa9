package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/printables"
	"tableside/seating"
)

// fetchPDF gets a URL's body as bytes (a PDF is no string).
func fetchPDF(t *testing.T, url string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

// pdfText reads a PDF's text back with pdftotext.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "x.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", f, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

func TestPrintPageListsEverySheet(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	res, body := fetchPDF(t, app.URL+"/print")
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	for _, s := range printables.Sheets() {
		if !strings.Contains(string(body), `value="`+s.Name+`"`) {
			t.Errorf("/print does not offer %s", s.Name)
		}
	}
}

func TestPrintDownloadsTheSheetWithTheOptionsAsked(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	res, pdf := fetchPDF(t, app.URL+"/print/pdf?sheet=certificates&paper=letter&names=1999")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("status %d, type %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, `certificates-letter.pdf`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	if text := pdfText(t, pdf); !strings.Contains(text, "Sackson") || strings.Contains(text, "Luxor") {
		t.Errorf("1999 certificates do not show the 1999 names")
	}
}

func TestPrintRefusesBadOptionsWith400(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	for _, q := range []string{"sheet=menu", "sheet=certificates&paper=a3", "sheet=certificates&names=1987",
		"sheet=piecepack&sets=3", "sheet=piecepack&sets=x", "sheet=join-poster&url=ftp://x"} {
		res, body := fetchPDF(t, app.URL+"/print/pdf?"+q)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d; want 400", q, res.StatusCode)
		}
		if strings.Contains(string(body), "%PDF") {
			t.Errorf("%s: a PDF came back", q)
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
	res, pdf := fetchPDF(t, fmt.Sprintf("%s/games/%d/print/certificates?paper=a4", app.URL, g.ID))
	if res.StatusCode != 200 {
		t.Fatalf("certificates: status %d", res.StatusCode)
	}
	if text := pdfText(t, pdf); !strings.Contains(text, "Sackson") || !strings.Contains(text, "Continental") {
		t.Errorf("the game's certificates do not use its 2008 names")
	}
	res, pdf = fetchPDF(t, fmt.Sprintf("%s/games/%d/print/poster?paper=letter", app.URL, g.ID))
	if res.StatusCode != 200 {
		t.Fatalf("poster: status %d", res.StatusCode)
	}
	text := pdfText(t, pdf)
	// The poster prints the address to type the room code at, and the code
	// in large type, instead of the long join link (which is in the QR code).
	if !strings.Contains(text, "Friday night") || !regexp.MustCompile(`127\.0\.0\.1:\d+/join and type: [`+seating.RoomAlphabet+`]{4} `).MatchString(text) {
		t.Errorf("poster text %q lacks the game's name, the address or the room code", text)
	}
	if res, _ := fetchPDF(t, fmt.Sprintf("%s/games/%d/print/menu", app.URL, g.ID)); res.StatusCode != 404 {
		t.Errorf("unknown game sheet: status %d; want 404", res.StatusCode)
	}
	if res, _ := fetchPDF(t, app.URL+"/games/999/print/certificates"); res.StatusCode != 404 {
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
		_, body := fetchPDF(t, fmt.Sprintf("%s/games/%d", app.URL, id))
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
	_, page := fetchPDF(t, fmt.Sprintf("%s/games/%d", app.URL, g.ID))
	if !strings.Contains(string(page), fmt.Sprintf("/games/%d/print/certificates", g.ID)) {
		t.Fatal("the Cold Cash Risk page does not offer its certificates")
	}
	res, pdf := fetchPDF(t, fmt.Sprintf("%s/games/%d/print/certificates?paper=letter", app.URL, g.ID))
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if text := pdfText(t, pdf); !strings.Contains(text, "Phoenix") || strings.Contains(text, "Luxor") {
		t.Error("a 1999 game's certificates do not carry the 1999 names")
	}
}

func TestPrintTerritoryCardsWithAnUploadedSymbolFile(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	res, csv := fetchPDF(t, app.URL+"/print/card-symbols.csv")
	if res.StatusCode != 200 || !strings.Contains(string(csv), "Alaska,infantry") {
		t.Fatalf("default symbols: status %d\n%s", res.StatusCode, csv)
	}
	post := func(symbols string) (*http.Response, []byte) {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		w.WriteField("paper", "letter")
		fw, _ := w.CreateFormFile("symbols", "mine.csv")
		fw.Write([]byte(symbols))
		w.Close()
		res, err := http.Post(app.URL+"/print/territory-cards", w.FormDataContentType(), &body)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	mine := strings.Replace(string(csv), "Alaska,infantry", "Alaska,artillery", 1)
	res, pdf := post(mine)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("status %d: %s", res.StatusCode, pdf)
	}
	o, _ := printables.ParseOptions("letter", "", 1, false)
	var def, want bytes.Buffer
	printables.Write(&def, "territory-cards", o)
	o.Symbols = []byte(mine)
	printables.Write(&want, "territory-cards", o)
	if !bytes.Equal(pdf, want.Bytes()) || bytes.Equal(pdf, def.Bytes()) {
		t.Error("the uploaded symbols did not make the cards the library makes from them")
	}
	res, body := post("Atlantis,infantry\n")
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "Atlantis") {
		t.Errorf("a bad symbols file: status %d, %.200s", res.StatusCode, body)
	}
}

// The print shop shows each sheet's first page as a picture drawn from the
// PDF's own layout, with its page count and ink; the picture follows the
// paper and ink asked, and says how many pages the PDF has.
func TestPrintPreviewIsTheSheetsFirstPageForTheOptionsAsked(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	_, page := fetchPDF(t, app.URL+"/print")
	for _, want := range []string{`src="/print/preview/certificates.svg?paper=a4"`, `data-letter="16"`, "10 pages on A4", "with ink saver", `name="ink" value="saver"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("/print lacks %s", want)
		}
	}
	res, svg := fetchPDF(t, app.URL+"/print/preview/territory-cards.svg?paper=letter&ink=saver")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || res.Header.Get("X-Pages") != "16" {
		t.Fatalf("preview: status %d, type %q, pages %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("X-Pages"))
	}
	for _, want := range []string{"<svg ", "ALASKA", "RISK · Territory cards · Letter · page 1 of 16 · ink saver"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the preview lacks %q", want)
		}
	}
	for q, code := range map[string]int{"territory-cards.svg?paper=a3": 400, "territory-cards.svg?ink=purple": 400, "menu.svg": 404} {
		if res, _ := fetchPDF(t, app.URL+"/print/preview/"+q); res.StatusCode != code {
			t.Errorf("%s: status %d; want %d", q, res.StatusCode, code)
		}
	}
	// The PDF takes the same ink switch.
	res, pdf := fetchPDF(t, app.URL+"/print/pdf?sheet=certificates&paper=a4&ink=saver")
	if res.StatusCode != 200 || !strings.Contains(pdfText(t, pdf), "page 10 of 10 · ink saver") {
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
	_, page := fetchPDF(t, fmt.Sprintf("%s/games/%d", app.URL, g.ID))
	for _, want := range []string{fmt.Sprintf("/games/%d/print/preview/certificates?paper=a4", g.ID), "Stock certificates: 10 pages on A4", fmt.Sprintf("/games/%d/print/preview/poster", g.ID)} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the game page lacks %q", want)
		}
	}
	res, svg := fetchPDF(t, fmt.Sprintf("%s/games/%d/print/preview/certificates?paper=a4", app.URL, g.ID))
	if res.StatusCode != 200 || !strings.Contains(string(svg), ">Sackson<") || strings.Contains(string(svg), ">Tower<") {
		t.Errorf("the game's certificate preview: status %d, or not in its 1999 names", res.StatusCode)
	}
	res, svg = fetchPDF(t, fmt.Sprintf("%s/games/%d/print/preview/poster?paper=letter", app.URL, g.ID))
	if res.StatusCode != 200 || !strings.Contains(string(svg), "Cold night") {
		t.Errorf("the game's poster preview: status %d", res.StatusCode)
	}
}
