package web

import "tableside/engine"

// rollsDice reports whether a game rolls the app's dice: the games that
// resolve battles with recorded dice (engine.LuckTeller) are exactly those;
// a game that only shuffles and deals has no roll to seal.
func rollsDice(r engine.Rules) bool {
	_, ok := r.(engine.LuckTeller)
	return ok
}
