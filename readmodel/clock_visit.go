package readmodel

import (
	"tableside/engine"
	"tableside/tracker"
)

// clockVisitor is the turn clock of a whole log as a visitor of a walk of
// it (tracker.Walk), so a reader that replays a log for other reasons too
// (the worth series of a finished game) measures the clock in the same
// replay. A game in play keeps a clockWalker instead, carried forward as
// its log grows.
type clockVisitor struct{ c *clockWalker }

// newClockVisitor prepares the clock of a log whose steps visit will be
// given, in order, from step 0; down is when the server was down
// (Tracker.Downtime).
func newClockVisitor(rules engine.Rules, info tracker.GameInfo, recs []tracker.Record, down []tracker.Span) *clockVisitor {
	c := &clockWalker{id: info.ID, info: info, rules: rules, down: down}
	c.cw = &clockWalk{open: map[int]wait{}, undone: map[int64]bool{}}
	c.cw.waiter = rules
	c.settle(recs)
	return &clockVisitor{c: c}
}

// needs reports whether the clock needs the walk: a game whose engine is
// no engine.Waiter gives every seat zero without one.
func (v *clockVisitor) needs() bool { return v.c.cw.waiter != nil }

// visit takes one step of the walk (a tracker.Walk visitor; it always goes on).
func (v *clockVisitor) visit(st tracker.Step, s engine.State) bool {
	if v.c.cw.waiter == nil {
		return true
	}
	return v.c.visit(st, s)
}

// log is the clock of the steps visited.
func (v *clockVisitor) log() *clockLog { return v.c.snapshot() }
