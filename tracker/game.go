package tracker

import (
	"context"
	"sync"
	"time"

	"tableside/engine"
)

// game is one running game: its state in memory and who listens to it.
// Everything in it is guarded by mu. Changes (commands, undo, redo) also hold
// write, from deciding to applying, so they happen one group at a time; a
// group's events are applied and written under mu, so no reader ever sees a
// change before it is on disk. queue (under qmu) holds the commands waiting
// for the next group.
type game struct {
	write sync.Mutex
	qmu   sync.Mutex // guards queue
	queue []*pending // commands waiting for the next commit (group commit)
	mu    sync.Mutex
	info  GameInfo
	rules engine.Rules
	state engine.State
	seq   int64
	hist  *history
	feed  []FeedItem // every line of the game's feed, oldest first
	subs  map[chan int64]struct{}
	// dice is the seed of the next roll of the app's dice: screens show
	// its commitment, the command that rolls it reveals it (dice_commit.go).
	dice [32]byte
	// first is the commitment to the game's first seed, shown when it
	// opened ("" for a game made before it was kept; dice_seed.go).
	first string
	// remembered is the game's remembered setting as last written (or as
	// found at load), so only a change is written.
	remembered []byte
	// rememberer is the game's engine when it has a remembered setting
	// (asked once, when the game is loaded); nil when it has none.
	rememberer engine.Rememberer
	// used is when the game was last asked for (guarded by the tracker's
	// mu): a finished game left alone long enough leaves memory.
	used time.Time
	// stale means the state in memory may not be what the log says (an
	// engine panicked and putting it back failed): the next change rebuilds
	// it first.
	stale bool
	// reads are the engine's answers on the state at reads.Seq, asked by
	// the probe of the command that made it (nil once the state is
	// rebuilt): the live frames of that seq are drawn from them.
	reads *Reads
}

// rebuild replays the whole log from the database, then extra: records
// decided in this group but not yet written.
func (g *game) rebuild(ctx context.Context, db *DB, extra ...Record) error {
	recs, err := g.log(ctx, db)
	if err != nil {
		return err
	}
	recs = append(recs, extra...)
	var feed []FeedItem
	s, h, err := rebuild(g.rules, g.info.Setup, recs, &feed)
	if err != nil {
		return err
	}
	g.state, g.hist, g.feed, g.stale, g.reads = s, h, feed, false, nil
	if n := len(recs); n > 0 {
		g.seq = recs[n-1].Seq
	}
	return nil
}

// rebuildLocked is rebuild under g.mu, for callers that hold only g.write.
func (g *game) rebuildLocked(ctx context.Context, db *DB) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.rebuild(ctx, db)
}

// log reads the game's whole log.
func (g *game) log(ctx context.Context, db *DB) ([]Record, error) { return db.log(ctx, g.info.ID) }

// describe labels a command for the undo button. An engine that panics here
// costs the label, never the game: the event's type stands in.
func (g *game) describe(r Record) string { return describe(g.rules, g.state, r) }

// describe says in the engine's words what record r did to state s (the
// undo button's and the timeline's label), or gives its event type for an
// engine that panics finding them.
func describe(rules engine.Rules, s engine.State, r Record) string {
	var what string
	if err := guard(rules.Kind(), "Describe", func() { what = rules.Describe(s, r.event()) }); err != nil {
		return r.Type
	}
	return what
}

// checkDescribe asks the engine's words for record r on state s, as the undo
// button and the timeline do, and returns the panic as a faultError.
func checkDescribe(rules engine.Rules, s engine.State, r Record) error {
	return guard(rules.Kind(), "Describe", func() { rules.Describe(s, r.event()) })
}

// statusFor says how the game's status row must change for state st: a
// game whose engine says it is over is "finished" (at the given time), one an
// undo reopened is "playing" again. It returns nil when the row is right, and
// the result to record when the game finishes.
func (g *game) statusFor(st engine.State, at time.Time) (*statusChange, *engine.Result, error) {
	if g.info.Status != statusPlaying && g.info.Status != StatusFinished {
		return nil, nil, nil
	}
	var res engine.Result
	var done bool
	if err := guard(g.info.Kind, "Result", func() { res, done = g.rules.Result(st) }); err != nil {
		return nil, nil, err
	}
	switch {
	case done && g.info.Status == statusPlaying:
		return &statusChange{status: StatusFinished, at: at.UTC()}, &res, nil
	case !done && g.info.Status == StatusFinished:
		return &statusChange{status: statusPlaying}, nil, nil
	}
	return nil, nil, nil
}

// setStatus records in memory a status change already written.
func (g *game) setStatus(ch *statusChange) {
	g.info.Status, g.info.Finished = ch.status, nil
	if ch.status == StatusFinished {
		at := ch.at
		g.info.Finished = &at
	}
}

// notify tells every subscriber the new sequence number without waiting:
// an unread older number is replaced by the newer one.
func (g *game) notify() {
	for ch := range g.subs {
		select {
		case ch <- g.seq:
		default:
			select {
			case <-ch:
			default:
			}
			select {
			case ch <- g.seq:
			default:
			}
		}
	}
}
