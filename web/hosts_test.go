package web_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// A request naming another host (DNS rebinding: a hostile page's own name,
// resolved to this laptop) is refused with 421 before anything runs, even
// from loopback with a matching Origin; the laptop's own names answer.
func TestRequestForAnotherHostNameIsRefused(t *testing.T) {
	app := testenv.Start(t) // loopback is the host here: the check must come first
	port := app.URL[strings.LastIndex(app.URL, ":")+1:]
	for _, host := range []string{"evil.example:" + port, "evil.example", "localhost.evil.example:" + port, "127.0.0.1.evil.example"} {
		req, _ := http.NewRequest(http.MethodPost, app.URL+"/games", strings.NewReader(`{"kind":"scorepad","name":"x","players":["Eve"]}`))
		req.Host = host
		req.Header.Set("Origin", "http://"+host)
		req.Header.Set("Content-Type", "application/json")
		resp, body := doReq(t, req)
		if resp.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(body, "not Tableside") {
			t.Errorf("POST /games with Host %q: %d %.200s; want 421 saying the address is not Tableside's", host, resp.StatusCode, body)
		}
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Errorf("Host %q: answered %s to a JSON request", host, resp.Header.Get("Content-Type"))
		}
		req, _ = http.NewRequest(http.MethodGet, app.URL+"/host", nil)
		req.Host = host
		resp, body = doReq(t, req)
		if resp.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(body, "<html") || strings.Contains(body, "data:image/png") {
			t.Errorf("GET /host with Host %q: %d; want the app's 421 page and no host QR", host, resp.StatusCode)
		}
	}
	if games, _ := app.Tracker.Games(context.Background()); len(games) != 0 {
		t.Fatalf("a request for another host created %d games", len(games))
	}
	for _, host := range []string{"localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port, "LOCALHOST.:" + port, "localhost"} {
		req, _ := http.NewRequest(http.MethodGet, app.URL+"/healthz", nil)
		req.Host = host
		if resp, body := doReq(t, req); resp.StatusCode != http.StatusOK {
			t.Errorf("GET /healthz with Host %q: %d %.200s; want 200", host, resp.StatusCode, body)
		}
	}
}

// --public-url's host and the laptop's own addresses are allowed.
func TestPublicURLAndOwnAddressesAreAllowedHosts(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PublicURL: "https://table.example.net/", AllowedHosts: []string{"192.0.2.7"}})
	for _, host := range []string{"table.example.net", "192.0.2.7:8080"} {
		req, _ := http.NewRequest(http.MethodGet, app.URL+"/healthz", nil)
		req.Host = host
		if resp, body := doReq(t, req); resp.StatusCode != http.StatusOK {
			t.Errorf("Host %q: %d %.200s; want 200", host, resp.StatusCode, body)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, app.URL+"/healthz", nil)
	req.Host = "192.0.2.8"
	if resp, _ := doReq(t, req); resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("an address that is not the laptop's: %d; want 421", resp.StatusCode)
	}
}

// The cross-site refusal and an over-limit body are answered like every
// other refusal: the app's page for a browser, JSON for a program, in the
// table's words.
func TestCrossSiteAndOversizeRefusalsUseTheAppsPages(t *testing.T) {
	app := testenv.Start(t)
	req, _ := http.NewRequest(http.MethodPost, app.URL+"/games", strings.NewReader("kind=scorepad&player=Eve"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, body := doReq(t, req)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "another web site") || !strings.Contains(body, "Back to the table") {
		t.Errorf("cross-site form post: %d %.300s; want the app's 403 page", resp.StatusCode, body)
	}
	req, _ = http.NewRequest(http.MethodPost, app.URL+"/games", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://evil.example")
	resp, body = doReq(t, req)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, `"error":"This came from another web site`) {
		t.Errorf("cross-site fetch: %d %.300s; want JSON naming the refusal", resp.StatusCode, body)
	}

	req, _ = http.NewRequest(http.MethodPost, app.URL+"/games/1/commands", strings.NewReader(strings.Repeat("x", 100<<10)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, body = doReq(t, req)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "far more than any Tableside screen sends") || !strings.Contains(body, "Back to the table") {
		t.Errorf("oversize form: %d %.300s; want the app's 413 page", resp.StatusCode, body)
	}
	req, _ = http.NewRequest(http.MethodPost, app.URL+"/games", strings.NewReader(strings.Repeat("x", 2<<20)))
	req.Header.Set("Content-Type", "application/json")
	resp, body = doReq(t, req)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, `"error":"That is far more`) {
		t.Errorf("oversize JSON: %d %.300s; want JSON 413 in the table's words", resp.StatusCode, body)
	}
	if games, _ := app.Tracker.Games(context.Background()); len(games) != 0 {
		t.Fatalf("refused requests created %d games", len(games))
	}
}

// doReq sends req without following redirects and returns the response and body.
func doReq(t *testing.T, req *http.Request) (*http.Response, string) {
	t.Helper()
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b := new(strings.Builder)
	if _, err := io.Copy(b, resp.Body); err != nil {
		t.Fatal(err)
	}
	return resp, b.String()
}
