package tracker

import (
	"tableside/engine"
)

// probe makes, on the state a command would leave, every read a screen
// makes of a game: the view of the host, the public and each seat, what the
// table waits for and each waited-for seat's move sheet (its decision
// card), the measures the charts draw, the mode in the title, and once the
// game is over its highlights. It runs before the command is written, so an engine that
// would panic drawing the next screen refuses that command (nothing is
// written) instead of leaving a log that no screen can draw. Each record's
// words (Describe, the undo and timeline label) and feed lines are checked
// as they are evolved (see feedLines).
func probe(rules engine.Rules, s engine.State, seats int, over bool) error {
	kind := rules.Kind()
	viewers := []engine.Viewer{{Seat: engine.Host}, {Seat: engine.Public}}
	for i := range seats {
		viewers = append(viewers, engine.Viewer{Seat: i})
	}
	for _, v := range viewers {
		if err := guard(kind, "View", func() { rules.View(s, v) }); err != nil {
			return err
		}
	}
	if err := probeWaiting(rules, s, seats); err != nil {
		return err
	}
	if m, ok := rules.(engine.Measurer); ok {
		if err := guard(kind, "Measure", func() { m.Measure(s) }); err != nil {
			return err
		}
	}
	if m, ok := rules.(engine.Moder); ok {
		if err := guard(kind, "Mode", func() { m.Mode(s) }); err != nil {
			return err
		}
	}
	if h, ok := rules.(engine.Highlighter); over && ok {
		if err := guard(kind, "Highlights", func() { h.Highlights(s) }); err != nil {
			return err
		}
	}
	return nil
}

// probeWaiting asks what the table waits for and, for each seat it waits
// for, that seat's move sheet, as the turn bar and the decision card do.
func probeWaiting(rules engine.Rules, s engine.State, seats int) error {
	var wt engine.Waiting
	var waits bool
	if err := guard(rules.Kind(), "Waiting", func() { wt, waits = rules.Waiting(s) }); err != nil || !waits {
		return err
	}
	for _, seat := range wt.Seats {
		if seat < 0 || seat >= seats {
			continue
		}
		if err := guard(rules.Kind(), "Moves", func() { rules.Moves(s, engine.Viewer{Seat: seat}) }); err != nil {
			return err
		}
	}
	return nil
}
