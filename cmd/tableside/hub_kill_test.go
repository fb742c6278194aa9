package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/internal/pgtest"
	"tableside/league"
	"tableside/league/hub"
	"tableside/league/store"
)

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
