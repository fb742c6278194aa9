package tracker

import (
	"tableside/engine"
)

// Reads are the engine's answers a live frame is drawn from, asked once on
// the state a command leaves, before it is written (probe): the view and
// the move sheet of the host, the public and each seat (a seat's decision
// card is its sheet filtered), what the table waits for, the mode in the
// title, the result. Asking them before the write is what lets a read that would panic
// refuse the command; keeping them is what spares the live frames of that
// seq from asking again (Frame.Reads). They share memory with the state
// and are good only at Seq: the game keeps them while its state is at Seq
// and drops them when the state is rebuilt.
type Reads struct {
	Seq   int64
	Views map[int]any // by viewer seat (engine.Host, engine.Public, 0..)
	// Sheets are each viewer's moves (engine.Mover).
	Sheets map[int]engine.Sheet
	// Waiting is what the table waits for, nil for nothing.
	Waiting *engine.Waiting
	Mode    string // the mode the title names (engine.Moder), "" for none
	Result  engine.Result
	Over    bool
}

// View is viewer v's view at r.Seq, if it was asked.
func (r *Reads) View(v engine.Viewer) (any, bool) {
	if r == nil || v.Past {
		return nil, false
	}
	view, ok := r.Views[v.Seat]
	return view, ok
}

// Sheet is viewer v's moves at r.Seq, if they were asked.
func (r *Reads) Sheet(v engine.Viewer) (engine.Sheet, bool) {
	if r == nil || v.Past {
		return engine.Sheet{}, false
	}
	s, ok := r.Sheets[v.Seat]
	return s, ok
}

// probe makes, on the state a command would leave, every read a screen
// makes of a game: the view and the moves of the host, the public and each
// seat, what the table waits for, the measures the charts draw, the mode in the title, and once the game is
// over its highlights. It runs before the command is written, so an engine
// that would panic drawing the next screen refuses that command (nothing
// is written) instead of leaving a log that no screen can draw; the
// answers are kept for the live frames (Reads). Each record's words
// (Describe, the undo and timeline label) and feed lines are checked as
// they are evolved (see feedLines).
func probe(rules engine.Rules, s engine.State, seats int, res engine.Result, over bool) (*Reads, error) {
	kind := rules.Kind()
	r := &Reads{Views: make(map[int]any, seats+2), Sheets: make(map[int]engine.Sheet, seats+2), Result: res, Over: over}
	viewers := []engine.Viewer{{Seat: engine.Host}, {Seat: engine.Public}}
	for i := range seats {
		viewers = append(viewers, engine.Viewer{Seat: i})
	}
	for _, v := range viewers {
		if err := guard(kind, "View", func() { r.Views[v.Seat] = rules.View(s, v) }); err != nil {
			return nil, err
		}
		if err := guard(kind, "Moves", func() { r.Sheets[v.Seat] = rules.Moves(s, v) }); err != nil {
			return nil, err
		}
	}
	if err := guard(kind, "Waiting", func() {
		if wt, waits := rules.Waiting(s); waits {
			r.Waiting = &wt
		}
	}); err != nil {
		return nil, err
	}
	if m, ok := rules.(engine.Measurer); ok {
		if err := guard(kind, "Measure", func() { m.Measure(s) }); err != nil {
			return nil, err
		}
	}
	if m, ok := rules.(engine.Moder); ok {
		if err := guard(kind, "Mode", func() { r.Mode = m.Mode(s) }); err != nil {
			return nil, err
		}
	}
	if h, ok := rules.(engine.Highlighter); over && ok {
		if err := guard(kind, "Highlights", func() { h.Highlights(s) }); err != nil {
			return nil, err
		}
	}
	return r, nil
}
