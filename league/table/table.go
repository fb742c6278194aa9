// Package table is a table's side of the league: it derives the plays to
// send from the score log (so a play can never be lost between the game's
// end and the queue: the score log is the queue's source, rescanned at every
// start), keeps them in the table's SQLite (migration 010) until the hub has
// them, and pushes them from one background goroutine with retry and
// backoff. A game's end only nudges that goroutine: the table never waits
// for the hub.
package table

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"tableside/scoring"
	"tableside/tracker"
)

// GameFacts says what the league is told of the Tableside game a play was
// recorded from: its kind and, for a game fought with dice, one line on
// whom they favoured (readmodel.Reader.LeagueFacts, the one luck
// computation). Either may be empty; nothing is said on a failure.
type GameFacts func(ctx context.Context, gameID int64) (kind, luck string)

// Plays is what the syncer reads of the table's score log: its plays and the
// ones deleted since (tracker/scorelog.Store answers both).
type Plays interface {
	Plays(ctx context.Context, f scoring.Filter) ([]scoring.Play, error)
	Deleted(ctx context.Context) ([]scoring.Play, error)
}

// Syncer keeps a table's league queue and pushes it.
type Syncer struct {
	db     *tracker.DB
	scores Plays
	facts  GameFacts // may be nil: plays go without kind and luck
	Log    *slog.Logger
	Client *http.Client
	Now    func() time.Time
	// Backoff bounds the wait between failed pushes (doubling from Min).
	MinBackoff, MaxBackoff time.Duration
	// Rescan is how often the score log is read for edits when nothing
	// nudges (an edit or delete made on the score log's pages).
	Rescan time.Duration
	// Batch is the most plays one push carries.
	Batch int

	nudge chan struct{}
	mu    sync.Mutex
	last  attempt
}

// attempt is what the host is told of the last push.
type attempt struct {
	at      time.Time
	sent    int // plays the hub took
	err     string
	nextTry time.Time
}

// New makes the syncer of a table's database.
func New(db *tracker.DB, scores Plays, facts GameFacts) *Syncer {
	return &Syncer{db: db, scores: scores, facts: facts, Log: slog.Default(), Client: &http.Client{Timeout: 15 * time.Second},
		Now: time.Now, MinBackoff: time.Second, MaxBackoff: 5 * time.Minute, Rescan: 30 * time.Second, Batch: 50,
		nudge: make(chan struct{}, 1)}
}

// Nudge asks the syncer to look at the score log and push, now. It never
// blocks: a game's end calls it.
func (s *Syncer) Nudge() {
	select {
	case s.nudge <- struct{}{}:
	default:
	}
}

// Run scans and pushes until ctx ends: at once, when nudged, every Rescan,
// and after a failure when its backoff has passed.
func (s *Syncer) Run(ctx context.Context) {
	backoff := time.Duration(0)
	for {
		wait := s.Rescan
		nudged := s.nudge
		if err := s.Sync(ctx); err != nil {
			if ctx.Err() != nil {
				return
			}
			backoff = min(max(2*backoff, s.MinBackoff), s.MaxBackoff)
			wait = backoff
			// While the hub fails, a game's end does not wake the syncer:
			// its play is in the score log and goes with the next try, and
			// the table's database is not kept busy for a hub that is away.
			nudged = nil
			s.noteNext(s.Now().Add(wait))
		} else {
			backoff = 0
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-nudged:
			t.Stop()
		case <-t.C:
		}
	}
}

// Sync queues what the score log changed and pushes everything waiting.
// Unpaired, it does nothing.
func (s *Syncer) Sync(ctx context.Context) error {
	l, ok, err := s.Link(ctx)
	if err != nil || !ok {
		return err
	}
	if _, err := s.Queue(ctx); err != nil {
		return err
	}
	return s.PushAll(ctx, l)
}

func (s *Syncer) noteNext(at time.Time) {
	s.mu.Lock()
	s.last.nextTry = at
	s.mu.Unlock()
}
