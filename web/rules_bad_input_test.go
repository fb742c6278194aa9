package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The rules pages answer bad input in words: a game Tableside has no rules
// for is a 404 that says so, on every route; a rule or step it does not
// know falls back to the game's whole rules; a huge or odd search is a page
// that found nothing, never an error.
func TestRulesPagesAnswerBadInputInWords(t *testing.T) {
	app, _, _ := hostLaptop(t)
	for _, path := range []string{"/rules/chess", "/rules/chess/why/buy", "/rules/chess/step/action", "/rules/" + strings.Repeat("x", 4000)} {
		code, body := get(t, app.URL+path)
		if code != http.StatusNotFound || !strings.Contains(body, "Tableside has no rules for that game.") {
			t.Errorf("GET %.60s: %d %.200q; want 404 saying there are no rules for that game", path, code, body)
		}
	}
	for _, path := range []string{"/rules/coldcash/why/no-such-rule", "/rules/coldcash/step/no-such-step"} {
		if code, _ := get(t, app.URL+path); code != http.StatusSeeOther {
			t.Errorf("GET %s: %d; want 303 to the game's whole rules", path, code)
		}
	}
	for _, path := range []string{"/rules/coldcash?q=" + url.QueryEscape(strings.Repeat("Ñ<script>", 2000)), "/rules/coldcash?q=%00"} {
		code, body := get(t, app.URL+path)
		if code != http.StatusOK || strings.Contains(body, "<script>") {
			t.Errorf("GET %.60s: %d; want the game's rules page (200) with the query escaped", path, code)
		}
	}
}
