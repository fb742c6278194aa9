package tracker

import (
	"context"
	"time"

	"tableside/engine"
)

// ClockVisitor is the turn clock of a whole log as a visitor of a walk of
// it (Walk), so a reader that replays a log for other reasons too (the
// worth series of a finished game) measures the clock in the same replay.
// A game in play keeps a ClockWalker instead, carried forward as its log
// grows.
type ClockVisitor struct{ c *ClockWalker }

// NewClockVisitor prepares the clock of a log whose steps Visit will be
// given, in order, from step 0; down is when the server was down
// (Tracker.Downtime).
func NewClockVisitor(rules engine.Rules, info GameInfo, recs []Record, down []Span) *ClockVisitor {
	c := &ClockWalker{id: info.ID, info: info, rules: rules, down: down}
	c.cw = &clockWalk{open: map[int]wait{}, undone: map[int64]bool{}}
	c.cw.waiter = rules
	for _, r := range recs {
		if r.Type == typeClock {
			c.set, c.pauses = addPause(c.set, c.pauses, r)
		}
	}
	// A decision ended before an open pause began: to it the pause may run
	// for ever.
	c.cw.breaks = mergeSpans(append(closePauses(c.pauses, time.Unix(1<<40, 0)), c.down...))
	if n := len(recs); n > 0 {
		c.seq = recs[n-1].Seq
	}
	return &ClockVisitor{c: c}
}

// Needs reports whether the clock needs the walk: a game whose engine is
// no engine.Waiter gives every seat zero without one.
func (v *ClockVisitor) Needs() bool { return v.c.cw.waiter != nil }

// Visit takes one step of the walk (a Walk visitor; it always goes on).
func (v *ClockVisitor) Visit(st Step, s engine.State) bool {
	if v.c.cw.waiter == nil {
		return true
	}
	at := st.Time
	if st.N == 0 {
		at = v.c.info.Created
	}
	v.c.cw.step(st, at, s)
	return true
}

// Log is the clock of the steps visited.
func (v *ClockVisitor) Log() *ClockLog { return v.c.snapshot() }

// Downtime is when the server was down since a moment (a game's creation),
// for a turn clock measured outside the tracker (ClockVisitor).
func (t *Tracker) Downtime(ctx context.Context, since time.Time) ([]Span, error) {
	return t.db.Downtime(ctx, since)
}
