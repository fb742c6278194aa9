package coldcash

import "tableside/engine"

// Continues reports whether a command whose first event is e carries on a
// move of several commands: a hostile takeover (its attacks, a defence's
// answer, the moving in, the free move, its end), a merger (the consents
// and each holder's answer, in both modes) and a stockholders' meeting (the
// nominee's answer and the votes). The command that begins one (the
// takeover, the proposal or bank merger, the meeting) does not continue
// anything, so one undo request stops there.
func (Rules) Continues(e engine.Event) bool {
	switch e.Type {
	case EvTAnnounced, EvTDefenceAsked, EvTBattle, EvTOccupied, EvTMoved, EvTTakeoverDone,
		EvTConsented, EvTMerged, EvDisposed, EvBonuses, EvClosed, EvMergerDone,
		EvTAccepted, EvTVoted, EvTMeetingDone:
		return true
	}
	return false
}
