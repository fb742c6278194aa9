package tracker

import (
	"tableside/engine"
)

// LiveOf is the events still in force in a log already read (undone
// commands left out), in order, as its engine replays them from New(setup).
func LiveOf(recs []Record) ([]engine.Event, error) {
	h := newHistory()
	for _, r := range recs {
		if err := h.add(r); err != nil {
			return nil, err
		}
	}
	evs := make([]engine.Event, 0, len(recs))
	for _, r := range recs {
		if h.live(r) {
			evs = append(evs, r.event())
		}
	}
	return evs, nil
}
