package web_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"tableside/internal/testenv"
	"tableside/web"

	"tableside/internal/testclient"
)

// A live stream lasts beyond the server's read and write timeouts, which
// still apply to every other request. (The timeouts are 500 ms, not less:
// the command itself must be answered within them on a busy machine, and
// at 200 ms a CI run under load saw it cut off.)
func TestLiveStreamOutlivesReadAndWriteTimeouts(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true,
		Limits: web.Limits{ReadTimeout: 500 * time.Millisecond, WriteTimeout: 500 * time.Millisecond}})
	host := hostDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	st := host.open(fmt.Sprintf("/games/%d/live", game), "")
	st.next(t, "phones")
	time.Sleep(1500 * time.Millisecond) // three read and write timeouts pass
	if code, body := host.command(game, "score", map[string]int{"seat": 0, "points": 7}, "late"); code != 200 {
		t.Fatalf("score: %d %s", code, body)
	}
	if ev := st.next(t, "view"); !strings.Contains(ev.Data, `"seq":1`) {
		t.Fatalf("the stream's view after the timeouts passed: %.200s", ev.Data)
	}
}

// dialFrom opens a TCP connection to app from a given loopback address
// (127.0.0.2 is another peer to the server than 127.0.0.1).
func dialFrom(t *testing.T, app *testenv.App, from string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", strings.TrimPrefix(app.URL, "http://"))
	if err != nil {
		t.Fatalf("dial from %s: %v", from, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// A kept-alive connection nobody uses is closed after the idle timeout.
func TestIdleKeepAliveConnectionIsClosed(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{Limits: web.Limits{IdleTimeout: 200 * time.Millisecond}})
	c := dialFrom(t, app, "127.0.0.1")
	fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	if got := testclient.ClosedByServer(t, c); !strings.HasPrefix(got, "HTTP/1.1 200") {
		t.Fatalf("answered %.100q; want 200 and then the connection closed", got)
	}
}

// A body sent too slowly is cut off by the read timeout, and nothing is written.
func TestSlowBodyIsCutOff(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{Limits: web.Limits{ReadTimeout: 300 * time.Millisecond}})
	c := dialFrom(t, app, "127.0.0.1")
	body := `{"kind":"scorepad","name":"Slow","players":["Ana"]}`
	fmt.Fprintf(c, "POST /games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:10])
	got := testclient.ClosedByServer(t, c)
	if strings.HasPrefix(got, "HTTP/1.1 2") {
		t.Fatalf("a body cut off was answered %.100q", got)
	}
	if games, _ := app.Tracker.Games(context.Background()); len(games) != 0 {
		t.Fatalf("a slow, unfinished body created %d games", len(games))
	}
}

// One address holding its cap of connections gets more closed at once;
// another address (and so /healthz) is still answered.
func TestConnectionsPerAddressAreCapped(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{Limits: web.Limits{ConnsPerAddr: 4}})
	for range 4 {
		c := dialFrom(t, app, "127.0.0.2")
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		r := bufio.NewReader(c)
		if line, err := r.ReadString('\n'); err != nil || !strings.HasPrefix(line, "HTTP/1.1 200") {
			t.Fatalf("a connection within the cap: %q %v", line, err)
		}
	}
	extra := dialFrom(t, app, "127.0.0.2")
	fmt.Fprintf(extra, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	if got := testclient.ClosedByServer(t, extra); got != "" {
		t.Fatalf("a connection over the cap was answered %.100q; want it closed unanswered", got)
	}
	if code, _ := get(t, app.URL+"/healthz"); code != http.StatusOK {
		t.Fatalf("/healthz from another address: %d", code)
	}
}

// One address may hold so many live streams; more are refused with 429 and
// a message, and a closed stream frees its place.
func TestLiveStreamsPerAddressAreCapped(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{Limits: web.Limits{StreamsPerAddr: 2}})
	host := hostDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	path := fmt.Sprintf("/games/%d/live", game)
	first := host.open(path, "")
	host.open(path, "")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", app.URL+path, nil)
	resp, body := doReq(t, req)
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "Too many live screens") {
		t.Fatalf("a third stream from one address: %d %.200s; want 429", resp.StatusCode, body)
	}
	first.close()
	for i := 0; ; i++ { // the server notices the closed stream soon after
		req, _ := http.NewRequestWithContext(ctx, "GET", app.URL+path, nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("a stream after one closed: %v", err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Odds questions are throttled per address (not for the host), and each
// is bounded so it costs a few milliseconds at most; the refusal names the bound.
func TestOddsAreThrottledAndBounded(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Limits: web.Limits{OddsPerSecond: 0.01, OddsBurst: 3}})
	for i := range 3 {
		if code, body := get(t, app.URL+"/api/odds?a=10&d=5"); code != http.StatusOK {
			t.Fatalf("odds question %d: %d %.200s", i+1, code, body)
		}
	}
	if code, body := get(t, app.URL+"/api/odds?a=10&d=5"); code != http.StatusTooManyRequests || !strings.Contains(body, "Too many odds questions") {
		t.Fatalf("a fourth odds question at once: %d %.200s; want 429", code, body)
	}
	if code, _ := get(t, app.URL+"/odds?a=10&d=5"); code != http.StatusTooManyRequests {
		t.Fatalf("the odds page shares the budget: %d; want 429", code)
	}
	// A game's timeline replays its log: throttled on a budget of its own.
	id := hostDevice(t, app).createGame("scorepad", "Ana", "Ben")
	for i := range 3 {
		if code, body := get(t, app.URL+"/games/"+itoa(id)+"/timeline"); code != http.StatusOK {
			t.Fatalf("timeline %d: %d %.200s", i+1, code, body)
		}
	}
	if code, body := get(t, app.URL+"/games/"+itoa(id)+"/timeline"); code != http.StatusTooManyRequests || !strings.Contains(body, "Too many steps through the game") {
		t.Fatalf("a fourth timeline page at once: %d %.200s; want 429", code, body)
	}
	host := hostDevice(t, app)
	for _, c := range []struct {
		q    string
		code int
		want string
	}{
		{"a=1000&d=999", 200, ""},
		{"a=1001&d=3", 400, "up to 1000 armies a side"},
		{"a=10&d=1001", 400, "up to 1000 armies a side"},
		{"a=1000&d=30&chain=" + strings.TrimSuffix(strings.Repeat("30,", 40), ","), 400, "up to 1000000"},
	} {
		var out map[string]any
		if code := host.getJSON("/api/odds?"+c.q, &out); code != c.code {
			t.Errorf("%s: %d; want %d", c.q, code, c.code)
		}
		if c.want != "" {
			if _, body := host.get("/api/odds?" + c.q); !strings.Contains(body, c.want) {
				t.Errorf("%s: %.300s; want the bound named (%q)", c.q, body, c.want)
			}
		}
	}
}

// Every seat-specific answer, and the public view's, is never cached.
func TestSeatSpecificAnswersAreNotStored(t *testing.T) {
	_, ana, _, game := coldcashPhones(t, nil)
	for _, path := range []string{"/games/%d", "/games/%d/view", "/games/%d/statements/0", "/games/%d/tv"} {
		p := fmt.Sprintf(path, game)
		req, _ := http.NewRequest("GET", ana.url(p), nil)
		resp, _ := ana.do(req, false)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s as Ana: %d", p, resp.StatusCode)
		}
		if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s as Ana: Cache-Control %q; want no-store", p, cc)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ana.url(fmt.Sprintf("/games/%d/live", game)), nil)
	resp, err := ana.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if cc := resp.Header.Get("Cache-Control"); resp.StatusCode != 200 || cc != "no-store" {
		t.Errorf("live stream as Ana: %d, Cache-Control %q; want no-store", resp.StatusCode, cc)
	}
}
