package tracker

import (
	"context"

	"tableside/engine"
)

// Snapshot calls fn with everything a screen is drawn from, all under the
// game's lock so that they agree with each other: the game's description,
// its state, its seq, and what undo would revert ("" when nothing). A view
// an engine builds may share memory with the state, so whatever fn makes of
// it (JSON, HTML) must be finished before fn returns; fn must not keep or
// modify the state, and must not call back into the tracker for this game.
func (t *Tracker) Snapshot(ctx context.Context, id int64, fn func(info GameInfo, s engine.State, seq int64, undo string) error) error {
	g, err := t.load(ctx, id)
	if err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	undo := ""
	if target, ok := g.hist.lastDone(); ok {
		undo = g.describe(target.first)
	}
	return fn(g.info, g.state, g.seq, undo)
}
