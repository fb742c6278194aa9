package web_test

import (
	"regexp"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/internal/testenv"
)

// The companies' colours reach the screens from the engine's one list: the
// bank calculator's stylesheet joins the made one, which gives every
// company its colour and the letter colour that reads on it.
func TestCompanyColoursComeFromTheEngine(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	_, page := fetch(t, app.URL+"/calc")
	href := regexp.MustCompile(`/static/[0-9a-f]{10}/[a-z_,]*\bcompanies\b[a-z_,]*\.css`).FindString(page)
	if href == "" {
		t.Fatal("the calculator's stylesheet joins no companies.css")
	}
	resp, css := fetch(t, app.URL+href)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") {
		t.Fatalf("%s: %d %s", href, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for id, colour := range acquire.Colours() {
		rule := ".co-" + id + " { background: " + colour + "; color: " + engine.Ink(colour) + "; }"
		if !strings.Contains(css, rule) {
			t.Errorf("companies.css lacks %q:\n%s", rule, css)
		}
	}
}
