package web

import (
	"tableside/engine"
	"tableside/tracker"
)

// engineReads answers a game page's questions to the engine: from the
// answers the tracker's probe asked on this seq before its command was
// written (a live frame's, when the frame is the first drawn since), or
// from the engine. A live frame of a seq is drawn once per kind of viewer
// (the hub), so the engine is asked once per command; a page, a fold or a
// JSON view asks the engine itself.
type engineReads struct {
	rules engine.Rules
	st    engine.State
	r     *tracker.Reads // nil: ask the engine
}

// readsFor is the page's engine reads: the probe's for a live frame.
func readsFor(rules engine.Rules, f tracker.Frame, live bool) engineReads {
	er := engineReads{rules: rules, st: f.State}
	if live {
		er.r = f.Reads
	}
	return er
}

func (e engineReads) view(v engine.Viewer) any {
	if view, ok := e.r.View(v); ok {
		return view
	}
	return e.rules.View(e.st, v)
}

func (e engineReads) moves(v engine.Viewer) (engine.Sheet, bool) {
	if s, ok := e.r.Sheet(v); ok {
		return s, true
	}
	return engineMoves(e.rules, e.st, v)
}

func (e engineReads) title() string {
	if e.r != nil {
		return titleWithMode(e.rules, e.r.Mode)
	}
	return gameTitle(e.rules, e.st)
}

func (e engineReads) result() (engine.Result, bool, bool) {
	f, ok := e.rules.(engine.Finisher)
	if !ok {
		return engine.Result{}, false, false
	}
	if e.r != nil {
		return e.r.Result, e.r.Over, true
	}
	r, over := f.Result(e.st)
	return r, over, true
}

func (e engineReads) waiting() (engine.Waiting, bool) {
	if e.r != nil {
		if e.r.Waiting == nil {
			return engine.Waiting{}, false
		}
		return *e.r.Waiting, true
	}
	if w, ok := e.rules.(engine.Waiter); ok {
		return w.Waiting(e.st)
	}
	return engine.Waiting{}, false
}

// choices are seat's own answers to the decision it owes.
func (e engineReads) choices(seat int) (string, []engine.Choice, bool) {
	if e.r != nil {
		if c, ok := e.r.Choices[seat]; ok {
			return c.Text, c.Choices, true
		}
	}
	ch, ok := e.rules.(engine.Chooser)
	if !ok {
		return "", nil, false
	}
	text, choices := ch.Choices(e.st, seat)
	return text, choices, true
}
