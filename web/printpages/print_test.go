package printpages_test

import (
	"bytes"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"tableside/internal/testclient"
	"tableside/printables"
	"tableside/web"
	"tableside/web/printpages"
)

// printServer is the print shop's pages alone behind a real HTTP server,
// as the web registers them, with a small fake of what they take from the
// web: no game (the shop's sheets need none; a game's own sheets and its
// record are tested with the whole server, in web), a renderer that fails
// the test (a PDF, a CSV or a refusal is no page), and guards that let
// everything through (the web's limits are tested with the whole server).
type printServer struct{ URL string }

func newPrintServer(t *testing.T) *printServer {
	t.Helper()
	render := func(c echo.Context, code int, name, title, refusal string, data any) error {
		t.Errorf("%s rendered the page %q; want a file or a refusal", c.Request().URL, name)
		return c.NoContent(http.StatusInternalServerError)
	}
	return servePrint(t, echo.New(), render)
}

// newPrintPageServer is printServer drawing its pages (the print shop) with
// the site's real layout and templates and its error page (web.Alone),
// asked from the host's laptop.
func newPrintPageServer(t *testing.T) *printServer {
	t.Helper()
	e := echo.New()
	host := func(echo.Context) bool { return true }
	return servePrint(t, e, web.Alone(e, slog.Default(), host, host))
}

func servePrint(t *testing.T, e *echo.Echo, render func(c echo.Context, code int, name, title, refusal string, data any) error) *printServer {
	t.Helper()
	site := printpages.Site{Render: render, BaseURL: func(echo.Context) string { return "http://table.test" }}
	pass := func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	printpages.New(site, nil, nil).Routes(e, printpages.Guards{Heavy: pass, ReplayLimit: pass, HostOnly: pass})
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return &printServer{URL: srv.URL}
}

func TestPrintPageListsEverySheet(t *testing.T) {
	t.Parallel()
	app := newPrintPageServer(t)
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

// The print shop shows each sheet's first page as a picture drawn from the
// PDF's own layout, with its page count and ink; the picture follows the
// paper and ink asked, and says how many pages the PDF has.
func TestPrintPreviewIsTheSheetsFirstPageForTheOptionsAsked(t *testing.T) {
	t.Parallel()
	app := newPrintPageServer(t)
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

func TestPrintDownloadsTheSheetWithTheOptionsAsked(t *testing.T) {
	t.Parallel()
	app := newPrintServer(t)
	res, pdf := testclient.Fetch(t, nil, app.URL+"/print/pdf?sheet=certificates&paper=letter&names=1999")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("status %d, type %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, `certificates-letter.pdf`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	if text := testclient.PDFText(t, pdf); !strings.Contains(text, "Sackson") || strings.Contains(text, "Luxor") {
		t.Errorf("1999 certificates do not show the 1999 names")
	}
}

func TestPrintRefusesBadOptionsWith400(t *testing.T) {
	t.Parallel()
	app := newPrintServer(t)
	for _, q := range []string{"sheet=menu", "sheet=certificates&paper=a3", "sheet=certificates&names=1987",
		"sheet=piecepack&sets=3", "sheet=piecepack&sets=x", "sheet=join-poster&url=ftp://x"} {
		res, body := testclient.Fetch(t, nil, app.URL+"/print/pdf?"+q)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d; want 400", q, res.StatusCode)
		}
		if strings.Contains(string(body), "%PDF") {
			t.Errorf("%s: a PDF came back", q)
		}
	}
}

func TestPrintTerritoryCardsWithAnUploadedSymbolFile(t *testing.T) {
	t.Parallel()
	app := newPrintServer(t)
	res, csv := testclient.Fetch(t, nil, app.URL+"/print/card-symbols.csv")
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
