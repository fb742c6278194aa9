package main

import (
	"tableside/engine"
	"tableside/engine/scorepad"
)

// games lists every game this binary runs, in the order the new-game menu shows them.
func games() []engine.Rules {
	return []engine.Rules{
		scorepad.Rules{},
	}
}
