package tracker

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tableside/engine"
)

// Step is one entry of a game's timeline: a command the table answered, or
// an undo or a redo. The timeline follows the log as it was written, so it
// shows what the table saw at each moment, mistakes and their undoing
// included; a step's state equals a fresh replay of the log up to it.
type Step struct {
	N     int       `json:"n"`     // 1 for the first step; 0 is the game as created
	Seq   int64     `json:"seq"`   // the step's last event
	Cmd   int64     `json:"cmd"`   // the command made, or the one undone or redone
	Type  string    `json:"type"`  // its first event's type, or tracker.undo / tracker.redo
	Actor int       `json:"actor"` // who sent it (a seat, or engine.Host)
	Time  time.Time `json:"time"`
	What  string    `json:"what"` // in words: "Ana bought 3 Luxor ($900)", "Undo: ..."
}

// IsRevert reports whether the step is an undo or a redo.
func (st Step) IsRevert() bool { return st.Type == typeUndo || st.Type == typeRedo }

// StepCount is how many steps a log has: every command, undo and redo.
func StepCount(recs []Record) int {
	n := 0
	for _, r := range recs {
		if r.Cmd == r.Seq && !isNote(r.Type) {
			n++
		}
	}
	return n
}

// Walk replays a log once, calling visit with the state as created (step
// 0) and after every step, until visit returns false. The state is the
// replay's own: visit must not keep or change it, and must finish whatever
// it draws from it before returning. Commands are applied as they come; an
// undo or a redo replays the log up to it (undo is rare, and rebuilding is
// the one way every engine's state is put back, as the live game does).
// An engine that panics is reported as a faultError naming the event.
func Walk(rules engine.Rules, setup engine.Setup, recs []Record, visit func(st Step, s engine.State) bool) error {
	_, err := WalkTold(rules, setup, recs, -1, visit)
	return err
}

// WalkTold is Walk that also returns what step told told its readers: the
// feed's lines its events made, as the live game told them (none for the
// game as created, an undo or a redo). Screens keep the lines their viewer
// may read (engine.Line.ReadBy).
func WalkTold(rules engine.Rules, setup engine.Setup, recs []Record, told int, visit func(st Step, s engine.State) bool) ([]engine.Line, error) {
	var out []engine.Line
	err := walk(rules, setup, recs, told, &out, visit)
	return out, err
}

func walk(rules engine.Rules, setup engine.Setup, recs []Record, told int, out *[]engine.Line, visit func(st Step, s engine.State) bool) error {
	w, err := NewWalker(rules, setup)
	if err != nil {
		return err
	}
	return w.run(recs, true, told, out, visit)
}

// Walker is a replay that can be carried on as a log grows (the turn
// clock keeps one per game in play): the state after its last step, the
// history (undo groups) so far and the steps counted. Its first Walk is
// given the whole log, each later one the records written since.
type Walker struct {
	rules engine.Rules
	setup engine.Setup
	s     engine.State
	h     *history
	n     int
	begun bool // step 0 (the game as created) was visited
}

// ErrRevertInPart: an undo or a redo rebuilds from the whole log, which a
// walk carried on over the log's newest records does not have; a new
// Walker over the whole log takes it.
var ErrRevertInPart = errors.New("timeline: an undo or a redo needs the whole log")

// NewWalker starts a replay at the game as created.
func NewWalker(rules engine.Rules, setup engine.Setup) (*Walker, error) {
	w := &Walker{rules: rules, setup: setup, h: newHistory()}
	var err error
	if ferr := guard(rules.Kind(), "New", func() { w.s, err = rules.New(setup) }); ferr != nil {
		return nil, fmt.Errorf("timeline: setup: %w", ferr)
	}
	if err != nil {
		return nil, fmt.Errorf("timeline: setup: %w", err)
	}
	return w, nil
}

// Walk carries the replay over recs, calling visit as Walk (the function)
// does: the first call is given the whole log, a later one the records
// after those walked, in which an undo or a redo fails with
// ErrRevertInPart.
func (w *Walker) Walk(recs []Record, visit func(st Step, s engine.State) bool) error {
	return w.run(recs, !w.begun, -1, nil, visit)
}

// run walks recs: the whole log (whole), or the records after those
// walked already, in which an undo or a redo fails with ErrRevertInPart.
func (w *Walker) run(recs []Record, whole bool, told int, out *[]engine.Line, visit func(st Step, s engine.State) bool) error {
	var at Record
	var werr error
	ferr := guard(w.rules.Kind(), "Evolve", func() {
		if !w.begun {
			w.begun = true
			if !visit(Step{}, w.s) {
				return
			}
		}
		for i := 0; i < len(recs); i++ {
			r := recs[i]
			if !whole && (r.Type == typeUndo || r.Type == typeRedo) {
				werr = ErrRevertInPart
				return
			}
			if err := w.h.add(r); err != nil {
				werr = fmt.Errorf("timeline: %w", err)
				return
			}
			if isNote(r.Type) { // a request or a clock setting is not a step: the table's game did not move
				continue
			}
			at = r
			var step Step
			if step, i, werr = w.step(recs, i, told, out); werr != nil {
				return
			}
			if !visit(step, w.s) {
				return
			}
		}
	})
	if ferr != nil {
		return fmt.Errorf("timeline: event %d (%s): %w", at.Seq, at.Type, ferr)
	}
	return werr
}

// step takes the step that begins at recs[i] (a command and the rest of
// its events, or an undo or a redo) and returns it with the index of its
// last record.
func (w *Walker) step(recs []Record, i, told int, out *[]engine.Line) (Step, int, error) {
	r := recs[i]
	step := Step{Seq: r.Seq, Cmd: r.Cmd, Type: r.Type, Actor: r.Actor, Time: r.Time}
	first := r
	if r.Type == typeUndo || r.Type == typeRedo {
		s, _, err := rebuild(w.rules, w.setup, recs[:i+1], nil)
		if err != nil {
			return step, i, err
		}
		w.s = s
		first = w.h.groups[w.h.index[engine.Payload[undoData](r.event()).Cmd]].first
		step.Cmd = first.Cmd
	} else {
		var lines []FeedItem
		apply := func(r Record) {
			if w.h.live(r) {
				w.s = w.rules.Evolve(w.s, r.event())
				if w.n+1 == told {
					lines = feedOf(w.rules, w.s, r, lines)
				}
			}
		}
		apply(r)
		// The rest of the command's events.
		for i+1 < len(recs) && recs[i+1].Cmd == r.Cmd && recs[i+1].Seq != recs[i+1].Cmd {
			i++
			if err := w.h.add(recs[i]); err != nil {
				return step, i, fmt.Errorf("timeline: %w", err)
			}
			apply(recs[i])
		}
		step.Seq = recs[i].Seq
		for _, l := range lines {
			*out = append(*out, l.Line)
		}
	}
	w.n++
	step.N = w.n
	step.What = describeStep(w.rules, w.s, r.Type, first)
	return step, i, nil
}

// describeStep says a step in words: the engine's words for the command
// (the undo button's), after "Undo: " or "Redo: " for a revert.
func describeStep(rules engine.Rules, s engine.State, typ string, first Record) string {
	what := describe(rules, s, first)
	switch typ {
	case typeUndo:
		return "Undo: " + what
	case typeRedo:
		return "Redo: " + what
	}
	return what
}

// Records returns a game's description and its whole log, for the timeline.
func (t *Tracker) Records(ctx context.Context, id int64) (GameInfo, []Record, error) {
	info, err := t.db.game(ctx, id)
	if err != nil {
		return info, nil, err
	}
	recs, err := t.db.log(ctx, id)
	return info, recs, err
}

// RecordsAfter returns the records of a game's log after seq after, for a
// reader that carries a replay forward as the log grows: from the records
// this run appended when they reach back that far (logTail), else read.
func (t *Tracker) RecordsAfter(ctx context.Context, id, after int64) ([]Record, error) {
	if recs, ok := t.db.tail.after(id, after); ok {
		return recs, nil
	}
	return t.db.logAfter(ctx, id, after)
}

// LastSeq is the sequence number of a game's newest event (0 for none),
// read from the database without loading the game: a log only grows, so
// it names what a log holds, for caches of what is computed from it.
func (t *Tracker) LastSeq(ctx context.Context, id int64) (int64, error) {
	var seq int64
	if err := t.db.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM events WHERE game_id = ?`, id).Scan(&seq); err != nil {
		return 0, fmt.Errorf("last event of game %d: %w", id, err)
	}
	return seq, nil
}
