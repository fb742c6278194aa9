package engine

import "encoding/json"

// Remembered is a setting a table enters once and expects to find again in
// its next game of the same kind (a club's own card symbols, its own map):
// the tracker keeps the last value per kind, and the new-game form offers it
// in words, so the host may start without it.
type Remembered struct {
	Key   string          // the setting's key in the settings object ("symbols")
	What  string          // what is reused, in the form's words ("custom card symbols")
	Value json.RawMessage // the value as the settings object takes it
	Say   string          // the value in words ("14 infantry, 14 cavalry, 14 artillery")
}

// Rememberer is implemented by a game with a remembered setting. Remember
// returns it as state s has it; ok is false while s uses the default, so a
// game that kept the default never overwrites a table's own choice.
type Rememberer interface {
	Remember(s State) (r Remembered, ok bool)
}

// RememberValue builds a Remembered from a value that encodes to JSON.
func RememberValue(key, what string, v any, say string) (Remembered, bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return Remembered{}, false
	}
	return Remembered{Key: key, What: what, Value: b, Say: say}, true
}
