package web_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"tableside/internal/testenv"
	"tableside/web"
)

// forgedHeaders are the headers a proxy would add, each claiming the peer
// is the laptop itself. Tableside trusts no proxy: the socket's address
// decides who is host and whose budget a request spends (docs/security.md:
// why echo's GO-2026-6872 and GO-2026-6875 do not reach it).
var forgedHeaders = []map[string]string{
	{"X-Forwarded-For": "127.0.0.1"},
	{"X-Real-IP": "127.0.0.1"},
	{"Forwarded": "for=127.0.0.1"},
	{"X-Forwarded-For": "127.0.0.1, 10.0.0.1", "X-Real-IP": "::1", "Forwarded": `for="[::1]";proto=http`},
}

// A peer on the Wi-Fi (here 192.0.2.10, through the server's own handler)
// that claims the laptop's address in a forwarded header is not the host;
// the same request from the laptop's own socket is.
func TestForwardedHeadersDoNotMakeAPhoneTheHost(t *testing.T) {
	h := testenv.Start(t).Server.Handler()
	ask := func(remote string, headers map[string]string) int {
		req := httptest.NewRequest(http.MethodGet, "http://localhost/host", nil)
		req.RemoteAddr = remote
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	if code := ask("127.0.0.1:40000", nil); code != http.StatusOK {
		t.Fatalf("the laptop's own /host: %d; want 200", code)
	}
	for _, hdr := range forgedHeaders {
		if code := ask("192.0.2.10:40000", hdr); code != http.StatusForbidden {
			t.Errorf("a phone at 192.0.2.10 sending %v opened /host: %d; want 403", hdr, code)
		}
	}
}

// Rate limits are keyed on the socket's address: changing forwarded headers
// does not buy a new budget, and naming another peer's address in them does
// not spend that peer's.
func TestForwardedHeadersDoNotChangeWhoseLimitIsSpent(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Limits: web.Limits{OddsPerSecond: 0.01, OddsBurst: 2}})
	// Each question claims to come from another address.
	codes := []int{}
	for _, hdr := range []map[string]string{
		{"X-Forwarded-For": "198.51.100.1"},
		{"X-Real-IP": "198.51.100.2"},
		{"Forwarded": "for=198.51.100.3"},
	} {
		codes = append(codes, oddsFrom(t, app, "127.0.0.1", hdr))
	}
	if codes[0] != 200 || codes[1] != 200 || codes[2] != http.StatusTooManyRequests {
		t.Fatalf("three odds questions from 127.0.0.1, each claiming another address: %v; want 200, 200, 429", codes)
	}
	if code := oddsFrom(t, app, "127.0.0.2", forgedHeaders[0]); code != http.StatusOK {
		t.Fatalf("127.0.0.2 naming 127.0.0.1 in X-Forwarded-For: %d; want 200 (its own budget)", code)
	}
}

// oddsFrom asks one odds question from a given loopback address with headers.
func oddsFrom(t *testing.T, app *testenv.App, from string, headers map[string]string) int {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	c := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		return d.DialContext(ctx, network, addr)
	}}}
	defer c.CloseIdleConnections()
	req, _ := http.NewRequest(http.MethodGet, app.URL+"/api/odds?a=10&d=5", nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("odds from %s: %v", from, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
