package testclient

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Send sends req with hc (http.DefaultClient when nil) and returns the
// response and its whole body (a PDF is no string); the body is closed.
// It is the one place the tests read an answer whole.
func Send(t testing.TB, hc *http.Client, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", req.Method, req.URL, err)
	}
	return resp, b
}

// Fetch gets u with hc (http.DefaultClient when nil), as Send.
func Fetch(t testing.TB, hc *http.Client, u string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Send(t, hc, req)
}

// PostForm posts form to u with hc (http.DefaultClient when nil), as Send.
func PostForm(t testing.TB, hc *http.Client, u string, form url.Values) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return Send(t, hc, req)
}
