package tracker

import (
	"fmt"

	"tableside/engine"
)

// rebuild computes a game's state from its whole log: the fresh state from the
// setup, then every event still in force, in order. It is deterministic: the
// same log always gives the same state.
func rebuild(rules engine.Rules, setup engine.Setup, recs []Record) (engine.State, *history, error) {
	h := newHistory()
	for _, r := range recs {
		if err := h.add(r); err != nil {
			return nil, nil, err
		}
	}
	s, err := rules.New(setup)
	if err != nil {
		return nil, nil, fmt.Errorf("replay: setup: %w", err)
	}
	for _, r := range recs {
		if h.live(r) {
			s = rules.Evolve(s, r.Event())
		}
	}
	return s, h, nil
}
