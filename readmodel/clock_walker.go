package readmodel

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"tableside/engine"
	"tableside/tracker"
)

// clockWalker carries a game's turn-clock replay forward as its log grows:
// each catch-up reads and replays only the records written since the last,
// so a long game's every command no longer pays for its whole history
// (make load, 12,000 commands: a whole replay per change put the round
// trip's p99 at 882 ms). An undo or a redo rebuilds from the whole log, as
// the live game does, so a catch-up that meets one walks the whole log
// again. Safe for concurrent use; the clockLogs it returns never change.
type clockWalker struct {
	mu    sync.Mutex
	id    int64
	seq   int64 // the last record walked (0: none yet)
	info  tracker.GameInfo
	rules engine.Rules
	down  []tracker.Span
	w     *tracker.Walker // nil until the first catch-up, or after a failure
	cw    *clockWalk
	set   tracker.ClockSetting
	// pauses are the host's pauses so far; an open one's To is zero.
	pauses []tracker.Span
	last   *clockLog
}

// catchUp walks what the game's log holds beyond the last catch-up and
// returns the clock as the log now says, with the seq of the log's last
// record.
func (c *clockWalker) catchUp(ctx context.Context, t *tracker.Tracker) (*clockLog, int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.w == nil {
		if err := c.restart(ctx, t); err != nil {
			return nil, 0, err
		}
	}
	// A server run that began since (the server was down meanwhile, as a
	// test's tracker may see) changes what every open wait counts.
	if down, err := t.Downtime(ctx, c.info.Created); err != nil {
		return nil, 0, err
	} else if !slices.Equal(down, c.down) {
		if err := c.restart(ctx, t); err != nil {
			return nil, 0, err
		}
	}
	recs, err := t.RecordsAfter(ctx, c.id, c.seq)
	if err != nil {
		return nil, 0, fmt.Errorf("turn clock of game %d: %w", c.id, err)
	}
	if len(recs) == 0 && c.last != nil {
		return c.last, c.seq, nil
	}
	err = c.walk(recs)
	if errors.Is(err, tracker.ErrRevertInPart) { // an undo or a redo: walk the whole log again
		if err = c.restart(ctx, t); err == nil {
			if recs, err = t.RecordsAfter(ctx, c.id, 0); err == nil {
				err = c.walk(recs)
			}
		}
	}
	if err != nil {
		c.w = nil // the next catch-up starts over
		return nil, 0, fmt.Errorf("turn clock of game %d: %w", c.id, err)
	}
	c.last = c.snapshot()
	return c.last, c.seq, nil
}

// restart begins the walk again from the game as created.
func (c *clockWalker) restart(ctx context.Context, t *tracker.Tracker) error {
	info, err := t.StoredInfo(ctx, c.id)
	if err != nil {
		return fmt.Errorf("turn clock of game %d: %w", c.id, err)
	}
	rules, ok := t.Rules(info.Kind)
	if !ok {
		return fmt.Errorf("turn clock of game %d: no engine for %q", c.id, info.Kind)
	}
	down, err := t.Downtime(ctx, info.Created)
	if err != nil {
		return err
	}
	return c.start(rules, info, down)
}

// start resets the walk to the game as created.
func (c *clockWalker) start(rules engine.Rules, info tracker.GameInfo, down []tracker.Span) error {
	w, err := tracker.NewWalker(rules, info.Setup)
	if err != nil {
		return err
	}
	c.seq, c.info, c.rules, c.down, c.w = 0, info, rules, down, w
	c.cw = &clockWalk{open: map[int]wait{}, undone: map[int64]bool{}}
	c.set, c.pauses, c.last = tracker.ClockSetting{}, nil, nil
	c.cw.waiter = rules
	return nil
}

// settle takes recs (the records after c.seq, or the whole log) into the
// setting in force, the pauses and the breaks, before their steps are
// walked.
func (c *clockWalker) settle(recs []tracker.Record) {
	c.set, c.pauses = addPauses(c.set, c.pauses, recs)
	// A decision ended before an open pause began: to it the pause may run
	// for ever.
	c.cw.breaks = mergeSpans(append(closePauses(c.pauses, time.Unix(1<<40, 0)), c.down...))
	if n := len(recs); n > 0 {
		c.seq = recs[n-1].Seq
	}
}

// walk takes recs (the records after c.seq, or the whole log) into the
// clock: first the host's clock settings among them, then the steps.
func (c *clockWalker) walk(recs []tracker.Record) error {
	c.settle(recs)
	if c.cw.waiter == nil {
		return nil
	}
	return c.w.Walk(recs, c.visit)
}

// visit takes one step of the walk (it always goes on).
func (c *clockWalker) visit(st tracker.Step, s engine.State) bool {
	at := st.Time
	if st.N == 0 {
		at = c.info.Created
	}
	c.cw.step(st, at, s)
	return true
}

// snapshot is the clock as walked so far, which the walk's next steps do
// not change: the ended decisions are clipped (later ones are appended
// beyond them), the open waits and pauses copied.
func (c *clockWalker) snapshot() *clockLog {
	return &clockLog{seats: len(c.info.Setup.Seats), setting: c.set, pauses: slices.Clone(c.pauses), down: c.down,
		done: slices.Clip(c.cw.done), undone: maps.Clone(c.cw.undone), open: maps.Clone(c.cw.open)}
}
