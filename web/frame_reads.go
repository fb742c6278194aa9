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

func (e engineReads) moves(v engine.Viewer) engine.Sheet {
	if s, ok := e.r.Sheet(v); ok {
		return s
	}
	return e.rules.Moves(e.st, v)
}

func (e engineReads) title() string {
	if e.r != nil {
		return titleWithMode(e.rules, e.r.Mode)
	}
	return gameTitle(e.rules, e.st)
}

func (e engineReads) result() (engine.Result, bool) {
	if e.r != nil {
		return e.r.Result, e.r.Over
	}
	return e.rules.Result(e.st)
}

func (e engineReads) waiting() (engine.Waiting, bool) {
	if e.r != nil {
		if e.r.Waiting == nil {
			return engine.Waiting{}, false
		}
		return *e.r.Waiting, true
	}
	return e.rules.Waiting(e.st)
}
