package conquest

import "tableside/engine"

// FirstMove: every army is placed and the first player's first turn has
// not yet got past its reinforcements (Round counts the rounds done: 0
// during the first).
func FirstMove(st engine.State) bool {
	s := st.(*State)
	return s.Phase == PhaseReinforce && s.Round == 0 && s.Turn == s.Settings.First
}
