// Package app wires a Tableside server from its parts: the database, the
// tracker with every game, the score log and its recorder, the seats, and
// the web server. `tableside serve`, the tests (internal/testenv) and the
// load test all build their server here, so what they test is what runs.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"tableside/engine"
	"tableside/games"
	leaguetable "tableside/league/table"
	"tableside/readmodel"
	"tableside/seating"
	"tableside/tracker"
	"tableside/tracker/scorelog"
	"tableside/web"
)

// Config is what differs between the real server, a test's and the load
// test's.
type Config struct {
	DBPath string       // the SQLite file, created and migrated if new
	Log    *slog.Logger // nil: slog.Default()
	// Games are engines to run besides every game of games.All (a test-only
	// engine, for instance).
	Games []engine.Rules

	PublicURL      string        // see web.Config
	AllowedHosts   []string      // see web.Config
	NoLoopbackHost bool          // see web.Config
	Limits         web.Limits    // see web.Config
	LiveGap        time.Duration // see web.Config
	AwayGrace      time.Duration // see web.Config
}

// App is a wired server and the parts it runs on.
type App struct {
	DB      *tracker.DB
	Tracker *tracker.Tracker
	Scores  *scorelog.Store
	Seats   *seating.Seats
	Server  *web.Server
	League  *leaguetable.Syncer

	reconciled chan struct{} // closed when the start's status pass is over
	stopSync   context.CancelFunc
	synced     chan struct{} // closed when the league syncer has stopped
}

// New opens the database and wires every part. Finished games the score
// log lacks (a crash between the two writes) are recorded first.
func New(ctx context.Context, cfg Config) (*App, error) {
	log := cfg.Log
	if log == nil {
		log = slog.Default()
	}
	db, err := tracker.OpenDB(cfg.DBPath)
	if err != nil {
		return nil, err
	}
	if m := db.Migrated; m != nil {
		log.Info("database migrated", "db", cfg.DBPath, "from_schema", m.From, "to_schema", m.To, "copy_before", m.Copy)
	}
	tr := tracker.New(db, append(games.All(), cfg.Games...)...)
	tr.Log = log
	// A damaged event is named on /healthz from the start, before anyone
	// opens its game (one pass over the events; milliseconds).
	if err := tr.ScanDamage(ctx); err != nil {
		log.Error("scan for damaged events", "err", err)
	}
	scores := scorelog.New(db)
	reader := readmodel.New(tr, log)
	syncer := leaguetable.New(db, scores, reader.LeagueFacts)
	syncer.Log = log
	record := scorelog.Recorder(scores, tr)
	// Finished games land in the score log; the league syncer is only
	// nudged (it never holds up a game's end).
	tr.OnStatus = func(ctx context.Context, info tracker.GameInfo, res *engine.Result) {
		record(ctx, info, res)
		syncer.Nudge()
	}
	if n, err := scores.Backfill(ctx, tr); err != nil {
		log.Error("score log: record finished games", "err", err)
	} else if n > 0 {
		log.Info("score log: recorded finished games", "plays", n)
	}
	seats := seating.New(tr)
	srv := web.New(web.Config{Tracker: tr, Log: log, Scores: scores, Seats: seats, PublicURL: cfg.PublicURL,
		AllowedHosts: cfg.AllowedHosts, NoLoopbackHost: cfg.NoLoopbackHost, Limits: cfg.Limits, LiveGap: cfg.LiveGap, AwayGrace: cfg.AwayGrace, League: syncer,
		Reader: reader})
	a := &App{DB: db, Tracker: tr, Scores: scores, Seats: seats, Server: srv, League: syncer,
		reconciled: make(chan struct{}), synced: make(chan struct{})}
	a.startRun(ctx, log)
	go a.reconcile(ctx, log)
	syncCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	a.stopSync = stop
	go func() { defer close(a.synced); syncer.Run(syncCtx) }()
	return a, nil
}

// reconcile puts right, in the background, a game an older Tableside left
// "playing" after its final event (it then lands in the score log): the
// server answers at once. Close waits for it before the database closes.
func (a *App) reconcile(ctx context.Context, log *slog.Logger) {
	defer close(a.reconciled)
	if n, err := a.Tracker.Reconcile(ctx); err != nil && ctx.Err() == nil {
		log.Error("game status from the logs", "err", err)
	} else if n > 0 {
		log.Info("game status from the logs: finished games found", "games", n)
	}
}

// Close closes the database (after the server has stopped).
func (a *App) Close() error {
	<-a.reconciled
	a.stopSync()
	<-a.synced
	if err := a.DB.Close(); err != nil {
		return fmt.Errorf("close database: %w", err)
	}
	return nil
}
