package cashcrash

import "tableside/engine"

// FirstMove: everyone has staked for the first round and the opener has
// not bid yet.
func (Rules) FirstMove(st engine.State) bool {
	s := st.(*State)
	return s.Phase == PhaseBid && s.Round == 1 && s.Bid == nil
}
