package attack

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tableside/internal/testclient"
)

// Dial opens a raw TCP connection to the server from a loopback address of
// the test's choice (127.0.0.2 is, to the server, another peer than
// 127.0.0.1). It is closed when the test ends.
func (s *Server) Dial(t testing.TB, from string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", "127.0.0.1:"+s.Port)
	if err != nil {
		t.Fatalf("dial from %s: %v", from, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Idle keep-alive connections, connections that never send a byte and
// bodies sent too slowly are closed by the server; one address holding its
// cap of sockets gets more closed unanswered, and /healthz still answers
// everyone else meanwhile.
func TestIdleAndSlowConnectionsAreClosed(t *testing.T) {
	s := Start(t, "--idle-timeout", "1s", "--read-timeout", "2s", "--max-conns-per-addr", "64")

	keep := s.Dial(t, "127.0.0.1")
	fmt.Fprintf(keep, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	if got := testclient.ClosedByServer(t, keep); !strings.HasPrefix(got, "HTTP/1.1 200") {
		t.Errorf("a kept-alive connection: %.100q; want one answer, then closed", got)
	}

	games := len(s.Games())
	slow := s.Dial(t, "127.0.0.1")
	body := `{"kind":"scorepad","name":"Slow","players":["Eve"]}`
	fmt.Fprintf(slow, "POST /games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:8])
	if got := testclient.ClosedByServer(t, slow); strings.HasPrefix(got, "HTTP/1.1 2") {
		t.Errorf("a slow body was answered %.100q", got)
	}
	if n := len(s.Games()); n != games {
		t.Errorf("a slow body changed the games: %d, was %d", n, games)
	}

	var held []net.Conn
	for range 64 {
		held = append(held, s.Dial(t, "127.0.0.2"))
	}
	for i := range 20 {
		extra := s.Dial(t, "127.0.0.2")
		fmt.Fprintf(extra, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		if got := testclient.ClosedByServer(t, extra); got != "" {
			t.Fatalf("connection %d over the cap was answered %.100q; want it closed unanswered", 65+i, got)
		}
	}
	if code, body := s.NewClient(t).Get("/healthz"); code != http.StatusOK {
		t.Fatalf("/healthz while one address holds 64 sockets: %d %.100s", code, body)
	}
	for _, c := range held {
		if got := testclient.ClosedByServer(t, c); got != "" && !strings.HasPrefix(got, "HTTP/1.1 408") {
			t.Fatalf("a silent connection got %.100q before it was closed", got)
		}
	}
	// Their places are free again: the same address is served.
	c := s.Dial(t, "127.0.0.2")
	fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
	if line, err := bufio.NewReader(c).ReadString('\n'); err != nil || !strings.HasPrefix(line, "HTTP/1.1 200") {
		t.Fatalf("127.0.0.2 after its sockets were closed: %q %v", line, err)
	}
}

// One address may hold 32 live streams (the default); more are refused
// with 429 and a message.
func TestLiveStreamCapPerAddress(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	path := fmt.Sprintf("%s/games/%d/live", s.URL, game)
	stream := func() (*http.Response, error) {
		req, _ := http.NewRequestWithContext(ctx, "GET", path, nil)
		return http.DefaultClient.Do(req) // no timeout: streams last
	}
	for i := range 32 {
		resp, err := stream()
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: %v %v", i+1, resp, err)
		}
		defer resp.Body.Close()
	}
	resp, err := stream()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(b), "Too many live screens") {
		t.Fatalf("stream 33: %d %.200s; want 429 with a message", resp.StatusCode, b)
	}
}

// /api/odds refuses a question bigger than its bound with a 400 naming the
// bound, and throttles one address asking too often.
func TestOddsOversizeAndThrottle(t *testing.T) {
	s := Start(t)
	phone := s.NewClient(t)
	for q, want := range map[string]string{
		"a=100000&d=100000": "the limit is",
		"a=5000&d=3":        "up to 1000 armies a side",
		"a=1000&d=50&chain=" + strings.TrimSuffix(strings.Repeat("50,", 41), ","): "up to 1000000",
		"a=5&d=3&chain=" + strings.TrimSuffix(strings.Repeat("1,", 60), ","):      "at most 42",
	} {
		code, body := phone.Get("/api/odds?" + q)
		if code != http.StatusBadRequest || !strings.Contains(body, want) {
			t.Errorf("%.40s...: %d %.200s; want 400 naming the bound (%q)", q, code, body, want)
		}
	}
	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				resp, err := phone.HTTP.Get(s.URL + "/api/odds?a=10&d=5")
				if err != nil {
					t.Error(err)
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				switch {
				case resp.StatusCode == http.StatusOK:
					ok.Add(1)
				case resp.StatusCode == http.StatusTooManyRequests && strings.Contains(string(b), "Too many odds questions"):
					refused.Add(1)
				default:
					t.Errorf("odds under a flood: %d %.200s", resp.StatusCode, b)
				}
			}
		}()
	}
	wg.Wait()
	if ok.Load() == 0 || refused.Load() == 0 {
		t.Fatalf("200 odds questions at once from one address: %d answered, %d refused; want both", ok.Load(), refused.Load())
	}
	// The host is the table's own laptop: never throttled.
	if code, body := s.Host.Get("/api/odds?a=10&d=5"); code != http.StatusOK {
		t.Fatalf("the host asking after the flood: %d %.200s", code, body)
	}
}

// ClientFrom is a new device whose connections come from a loopback
// address of the test's choice (127.0.0.2 is, to the server, another peer
// than 127.0.0.1), with no cookies.
func (s *Server) ClientFrom(t testing.TB, ip string) *Client {
	c := s.NewClient(t)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	c.HTTP.Transport = &http.Transport{DialContext: d.DialContext}
	return c
}
