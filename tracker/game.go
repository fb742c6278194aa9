package tracker

import (
	"context"
	"sync"

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
	subs  map[chan int64]struct{}
}

// rebuild replays the whole log from the database.
func (g *game) rebuild(ctx context.Context, db *DB) error {
	var recs []Record
	if err := db.records(ctx, g.info.ID, func(r Record) error {
		recs = append(recs, r)
		return nil
	}); err != nil {
		return err
	}
	s, h, err := rebuild(g.rules, g.info.Setup, recs)
	if err != nil {
		return err
	}
	g.state, g.hist = s, h
	if n := len(recs); n > 0 {
		g.seq = recs[n-1].Seq
	}
	return nil
}

func (g *game) describe(r Record) string {
	if d, ok := g.rules.(engine.Describer); ok {
		return d.Describe(g.state, r.Event())
	}
	return r.Type
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
