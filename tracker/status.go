package tracker

// A game's status, as the games table stores it: played until its engine
// says it is over, then finished (an undo past the end makes it playing
// again). A game that is neither is damaged (the tracker refuses to load it).
const (
	statusPlaying  = "playing"
	StatusFinished = "finished"
)

// IsPlaying says whether the game is still being played: it takes
// commands, and its screens offer to join and to play.
func (g GameInfo) IsPlaying() bool { return g.Status == statusPlaying }
