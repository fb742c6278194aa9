package tracker

import (
	"context"
	"fmt"

	"tableside/engine"
)

// Frame is everything one screen is drawn from at one moment (see
// SnapshotFor).
type Frame struct {
	Info    GameInfo
	State   engine.State
	Seq     int64
	Reverts Reverts
	// Feed is the newest lines of the game's feed the viewer may read,
	// newest first, as of Seq.
	Feed []FeedItem
	// Dice is the commitment to the seed of the next roll of the app's dice.
	Dice string
	// FirstDice is the commitment the game opened with (dice_seed.go).
	FirstDice string
	// Asked is the open undo request, if the log's last record is one.
	Asked *AskedUndo
	// SaidNo is the viewer's own newest undo request the host declined
	// (a phone's only; nil for any other screen).
	SaidNo *AskedUndo
	// Reads are the engine's answers at Seq, asked before the command
	// that made Seq was written (probe), or nil when the state has been
	// rebuilt since. Like State, they must not be kept or modified.
	Reads *Reads
}

// SnapshotFor calls fn with everything a screen of viewer v is drawn from
// (Frame), with up to feedN lines of the feed v may read, all under the
// game's lock so that they agree with each other. A view an engine builds
// may share memory with the state, so whatever fn makes of it (JSON, HTML)
// must be finished before fn returns; fn must not keep or modify the
// state, and must not call back into the tracker for this game. An engine
// that panics while fn draws the view fails this snapshot with
// ErrEngineFault (logged), and never leaves the game locked.
func (t *Tracker) SnapshotFor(ctx context.Context, id int64, v engine.Viewer, feedN int, fn func(f Frame) error) error {
	g, err := t.load(ctx, id)
	if err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	f := Frame{Info: g.info, State: g.state, Seq: g.seq, Reverts: g.reverts(), Feed: g.feedFor(v, feedN), Dice: Commitment(g.dice), FirstDice: g.first}
	if a := g.hist.asked; a != nil {
		cp := *a
		f.Asked = &cp
	}
	if no, ok := g.hist.SaidNo(v.Seat); ok && v.Seat >= 0 {
		f.SaidNo = &no
	}
	if g.reads != nil && g.reads.Seq == g.seq {
		f.Reads = g.reads
	}
	var ferr error
	if gerr := guard(g.info.Kind, "View", func() { ferr = fn(f) }); gerr != nil {
		t.logFault(g, "snapshot", gerr)
		return fmt.Errorf("game %d: %w", id, gerr)
	}
	return ferr
}
