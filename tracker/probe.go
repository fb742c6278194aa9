package tracker

import (
	"tableside/engine"
)

// Reads are the engine's answers a live frame is drawn from, asked once on
// the state a command leaves, before it is written (probe): the view and
// the move sheet of the host, the public and each seat, what the table
// waits for and each waited-for seat's choices, the mode in the title, the
// result. Asking them before the write is what lets a read that would panic
// refuse the command; keeping them is what spares the live frames of that
// seq from asking again (Frame.Reads). They share memory with the state
// and are good only at Seq: the game keeps them while its state is at Seq
// and drops them when the state is rebuilt.
type Reads struct {
	Seq   int64
	Views map[int]any // by viewer seat (engine.Host, engine.Public, 0..)
	// Sheets are each viewer's moves (engine.Mover); nil for a game
	// without a move list.
	Sheets map[int]engine.Sheet
	// Waiting is what the table waits for, nil for nothing; Choices are
	// each waited-for seat's own answers (engine.Chooser).
	Waiting *engine.Waiting
	Choices map[int]Choice
	Mode    string // the mode the title names (Mode(State) string), "" for none
	Result  engine.Result
	Over    bool
}

// Choice is one seat's answer to a decision: its question and choices.
type Choice struct {
	Text    string
	Choices []engine.Choice
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
	if r == nil || v.Past || r.Sheets == nil {
		return engine.Sheet{}, false
	}
	s, ok := r.Sheets[v.Seat]
	return s, ok
}

// probe makes, on the state a command would leave, every read a screen
// makes of a game: the view and the moves of the host, the public and each
// seat, what the table waits for and each waited-for seat's choices, the
// measures the charts draw, the mode in the title, and once the game is
// over its highlights. It runs before the command is written, so an engine
// that would panic drawing the next screen refuses that command (nothing
// is written) instead of leaving a log that no screen can draw; the
// answers are kept for the live frames (Reads). Each record's words
// (Describe, the undo and timeline label) and feed lines are checked as
// they are evolved (see feedLines).
func probe(rules engine.Rules, s engine.State, seats int, res engine.Result, over bool) (*Reads, error) {
	kind := rules.Kind()
	r := &Reads{Views: make(map[int]any, seats+2), Result: res, Over: over}
	viewers := []engine.Viewer{{Seat: engine.Host}, {Seat: engine.Public}}
	for i := range seats {
		viewers = append(viewers, engine.Viewer{Seat: i})
	}
	mv, moves := rules.(engine.Mover)
	if moves {
		r.Sheets = make(map[int]engine.Sheet, seats+2)
	}
	for _, v := range viewers {
		if err := guard(kind, "View", func() { r.Views[v.Seat] = rules.View(s, v) }); err != nil {
			return nil, err
		}
		if moves {
			if err := guard(kind, "Moves", func() { r.Sheets[v.Seat] = mv.Moves(s, v) }); err != nil {
				return nil, err
			}
		}
	}
	if err := probeWaiting(rules, s, seats, r); err != nil {
		return nil, err
	}
	if m, ok := rules.(engine.Measurer); ok {
		if err := guard(kind, "Measure", func() { m.Measure(s) }); err != nil {
			return nil, err
		}
	}
	if m, ok := rules.(interface{ Mode(engine.State) string }); ok {
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

// probeWaiting asks what the table waits for and, for each seat it waits
// for, that seat's choices, as the turn bar and the decision card do.
func probeWaiting(rules engine.Rules, s engine.State, seats int, r *Reads) error {
	w, ok := rules.(engine.Waiter)
	if !ok {
		return nil
	}
	var wt engine.Waiting
	var waits bool
	if err := guard(rules.Kind(), "Waiting", func() { wt, waits = w.Waiting(s) }); err != nil || !waits {
		return err
	}
	r.Waiting = &wt
	ch, ok := rules.(engine.Chooser)
	if !ok {
		return nil
	}
	r.Choices = map[int]Choice{}
	for _, seat := range wt.Seats {
		if seat < 0 || seat >= seats {
			continue
		}
		var c Choice
		if err := guard(rules.Kind(), "Choices", func() { c.Text, c.Choices = ch.Choices(s, seat) }); err != nil {
			return err
		}
		r.Choices[seat] = c
	}
	return nil
}
