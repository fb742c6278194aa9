package web_test

import (
	htmlpkg "html"
	"net/http"
	"strings"
	"testing"

	"tableside/internal/testclient"
)

// client follows no redirects, so tests see where a form post leads.
var client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// fetch GETs url with the given header pairs and returns the response and body.
func fetch(t *testing.T, url string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, b := testclient.Send(t, client, req)
	return resp, string(b)
}

// get GETs url and returns the status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, body := fetch(t, url)
	return resp.StatusCode, body
}

// mustGet GETs a page that must answer 200 and returns its body.
func mustGet(t *testing.T, url string) string {
	t.Helper()
	code, body := get(t, url)
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d", url, code)
	}
	return body
}

// toastOf is the refusal a game page shows in its turn bar ("" for none).
func toastOf(page string) string {
	_, rest, ok := strings.Cut(page, `id="toast"`)
	if !ok {
		return ""
	}
	_, rest, _ = strings.Cut(rest, ">") // past its rule (data-rule), if it names one
	msg, _, _ := strings.Cut(rest, "</p>")
	return htmlpkg.UnescapeString(msg)
}
