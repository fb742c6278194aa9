package engine

// Opener is implemented by games that can tell when the table waits for
// the first player's very first move of play (after any setting up):
// every screen then explains that move, so a new table starts together.
type Opener interface {
	FirstMove(s State) bool
}
