package takeover

import "tableside/engine"

// FirstMove: the coins are chosen and the first drafter has not yet merged
// or passed.
func (Rules) FirstMove(st engine.State) bool {
	s := st.(*State)
	return s.Phase == PhasePlay && s.Merges == 0 && s.Passes == 0 && s.Turn == s.First
}
