// Package games lists every game this build of Tableside can run. Adding a
// game is one line here, plus its engine package and its screens in web.
package games

import (
	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/coldcash"
	"tableside/engine/pctw"
	"tableside/engine/riskclassic"
	"tableside/engine/scorepad"
	"tableside/engine/takeover"
)

// All returns the games in the order the new-game menu shows them.
func All() []engine.Rules {
	return []engine.Rules{
		coldcash.Rules{},
		scorepad.Rules{},
		takeover.Rules{},
		cashcrash.Rules{},
		riskclassic.Rules{},
		pctw.Rules{},
	}
}

// What every game answers (the turn bar, the feed, the move sheet, the
// new-game form) is engine.Rules itself: a game that lacks a part does not
// compile. Below, the abilities some games have, listed so that losing one
// does not compile either.
var (
	// The timeline's chart: every game with players who gain and lose
	// measures them (the score pad's scores are its whole view already).
	_ = []engine.Measurer{coldcash.Rules{}, takeover.Rules{}, cashcrash.Rules{}, riskclassic.Rules{}, pctw.Rules{}}
	// The games that fight battles with recorded dice measure their luck
	// (the end screen and the score log ask for it).
	_ = []engine.LuckTeller{coldcash.Rules{}, riskclassic.Rules{}, pctw.Rules{}}
)
