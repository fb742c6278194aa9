package engine

// OpenLog is a game whose event log holds nothing the host's screen may
// not show (the score pad: every score is public). Its log downloads from
// the host's screen while it is played; any other game's log holds the
// players' secrets (deck order, hands, hidden shares, stakes) and is
// handed out before the game ends only when the host insists.
type OpenLog interface {
	OpenLog()
}

// HasOpenLog reports whether r's log may be exported while it is played.
func HasOpenLog(r Rules) bool {
	_, ok := r.(OpenLog)
	return ok
}
