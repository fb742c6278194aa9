package cashcrash

import (
	"fmt"

	"tableside/engine"
)

var _ engine.Rememberer = Rules{}

// Remember offers a game's set of ten cards to the table's next game: a
// table that chose its cards plays the same deck again.
func (Rules) Remember(st engine.State) (engine.Remembered, bool) {
	set := CardSet(st)
	if len(set) != SetSize {
		return engine.Remembered{}, false
	}
	return engine.RememberValue("cards", "the set of ten cards", set, fmt.Sprint(set))
}
