package tracker

import (
	"errors"
	"fmt"

	"tableside/engine"
)

// rebuild computes a game's state from its whole log: the fresh state from the
// setup, then every event still in force, in order. It is deterministic: the
// same log always gives the same state.
// An engine that panics is reported as a faultError naming the event.
// When feed is not nil it receives the game's feed (see feedOf).
func rebuild(rules engine.Rules, setup engine.Setup, recs []Record, feed *[]FeedItem) (engine.State, *history, error) {
	h := newHistory()
	for _, r := range recs {
		if err := h.add(r); err != nil {
			return nil, nil, err
		}
	}
	var s engine.State
	var err error
	if ferr := guard(rules.Kind(), "New", func() { s, err = rules.New(setup) }); ferr != nil {
		return nil, nil, fmt.Errorf("the game's setup: %w", ferr)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("the game's setup: %w", err)
	}
	// One guard for the whole replay: a deferred recover per event would
	// cost a long log's rebuild for nothing.
	var at Record
	var lines []FeedItem
	ferr := guard(rules.Kind(), "Evolve", func() {
		told := len(recs) - feedWindow // the feed tells only the newest events
		for i, r := range recs {
			if h.live(r) {
				at = r
				s = rules.Evolve(s, r.event())
				if feed != nil && i >= told {
					lines = feedOf(rules, s, r, lines)
				}
			} else if feed != nil && i >= told {
				lines = requestFeed(setup, h, r, lines)
			}
		}
	})
	if ferr != nil {
		return nil, nil, &replayError{Seq: at.Seq, Type: at.Type, Err: ferr}
	}
	if feed != nil {
		*feed = lines
	}
	return s, h, nil
}

// replayError is an engine that panicked replaying one event of a log.
type replayError struct {
	Seq  int64
	Type string
	Err  error // the faultError
}

func (e *replayError) Error() string {
	return fmt.Sprintf("event %d (%s) could not be replayed: %v", e.Seq, e.Type, e.Err)
}

func (e *replayError) Unwrap() error { return e.Err }

// storedDamage names a replay that failed on an event read from the
// database as damaged data: the rules accepted that event when it was
// written, so the stored event is not what was written (or the rules changed
// under it). Other errors are returned as they are.
func storedDamage(game int64, err error) error {
	var re *replayError
	if !errors.As(err, &re) {
		return err
	}
	return &DamagedError{Game: game, Seq: re.Seq, Type: re.Type, Why: whyUnplayable}
}
