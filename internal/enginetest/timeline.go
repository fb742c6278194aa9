package enginetest

import (
	"fmt"

	"tableside/engine"
	"tableside/tracker"
)

// StateAfter calls fn with the state after step k of a log (0: as
// created), replaying only as far as k (tracker.Walk), for the tests that
// hold each step's state to a replay of the log up to it. fn must not keep
// the state.
func StateAfter(rules engine.Rules, setup engine.Setup, recs []tracker.Record, k int, fn func(st tracker.Step, s engine.State) error) error {
	var ferr error
	found := false
	err := tracker.Walk(rules, setup, recs, func(st tracker.Step, s engine.State) bool {
		if st.N < k {
			return true
		}
		found = true
		ferr = fn(st, s)
		return false
	})
	if err != nil {
		return err
	}
	if !found {
		return fmt.Errorf("timeline: no step %d; the game has %d", k, tracker.StepCount(recs))
	}
	return ferr
}
