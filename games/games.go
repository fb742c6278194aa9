// Package games lists every game this build of Tableside can run. Adding a
// game is one line here, plus its engine package and its screens in web.
package games

import (
	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/engine/scorepad"
)

// All returns the games in the order the new-game menu shows them.
func All() []engine.Rules {
	return []engine.Rules{
		coldcash.Rules{},
		scorepad.Rules{},
	}
}
