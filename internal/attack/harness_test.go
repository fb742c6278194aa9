package attack

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/internal/testclient"
)

// binary is the tableside binary under attack, built once by TestMain.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tableside-attack-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "temp dir:", err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "tableside")
	if b := os.Getenv("TABLESIDE_ATTACK_BINARY"); b != "" {
		binary = b // another build to compare with (BenchmarkHostUnderHeavyReads before and after a change)
	} else if out, err := exec.Command("go", "build", "-o", binary, "tableside/cmd/tableside").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "build tableside: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// Server is one running tableside process over a fresh database, started
// with --host-token-only, and a client that claimed the host with the
// one-time host link it printed.
type Server struct {
	URL      string // http://127.0.0.1:PORT: every client talks to this
	Port     string
	DB       string // the database file
	HostLink string // the one-time host link as printed (already used by Host)
	Host     *Client
	Stdout   *leaguetest.SyncBuffer // what the server printed, for tests that read it
	Stderr   *leaguetest.SyncBuffer

	t       testing.TB
	cmd     *exec.Cmd
	extra   []string
	killed  bool
	stopped bool
	done    chan struct{} // closed once the process has exited
	exitErr error         // how it exited, once done is closed
	once    sync.Once
}

var (
	laptopRE   = regexp.MustCompile(`On this laptop: http://localhost:(\d+)`)
	hostLinkRE = regexp.MustCompile(`(?m)^  Host link \(open once on this laptop\): (http://localhost:\d+/host/claim\?k=\S+)$`)
)

// Start runs the binary on 127.0.0.1:0 over a new database in t's temp dir,
// with --host-token-only --quiet and any extra flags, waits for its port and
// host link, and claims the host with the link in Server.Host. The server
// is stopped (interrupted, then killed) when the test ends.
func Start(t testing.TB, extra ...string) *Server {
	t.Helper()
	return StartOn(t, filepath.Join(t.TempDir(), "tableside.db"), extra...)
}

// StartOn is Start over a given database file (to start again over the
// data a killed server left).
func StartOn(t testing.TB, db string, extra ...string) *Server {
	t.Helper()
	return StartWrapped(t, db, nil, extra...)
}

// StartWrapped is StartOn with the binary run through a wrapper command
// (wrap, then the binary and its arguments), for attacks that need the
// server in a changed world: a tiny filesystem of its own, say.
func StartWrapped(t testing.TB, db string, wrap []string, extra ...string) *Server {
	t.Helper()
	s := &Server{DB: db, Stdout: &leaguetest.SyncBuffer{}, Stderr: &leaguetest.SyncBuffer{}, t: t, extra: extra}
	args := append([]string{binary, "serve", "--addr", "127.0.0.1:0", "--db", s.DB, "--host-token-only", "--quiet"}, extra...)
	if len(wrap) > 0 {
		args = append(append([]string{}, wrap...), args...)
	}
	s.cmd = exec.Command(args[0], args[1:]...)
	pipe, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Stderr = s.Stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("start tableside: %v", err)
	}
	t.Cleanup(s.stop)
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(pipe)
		signalled := false
		for sc.Scan() {
			fmt.Fprintln(s.Stdout, sc.Text())
			if !signalled && hostLinkRE.MatchString(s.Stdout.String()) && laptopRE.MatchString(s.Stdout.String()) {
				signalled = true
				close(ready)
			}
		}
		io.Copy(io.Discard, pipe)
	}()
	select {
	case <-ready:
	case <-time.After(30 * time.Second):
		t.Fatalf("tableside printed no port and host link within 30s; stdout:\n%s\nstderr:\n%s", s.Stdout, s.Stderr)
	}
	out := s.Stdout.String()
	s.Port = laptopRE.FindStringSubmatch(out)[1]
	s.HostLink = hostLinkRE.FindStringSubmatch(out)[1]
	s.URL = "http://127.0.0.1:" + s.Port
	s.Host = s.NewClient(t)
	// The link names localhost; the test's clients all talk to 127.0.0.1
	// (localhost may resolve to ::1, where nothing listens), so the same
	// path and code are opened there, as a browser would open the link.
	code, body := s.Host.Get(s.ClaimPath())
	if code != http.StatusOK {
		t.Fatalf("claim the host with the host link: %d %.300s", code, body)
	}
	if code, body := s.Host.Get("/host"); code != http.StatusOK {
		t.Fatalf("the host link did not make the client the host: /host answered %d %.300s", code, body)
	}
	return s
}

// ClaimPath is the host link's path and query (/host/claim?k=CODE).
func (s *Server) ClaimPath() string {
	u, err := url.Parse(s.HostLink)
	if err != nil {
		s.t.Fatalf("host link %q: %v", s.HostLink, err)
	}
	return u.RequestURI()
}

// wait starts waiting for the process once; the returned channel is closed
// when it has exited, and exitErr then holds how. Any number of callers may
// wait on it, any number of times.
func (s *Server) wait() <-chan struct{} {
	s.once.Do(func() {
		s.done = make(chan struct{})
		go func() { s.exitErr = s.cmd.Wait(); close(s.done) }()
	})
	return s.done
}

// stop interrupts the server (a clean shutdown) unless it was killed or has
// already stopped. Tests may call it before their cleanup does.
func (s *Server) stop() {
	if s.cmd.Process == nil || s.killed || s.stopped {
		return
	}
	s.stopped = true
	s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.wait():
		if s.exitErr != nil {
			s.t.Errorf("tableside exited with %v; stderr:\n%s", s.exitErr, s.Stderr)
		}
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		<-s.wait()
		s.t.Errorf("tableside did not stop within 15s of an interrupt")
	}
}

// Kill ends the server with SIGKILL, as a crash or a pulled plug would, and
// waits for it to be gone.
func (s *Server) Kill() {
	s.t.Helper()
	s.killed = true
	if err := s.cmd.Process.Kill(); err != nil {
		s.t.Fatalf("kill tableside: %v", err)
	}
	<-s.wait()
}

// Restart kills the server and starts a new one over the same database with
// the same flags; its Host client claimed the new host link (the host token
// itself is kept in the database, so old host cookies still work).
func (s *Server) Restart(t testing.TB) *Server {
	t.Helper()
	s.Kill()
	return StartOn(t, s.DB, s.extra...)
}

// Client is one device (internal/testclient): its own cookie jar (a
// phone, the host, an attacker's browser). It never follows a post's
// redirect, so a test sees where a form leads; Get follows them as a
// browser opening a link would.
type Client struct{ *testclient.Client }

// NewClient is a fresh device with no cookies: on --host-token-only, a phone
// that has joined nothing.
func (s *Server) NewClient(t testing.TB) *Client {
	return &Client{testclient.New(t, s.URL)}
}

// CreateGame starts a game of kind as the host and returns its id.
func (s *Server) CreateGame(kind string, players ...string) int64 {
	s.t.Helper()
	var info struct{ ID int64 }
	code, body := s.Host.PostJSON("/games", map[string]any{"kind": kind, "name": "Attack night", "players": players}, &info)
	if code != http.StatusCreated || info.ID == 0 {
		s.t.Fatalf("create %s game: %d %.300s", kind, code, body)
	}
	return info.ID
}

// GameInfo is a game as the home page lists it.
type GameInfo struct {
	ID     int64  `json:"id"`
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Status string `json:"status"`
}

// Games lists every game (playing and finished), as the host's home page does.
func (s *Server) Games() []GameInfo {
	s.t.Helper()
	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, "/", nil, "Accept", "application/json"))
	if resp.StatusCode != http.StatusOK {
		s.t.Fatalf("list games: %d %.300s", resp.StatusCode, body)
	}
	var home struct{ Playing, Finished []GameInfo }
	if err := json.Unmarshal([]byte(body), &home); err != nil {
		s.t.Fatalf("list games: decode %.300s: %v", body, err)
	}
	return append(home.Playing, home.Finished...)
}

// Log is a game's whole event log as the host exports it (saying yes to
// the warning a game in play gets): compare it before and after an attack
// to prove nothing was written.
func (s *Server) Log(game int64) string {
	s.t.Helper()
	req := s.Host.Request(http.MethodPost, fmt.Sprintf("/games/%d/log", game), strings.NewReader("reveal=every-secret"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, body := s.Host.Do(req)
	if resp.StatusCode != http.StatusOK {
		s.t.Fatalf("export log of game %d: %d %.300s", game, resp.StatusCode, body)
	}
	return body
}

// JoinURL is the link in a game's join QR, read from the QR image the host
// screen shows, as a phone's camera reads it.
func (s *Server) JoinURL(game int64) string {
	s.t.Helper()
	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, fmt.Sprintf("/games/%d/qr.png", game), nil))
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
		s.t.Fatalf("join QR of game %d: %d %s", game, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return testclient.DecodeQR(s.t, []byte(body))
}

// Phone is a new device seated at seat of game through the game's join QR.
func (s *Server) Phone(t testing.TB, game int64, seat int) *Client {
	t.Helper()
	p := s.NewClient(t)
	if code, body := p.Join(s.JoinURL(game), game, seat); code != http.StatusSeeOther {
		t.Fatalf("phone joins seat %d of game %d: %d %.300s", seat, game, code, body)
	}
	return p
}

// Event and Stream are a live stream's (internal/testclient).
type (
	Event  = testclient.Event
	Stream = testclient.Stream
)
