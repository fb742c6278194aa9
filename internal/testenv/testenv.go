// Package testenv starts the real parts tests run against: a Tableside
// server on 127.0.0.1:0 over a fresh SQLite file, and headless Chromium.
package testenv

import (
	"context"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tableside/games"
	"tableside/tracker"
	"tableside/tracker/scorelog"
	"tableside/web"
)

// App is a running server for a test.
type App struct {
	URL     string // http://127.0.0.1:PORT
	Tracker *tracker.Tracker
	DB      *tracker.DB
	Server  *web.Server
	Scores  *scorelog.Store
	DBPath  string
}

// Start runs a server with every game over a new database in t's temp dir.
// It stops when the test ends.
func Start(t testing.TB) *App {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tableside.db")
	db, err := tracker.OpenDB(path)
	if err != nil {
		t.Fatalf("open database: %v", err)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	tr := tracker.New(db, games.All()...)
	tr.Log = log
	scores := scorelog.New(db)
	tr.OnStatus = scorelog.Recorder(scores, tr) // finished games land in the score log, as in serve
	srv := web.New(web.Config{Tracker: tr, Log: log, Scores: scores})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
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
	})
	return &App{URL: "http://" + ln.Addr().String(), Tracker: tr, DB: db, Server: srv, Scores: scores, DBPath: path}
}
