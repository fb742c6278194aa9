// Package readmodel is what Tableside reads from a game's whole log for
// people: its luck and the evening's dice, the worth series, the turn
// clock, a seat's standing and the printed record's assembly. One Reader
// reads a game's log once and replays it once per change of the log (one
// cache, keyed by the log's last seq), however many screens and pages ask.
// It is below the web (no HTTP) and above the tracker and the engines.
package readmodel

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"

	"tableside/engine"
	"tableside/tracker"
)

// Reader reads games' logs into their read models, once per change.
type Reader struct {
	t       *tracker.Tracker
	log     *slog.Logger
	cache   cache
	reads   atomic.Int64 // whole logs read (tracker.Records)
	replays atomic.Int64 // logs replayed (tracker.Walk)
	// diceReads counts games' dice read from their logs (the evening's).
	diceReads atomic.Int64
}

// New makes a reader over a tracker.
func New(t *tracker.Tracker, log *slog.Logger) *Reader {
	if log == nil {
		log = slog.Default()
	}
	return &Reader{t: t, log: log}
}

// Counts is how many times the reader has read a whole log and replayed
// one, for tests and benchmarks that hold it to one of each per change.
func (r *Reader) Counts() (reads, replays int64) { return r.reads.Load(), r.replays.Load() }

// DiceReads is how many times a game's dice were read from its log for
// the evening's (once per game per change of its log).
func (r *Reader) DiceReads() int64 { return r.diceReads.Load() }

// part is one read model of a log.
type part uint8

const (
	partSeries part = 1 << iota // the measures after every step
	partClock                   // the turn clock
	partLuck                    // the battles' luck and the faces' fairness
	partAll    = partSeries | partClock | partLuck
)

// reading is what one read and one replay of a game's log told, at seq.
type reading struct {
	seq   int64
	parts part
	info  tracker.GameInfo

	series    Series
	seriesErr error
	clock     *clockLog
	clockErr  error
	luck      *Luck // nil: nothing to say
	luckErr   error
}

func (e *reading) has(p part) bool { return e.parts&p == p }

// read returns game id's reading holding the parts wanted. A finished
// game's reading holds every part: the end screen asks for all of them, so
// one read and one replay answer the whole screen (and its record, its
// play's page).
func (r *Reader) read(ctx context.Context, id int64, want part) (*reading, error) {
	seq, err := r.t.LastSeq(ctx, id)
	if err != nil {
		return nil, err
	}
	if e, ok := r.cache.get(id, seq, want); ok {
		return e, nil
	}
	info, recs, err := r.t.Records(ctx, id)
	r.reads.Add(1)
	if err != nil {
		return nil, err
	}
	e := &reading{info: info}
	if n := len(recs); n > 0 {
		e.seq = recs[n-1].Seq
	}
	if info.Status == tracker.StatusFinished {
		want = partAll
	}
	if old := r.cache.at(id, e.seq); old != nil {
		*e = *old // keep what was read at this seq; add what is wanted
		want &^= old.parts
	}
	if err := r.replay(ctx, e, recs, want); err != nil {
		return nil, err
	}
	e.parts |= want
	r.cache.put(id, e)
	return e, nil
}

// replay makes the parts wanted from a log read: the series and the clock
// in one walk of the log, the luck from its events in force and its faces.
func (r *Reader) replay(ctx context.Context, e *reading, recs []tracker.Record, want part) error {
	info := e.info
	rules, ok := r.t.Rules(info.Kind)
	if !ok {
		return fmt.Errorf("game %d: no engine for %q", info.ID, info.Kind)
	}
	var visits []func(tracker.Step, engine.State) bool
	var sc *seriesWalk
	if want&partSeries != 0 {
		sc = newSeriesWalk(rules, recs)
		visits = append(visits, sc.visit)
	}
	var cw *clockVisitor
	if want&partClock != 0 {
		down, err := r.t.Downtime(ctx, info.Created)
		if err != nil {
			e.clockErr = err
		} else if cw = newClockVisitor(rules, info, recs, down); cw.needs() {
			visits = append(visits, cw.visit)
		}
	}
	var werr error
	if len(visits) > 0 {
		r.replays.Add(1)
		werr = tracker.Walk(rules, info.Setup, recs, func(st tracker.Step, s engine.State) bool {
			for _, v := range visits {
				v(st, s)
			}
			return true
		})
	}
	if sc != nil {
		e.series, e.seriesErr = sc.done(werr)
		if e.seriesErr != nil {
			e.seriesErr = fmt.Errorf("worth of game %d: %w", info.ID, e.seriesErr)
		}
	}
	if cw != nil {
		e.clock = cw.log()
		if werr != nil {
			e.clock, e.clockErr = nil, fmt.Errorf("turn clock of game %d: %w", info.ID, werr)
		}
	}
	if want&partLuck != 0 {
		e.luck, e.luckErr = measureLuck(rules, info, recs)
	}
	return nil
}
