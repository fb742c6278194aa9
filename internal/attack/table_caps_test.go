package attack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// With 512 open files, the caps across all peers are 448 connections
// (512 less 64 kept for the database and the rest) and 224 live screens,
// of which the host keeps 28 and 14 (web/table_caps.go).
const (
	capFiles         = 512
	capConnsPhones   = 448 - 28
	capStreamsPhones = 224 - 14
)

// startWithFiles is Start with the server's open-file limit set to files
// (soft and hard, so it cannot raise it).
func startWithFiles(t *testing.T, files int) *Server {
	t.Helper()
	return StartWrapped(t, filepath.Join(t.TempDir(), "tableside.db"), []string{"prlimit", fmt.Sprintf("--nofile=%d:%d", files, files), "--"})
}

// stillOpen reports whether the server has left c open (nothing to read,
// no end) a moment after it was accepted.
func stillOpen(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	_, err := c.Read(make([]byte, 1))
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// openAfterCap counts the connections the server leaves open once it has
// closed those past its cap. A busy machine's accept loop may reach the
// last of them after a first look: the count is taken again (it only
// falls) until it is within the cap, or for at most 20 s.
func openAfterCap(conns []net.Conn) int {
	deadline := time.Now().Add(20 * time.Second)
	for {
		var open []net.Conn
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, c := range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if stillOpen(c) {
					mu.Lock()
					open = append(open, c)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(open) <= capConnsPhones || time.Now().After(deadline) {
			return len(open)
		}
		conns = open
	}
}

// Five addresses holding 128 idle connections each (their per-address cap)
// would hold 640 of a server's 512 open files. The cap across all peers
// closes those past it unanswered, so the server keeps files for its
// database, and the host, in its reserve, is still served and still
// writes; a phone on the laptop's address in that reserve is told the
// table is full. Nothing is written by the flood.
func TestConnectionsAcrossAllPeersAreCappedAndTheHostKeepsRoom(t *testing.T) {
	s := startWithFiles(t, capFiles)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	before := s.Log(game)
	var mu sync.Mutex
	var conns []net.Conn
	var wg sync.WaitGroup
	for a := 2; a <= 6; a++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 128 {
				c := s.Dial(t, fmt.Sprintf("127.0.0.%d", a))
				mu.Lock()
				conns = append(conns, c)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	n := openAfterCap(conns)
	t.Logf("640 idle connections from 5 addresses: %d left open", n)
	if n > capConnsPhones || n < capConnsPhones-16 {
		t.Fatalf("%d of 640 idle connections left open; want the phones' cap across all peers, %d", n, capConnsPhones)
	}
	if code, body := s.Host.Get("/host"); code != http.StatusOK {
		t.Fatalf("the host while the table is full: %d %.200s", code, body)
	}
	if code, body := s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 2}, "while-full"); code != http.StatusOK {
		t.Fatalf("the host's command while the table is full: %d %.200s", code, body)
	}
	phone := s.NewClient(t)
	phone.HTTP.Transport = &http.Transport{DisableKeepAlives: true}
	if code, body := phone.Get("/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "The table is full") {
		t.Fatalf("a phone on the laptop's address in the host's reserve: %d %.200s; want 503, table full", code, body)
	}
	if _, err := s.ClientFrom(t, "127.0.0.7").HTTP.Get(s.URL + "/healthz"); err == nil {
		t.Fatal("a seventh address was served while the table was full")
	}
	after := s.Log(game)
	if strings.Count(after, `"seq"`) != strings.Count(before, `"seq"`)+1 || strings.Count(after, `"scored"`) != strings.Count(before, `"scored"`)+1 {
		t.Fatal("the flood changed the log beyond the host's one command")
	}
	for _, c := range conns {
		c.Close()
	}
	// Their places are free again: a new address is served.
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := s.ClientFrom(t, "127.0.0.7").HTTP.Get(s.URL + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("a new address after the flood ended: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Ten addresses asking for 32 live streams each (their per-address cap)
// get, together, no more than the phones' share of the cap across all
// peers; the rest are refused with 429 and a message, and the host still
// opens its own live screen from its reserve.
func TestLiveStreamsAcrossAllPeersAreCappedAndTheHostKeepsRoom(t *testing.T) {
	s := startWithFiles(t, capFiles)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	for a := 2; a <= 11; a++ {
		c := s.ClientFrom(t, fmt.Sprintf("127.0.0.%d", a))
		c.HTTP.Timeout = 0 // streams last
		for range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/games/%d/live", s.URL, game), nil)
				resp, err := c.HTTP.Do(req)
				if err != nil {
					t.Errorf("stream: %v", err)
					return
				}
				switch resp.StatusCode {
				case http.StatusOK:
					ok.Add(1)
					go func() { io.Copy(io.Discard, resp.Body); resp.Body.Close() }()
				case http.StatusTooManyRequests:
					b, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if !strings.Contains(string(b), "Too many live screens are open at this table") {
						t.Errorf("a refused stream: %.200s", b)
					}
					refused.Add(1)
				default:
					resp.Body.Close()
					t.Errorf("stream: %d", resp.StatusCode)
				}
			}()
		}
	}
	wg.Wait()
	t.Logf("320 streams from 10 addresses: %d open, %d refused", ok.Load(), refused.Load())
	if ok.Load() != capStreamsPhones || refused.Load() != 320-capStreamsPhones {
		t.Fatalf("%d streams open, %d refused; want %d open (the phones' cap across all peers)", ok.Load(), refused.Load(), capStreamsPhones)
	}
	st := s.Host.Live(t, game) // fails the test unless 200
	if code, body := s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 2}, "host-live"); code != http.StatusOK {
		t.Fatalf("the host's command: %d %.200s", code, body)
	}
	st.Next(t, "view")
}
