// Package testenv starts the real parts tests run against: a Tableside
// server on 127.0.0.1:0 over a fresh SQLite file, and headless Chromium.
package testenv

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tableside/app"
	"tableside/engine"
	"tableside/internal/testclient"
	"tableside/tracker"
	"tableside/tracker/scorelog"
	"tableside/web"
)

// App is a running server for a test.
type App struct {
	URL       string // http://127.0.0.1:PORT
	Tracker   *tracker.Tracker
	DB        *tracker.DB
	Server    *web.Server
	Scores    *scorelog.Store
	DBPath    string
	HostToken string // the host token: what a second host screen presents

	stopOnce sync.Once
	stop     func()
}

// Options change how Start builds the server.
type Options struct {
	// Games are engines to run besides every game of games.All (a test-only
	// engine, for instance).
	Games []engine.Rules
	// PhonesNotHost stops treating loopback peers as the host. Browser tests
	// need it whenever a phone is involved: every tab connects from
	// 127.0.0.1, so without it every phone would be the host. The host tab
	// then proves itself with the host token (App.MakeHost).
	PhonesNotHost bool
	// Limits override the server's rate limits.
	Limits web.Limits
	// PublicURL and AllowedHosts are passed to web.Config as they are.
	PublicURL    string
	AllowedHosts []string
	// AwayGrace shortens the host's grace before a phone whose page closed
	// is shown away (web.Config.AwayGrace): a test that waits for "away"
	// then waits that long, not the product's 5 s.
	AwayGrace time.Duration
	// DBPath reuses a database file (to restart a server over the same data);
	// empty makes a fresh one in t's temp dir.
	DBPath string
	// Seed, when set, replaces the tracker's seeds (tracker.Tracker.Seed):
	// the dice, the shuffles and the deals of every command then follow
	// from it, so a test that plays the same moves sees the same game.
	Seed func() [32]byte
}

// Seeds returns a seed source for Options.Seed that gives the same
// sequence for the same start: SHA-256 of start and a counter. It is safe
// for concurrent use.
func Seeds(start uint64) func() [32]byte {
	var mu sync.Mutex
	n := uint64(0)
	return func() [32]byte {
		mu.Lock()
		defer mu.Unlock()
		n++
		var b [16]byte
		binary.BigEndian.PutUint64(b[:8], start)
		binary.BigEndian.PutUint64(b[8:], n)
		return sha256.Sum256(b[:])
	}
}

// Start runs a server with every game over a new database in t's temp dir.
// It stops when the test ends.
func Start(t testing.TB) *App { return StartWith(t, Options{}) }

// StartWith runs a server with options. It stops when the test ends, or
// earlier with Stop.
func StartWith(t testing.TB, o Options) *App {
	t.Helper()
	path := o.DBPath
	if path == "" {
		path = filepath.Join(t.TempDir(), "tableside.db")
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	a, err := app.New(context.Background(), app.Config{DBPath: path, Log: log, Games: o.Games, NoLoopbackHost: o.PhonesNotHost, Limits: o.Limits,
		PublicURL: o.PublicURL, AllowedHosts: o.AllowedHosts, AwayGrace: o.AwayGrace})
	if err != nil {
		t.Fatalf("wire the server: %v", err)
	}
	db, tr, scores, srv := a.DB, a.Tracker, a.Scores, a.Server
	if o.Seed != nil {
		tr.Seed = o.Seed
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	app := &App{URL: "http://" + ln.Addr().String(), Tracker: tr, DB: db, Server: srv, Scores: scores, DBPath: path, HostToken: srv.HostToken()}
	app.stop = func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("server: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("server did not shut down within 10s")
		}
		db.Close()
	}
	t.Cleanup(app.Stop)
	return app
}

// Stop shuts the server down and closes its database (once).
func (app *App) Stop() { app.stopOnce.Do(app.stop) }

// MakeHost makes a tab a host screen, holding the cookie a second host
// device gets from the host link: the link is opened over HTTP (the
// server's own handler sets the cookie) and the cookie handed to the tab.
// The tab's page does not change: every caller opens the page it tests
// next, so the home page the link redirects to was a page load no test
// read (docs/performance.md, round 22). The link opened in the browser is
// TestBrowserThreeDevicesJoinByQRAndKeepSecrets's.
func (app *App) MakeHost(t testing.TB, tab *Tab) {
	t.Helper()
	c := testclient.New(t, app.URL)
	if resp, _ := c.Do(c.Request(http.MethodGet, "/host?k="+url.QueryEscape(app.HostToken), nil)); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("open the host link: %s", resp.Status)
	}
	tab.GiveCookies(t, c.HTTP.Jar, app.URL)
}
