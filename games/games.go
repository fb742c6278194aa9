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

// Every game says what the table waits for, tells each reader what
// happened (the feed) and describes its settings: the screens' turn bar,
// feeds and new-game form read nothing else. A game that lacks one does not
// compile.
var (
	_ = []engine.Waiter{coldcash.Rules{}, scorepad.Rules{}, takeover.Rules{}, cashcrash.Rules{}, riskclassic.Rules{}, pctw.Rules{}}
	_ = []engine.Feeder{coldcash.Rules{}, scorepad.Rules{}, takeover.Rules{}, cashcrash.Rules{}, riskclassic.Rules{}, pctw.Rules{}}
	// The timeline's chart: every game with players who gain and lose
	// measures them (the score pad's scores are its whole view already).
	_ = []engine.Measurer{coldcash.Rules{}, takeover.Rules{}, cashcrash.Rules{}, riskclassic.Rules{}, pctw.Rules{}}
	_ = []engine.SettingsDescriber{coldcash.Rules{}, scorepad.Rules{}, takeover.Rules{}, cashcrash.Rules{}, riskclassic.Rules{}, pctw.Rules{}}
	// The games that fight battles with recorded dice measure their luck
	// (the end screen and the score log ask for it).
	_ = []engine.LuckTeller{coldcash.Rules{}, riskclassic.Rules{}, pctw.Rules{}}
)

// Every game lists every move a viewer may make now (engine.Mover), the
// one source of their move sheets and of each seat's decision card (its
// sheet filtered, engine.Sheet.Decision).
var _ = []engine.Mover{coldcash.Rules{}, scorepad.Rules{}, takeover.Rules{}, cashcrash.Rules{}, riskclassic.Rules{}, pctw.Rules{}}
