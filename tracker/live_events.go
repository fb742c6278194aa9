package tracker

import (
	"context"
	"fmt"

	"tableside/engine"
)

// LiveEvents returns a game's events still in force (undone commands left
// out), in order, as its engine replays them from New(setup), and the seq
// of the log's last record: what a reading of the whole game (its luck) is
// computed from. It reads the database only and never takes the game's
// lock, so a screen may call it before drawing a snapshot.
func (t *Tracker) LiveEvents(ctx context.Context, id int64) (GameInfo, []engine.Event, int64, error) {
	info, recs, err := t.Records(ctx, id)
	if err != nil {
		return GameInfo{}, nil, 0, fmt.Errorf("events of game %d: %w", id, err)
	}
	evs, err := LiveOf(recs)
	if err != nil {
		return GameInfo{}, nil, 0, fmt.Errorf("events of game %d: %w", id, err)
	}
	var last int64
	if n := len(recs); n > 0 {
		last = recs[n-1].Seq
	}
	return info, evs, last, nil
}

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
			evs = append(evs, r.Event())
		}
	}
	return evs, nil
}
