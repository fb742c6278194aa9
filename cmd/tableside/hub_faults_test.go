package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/internal/pgtest"
	"tableside/internal/testclient"
	"tableside/league"
	"tableside/league/hub"
	"tableside/league/store"
	"tableside/scoring"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

// hubOver starts a `tableside hub` process over db with secrets (made here,
// so the test knows the admin token) and gives the test its own view of
// the hub's database.
func hubOver(t *testing.T, bin, db, secrets string) (*hubProcess, *leaguetest.Hub) {
	t.Helper()
	sec, err := hub.LoadSecrets(secrets)
	leaguetest.Must(t, err)
	proc := startHubProcess(t, bin, "127.0.0.1:0", db, secrets)
	st, err := store.Open(context.Background(), db)
	leaguetest.Must(t, err)
	t.Cleanup(func() { st.Close() })
	return proc, &leaguetest.Hub{URL: "http://127.0.0.1:" + proc.port, Store: st, Admin: sec.Admin}
}

// pageOf reads a page as the table's laptop (loopback: the host) or anyone.
func pageOf(t *testing.T, u string) string {
	t.Helper()
	_, b := testclient.Fetch(t, nil, u)
	return html.UnescapeString(string(b))
}

// pairServer pairs a running `tableside serve` with the hub through its
// league page, as the host does.
func pairServer(t *testing.T, s *server, h *leaguetest.Hub) {
	t.Helper()
	resp, _ := testclient.PostForm(t, nil, s.url+"/scores/league", url.Values{"hub": {h.URL}, "code": {h.NewCode(t)}, "name": {"Kitchen"}})
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("pairing the table: %s", resp.Status)
	}
}

// Two `tableside hub` processes over one PostgreSQL database and one
// secrets file are one league: a table paired on the first pushes to
// either, each shows what was pushed to the other, and a push captured on
// its way to one is refused by the other as a replay (the nonces are in the
// database, not in either process).
func TestTwoHubProcessesOverOnePostgresServeOneLeague(t *testing.T) {
	ctx := context.Background()
	bin := buildBinary(t)
	db, secrets := pgtest.DB(t), filepath.Join(t.TempDir(), "league-secrets.json")
	_, a := hubOver(t, bin, db, secrets)
	_, b := hubOver(t, bin, db, secrets)
	tt := leaguetest.NewTable(t)
	tt.Pair(t, a, "Kitchen")
	rec := &recorder{}
	tt.Sync.Client = &http.Client{Timeout: 30 * time.Second, Transport: rec}
	for i := range 3 {
		tt.AddPlay(t, "Ana", "Bo", i, 2)
	}
	leaguetest.Must(t, tt.Sync.Sync(ctx))
	waitFor(t, "the second hub to show the first hub's plays", func() bool {
		return strings.Count(pageOf(t, b.URL+"/plays"), "<tr>") == 4
	})
	code, msg := rec.replay(t, b.URL)
	if code != http.StatusConflict || !strings.Contains(msg, "a replay") {
		t.Fatalf("a push to the first hub replayed to the second: %d %s, want 409", code, msg)
	}
	_, err := tt.DB.ExecContext(ctx, `UPDATE league_link SET hub = ?`, b.URL)
	leaguetest.Must(t, err)
	tt.AddPlay(t, "Cy", "Bo", 7, 2)
	leaguetest.Must(t, tt.Sync.Sync(ctx))
	waitFor(t, "the first hub to show the second hub's play", func() bool {
		return strings.Count(pageOf(t, a.URL+"/plays"), "<tr>") == 5
	})
	leaguetest.ExactlyOnce(t, a, tt)
}

// recorder passes requests on and keeps the last push, to replay it.
type recorder struct {
	mu     sync.Mutex
	header http.Header
	body   []byte
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Path == league.PushPath {
		b, _ := io.ReadAll(req.Body)
		req.Body.Close()
		r.mu.Lock()
		r.header, r.body = req.Header.Clone(), b
		r.mu.Unlock()
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(strings.NewReader(string(b)))
	}
	return http.DefaultTransport.RoundTrip(req)
}

func (r *recorder) replay(t *testing.T, hubURL string) (int, string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	req, _ := http.NewRequest(http.MethodPost, hubURL+league.PushPath, strings.NewReader(string(r.body)))
	req.Header = r.header.Clone()
	resp, b := testclient.Send(t, nil, req)
	return resp.StatusCode, string(b)
}

// The hub and a table, both real processes, are each killed with kill -9
// while the table pushes 1,500 plays with one poisoned play in its queue,
// and restarted: every good play reaches the hub exactly once within a
// bounded wait, and the poisoned play is named, with why, on the table's
// league page (set aside; the rest flowed on around it).
func TestHubAndTableKilledMidPushWithAPoisonedPlay(t *testing.T) {
	const plays = 1500
	ctx := context.Background()
	bin := buildBinary(t)
	db, secrets := pgtest.DB(t), filepath.Join(t.TempDir(), "league-secrets.json")
	hubProc, h := hubOver(t, bin, db, secrets)

	tableDB := filepath.Join(t.TempDir(), "tableside.db")
	fillScoreLog(t, tableDB, plays)
	tbl := startServer(t, bin, tableDB)
	t.Cleanup(func() { tbl.cmd.Process.Kill(); tbl.cmd.Wait() })
	pairServer(t, tbl, h)

	waitFor(t, "the first pushes to arrive", func() bool { return len(h.Plays(t)) > 0 })
	tbl.cmd.Process.Kill() // kill -9 the table mid-push
	tbl.cmd.Wait()
	first := len(h.Plays(t))
	tbl = startServer(t, bin, tableDB)
	waitFor(t, "more pushes from the restarted table", func() bool { return len(h.Plays(t)) > first })
	hubProc.kill9() // and the hub
	<-hubProc.done
	second := len(h.Plays(t))
	t.Logf("the table died with %d plays on the hub, the hub with %d", first, second)
	hubProc = startHubProcess(t, bin, "127.0.0.1:"+hubProc.port, db, secrets)

	start := time.Now()
	waitFor(t, "every good play on the hub", func() bool { return len(h.Plays(t)) == plays })
	t.Logf("every good play on the hub %s after the hub came back", time.Since(start).Round(time.Millisecond))
	on := h.Plays(t)
	d, err := h.Store.Dump(ctx)
	leaguetest.Must(t, err)
	if n := d.Sums()["play_players"].Rows; n != 2*plays {
		t.Fatalf("the hub holds %d play_players rows, want %d", n, 2*plays)
	}
	for k, p := range on {
		if p.Version != 1 || len(p.Players) != 2 || strings.Contains(k, "poisoned") {
			t.Fatalf("play %s on the hub: version %d, %d players", k, p.Version, len(p.Players))
		}
	}
	page := pageOf(t, tbl.url+"/scores/league")
	for _, want := range []string{"1 play is set aside", "Poisoned", "minutes", "Leave out of the league"} {
		if !strings.Contains(page, want) {
			t.Fatalf("the table's league page does not say %q:\n%s", want, page)
		}
	}
}

// fillScoreLog logs n plays in a new table database, and puts in its league
// queue one play the league refuses (minutes past what the hub's INTEGER
// holds: written by an older table), as the first to go.
func fillScoreLog(t *testing.T, path string, n int) {
	t.Helper()
	ctx := context.Background()
	db, err := tracker.OpenDB(path)
	leaguetest.Must(t, err)
	defer db.Close()
	scores := scorelog.New(db)
	for i := range n {
		a, b := i, n-i
		_, err := scores.Add(ctx, scoring.Play{Game: "Carcassonne", Date: "2026-11-20", Scoring: scoring.High,
			Players: []scoring.Player{{Name: fmt.Sprintf("Ana %d", i%7), Score: &a}, {Name: fmt.Sprintf("Bo %d", i%5), Score: &b}}})
		leaguetest.Must(t, err)
	}
	_, err = db.ExecContext(ctx, `INSERT INTO league_plays(key, version, hash, payload, queued) VALUES ('poisoned', 1, 'gone', ?, '2000-01-01T00:00:00Z')`,
		`{"id":"poisoned","version":1,"title":"Poisoned","date":"2026-01-01","minutes":2147483648,"scoring":"winlose","players":[{"local":1,"name":"Ana","rank":1,"winner":true}]}`)
	leaguetest.Must(t, err)
}

// `tableside hub` caps the connections open from all peers together: with
// the cap held by idle sockets, one more is closed as soon as it is
// accepted, unanswered; once they go, the hub answers again.
func TestHubCapsConnectionsAcrossAllPeers(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	p := startHubProcess(t, bin, "127.0.0.1:0", filepath.Join(dir, "league.db"), filepath.Join(dir, "secrets.json"), "--max-conns", "20", "--conns-per-addr", "20")
	addr := "127.0.0.1:" + p.port
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for range 20 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	time.Sleep(200 * time.Millisecond) // the hub has accepted them
	extra, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer extra.Close()
	fmt.Fprintf(extra, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	extra.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := extra.Read(make([]byte, 64)); err == nil || n > 0 {
		t.Fatalf("a connection past the cap was answered (%d bytes, %v)", n, err)
	}
	for _, c := range held {
		c.Close()
	}
	held = nil
	waitFor(t, "the hub to answer again", func() bool {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
}

// hubProcess is a `tableside hub` process of the binary the tests built.
type hubProcess struct {
	cmd  *exec.Cmd
	port string
	log  *leaguetest.SyncBuffer
	done chan struct{}
}

var hubPortRE = regexp.MustCompile(`League hub on port (\d+)`)

// startHubProcess runs `tableside hub` on addr over db and secrets and waits
// until it says its port.
func startHubProcess(t *testing.T, bin, addr, db, secrets string, flags ...string) *hubProcess {
	t.Helper()
	p := &hubProcess{log: &leaguetest.SyncBuffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(bin, append([]string{"hub", "--addr", addr, "--db", db, "--secrets", secrets, "--refresh", "50ms"}, flags...)...)
	p.cmd.Stderr = p.log
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { p.cmd.Process.Kill(); <-p.done })
	port := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := hubPortRE.FindStringSubmatch(sc.Text()); m != nil {
				port <- m[1]
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	select {
	case p.port = <-port:
		return p
	case <-p.done:
		t.Fatalf("tableside hub exited before it listened:\n%s", p.log)
	case <-time.After(60 * time.Second):
		t.Fatalf("tableside hub did not say its port within 60 s:\n%s", p.log)
	}
	return nil
}

// kill9 kills the hub as a power cut would (SIGKILL: no shutdown, no
// rollback by the hub, no answer to the push it is serving).
func (p *hubProcess) kill9() {
	p.cmd.Process.Signal(syscall.SIGKILL)
}

// killOnPush is the table's transport; it sends requests as usual and, once
// the whole body of the at-th push has gone out, has kill run: the hub dies
// while it reads, stores or answers that batch.
type killOnPush struct {
	at   int32
	n    atomic.Int32
	kill func()
}

func (k *killOnPush) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Path == league.PushPath && k.n.Add(1) == k.at {
		r = r.Clone(r.Context())
		r.Body = &onEOF{ReadCloser: r.Body, fn: k.kill}
	}
	return http.DefaultTransport.RoundTrip(r)
}

// onEOF calls fn once, when its body has been read to the end.
type onEOF struct {
	io.ReadCloser
	fn   func()
	once sync.Once
}

func (b *onEOF) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.once.Do(b.fn)
	}
	return n, err
}

// The hub is killed with kill -9 while a table pushes a batch of plays, and
// restarted on the same database: the table's own retry loop sends what the
// dead hub never answered; every play is on the hub exactly once, each with
// all its players, and the table's queue is empty. Run against both stores,
// on the real `tableside hub` binary.
func TestHubKilledWithKill9MidPushKeepsEveryPlayExactlyOnce(t *testing.T) {
	bin := buildBinary(t)
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "league.db")
			if backend == "postgres" {
				db = pgtest.DB(t)
			}
			hubKilledMidPush(t, bin, db)
		})
	}
}

func hubKilledMidPush(t *testing.T, bin, db string) {
	const plays, batch = 200, 20
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	secrets := filepath.Join(t.TempDir(), "league-secrets.json")
	sec, err := hub.LoadSecrets(secrets) // made here, read by the hub: the test knows the admin token
	leaguetest.Must(t, err)
	proc := startHubProcess(t, bin, "127.0.0.1:0", db, secrets)
	st, err := store.Open(ctx, db) // the test reads the hub's own database
	leaguetest.Must(t, err)
	t.Cleanup(func() { st.Close() })
	h := &leaguetest.Hub{URL: "http://127.0.0.1:" + proc.port, Store: st, Admin: sec.Admin}

	tt := leaguetest.NewTable(t)
	tt.Pair(t, h, "Kitchen")
	for i := range plays {
		tt.AddPlay(t, fmt.Sprintf("Ana %d", i%7), fmt.Sprintf("Bo %d", i%5), i, 100-i)
	}
	tt.Sync.Batch = batch
	tt.Sync.MinBackoff, tt.Sync.MaxBackoff = 20*time.Millisecond, 200*time.Millisecond
	tt.Sync.Client = &http.Client{Timeout: 30 * time.Second, Transport: &killOnPush{at: 3, kill: proc.kill9}}

	ran := make(chan struct{})
	go func() { tt.Sync.Run(ctx); close(ran) }()
	defer func() { cancel(); <-ran }()
	select {
	case <-proc.done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the hub was not killed: the third push never went")
	}
	// Two batches were answered; the third died with the hub, stored or not
	// (or, when the kill landed a moment late, answered too).
	waitFor(t, "the table to see the dead hub", func() bool { return tt.Status(t).Err != "" })
	w, n := tt.Status(t).Waiting, len(h.Plays(t))
	if w != plays-2*batch && w != plays-3*batch {
		t.Fatalf("after the kill %d plays wait at the table, want %d or %d (two or three batches answered)", w, plays-2*batch, plays-3*batch)
	}
	if n != 2*batch && n != 3*batch {
		t.Fatalf("after the kill the hub holds %d plays: neither the two answered batches nor those and the third whole", n)
	}
	if plays-w > n {
		t.Fatalf("the table counts %d plays as sent; the hub holds only %d", plays-w, n)
	}
	t.Logf("the hub died holding %d plays; %d wait at the table", n, w)

	restarted := startHubProcess(t, bin, "127.0.0.1:"+proc.port, db, secrets)
	waitFor(t, "the table's queue to empty", func() bool { return tt.Status(t).Waiting == 0 })
	on := h.Plays(t) // fails on a play held twice
	if len(on) != plays {
		t.Fatalf("the hub holds %d plays, want %d", len(on), plays)
	}
	leaguetest.ExactlyOnce(t, h, tt)
	d, err := st.Dump(ctx)
	leaguetest.Must(t, err)
	if n := d.Sums()["play_players"].Rows; n != 2*plays {
		t.Fatalf("the hub holds %d play_players rows, want %d (two per play, none half-written)", n, 2*plays)
	}
	for k, p := range on {
		if len(p.Players) != 2 || p.Version != 1 {
			t.Fatalf("play %s on the hub: version %d with %d players, want version 1 with 2", k, p.Version, len(p.Players))
		}
	}
	if bytes.Contains([]byte(restarted.log.String()), []byte("panic")) {
		t.Fatalf("the restarted hub panicked:\n%s", restarted.log)
	}
}

// waitFor polls cond until it holds, for up to two minutes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("waited 2 minutes for %s", what)
}
