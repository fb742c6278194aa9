package coldcash

import "tableside/engine"

// FirstMove: board mode's first player is about to place the game's first
// Mom & Pop after the opening bell (bank mode has no such moment the
// laptop can see: the table plays on paper and types what happened).
func (Rules) FirstMove(st engine.State) bool {
	s := st.(*State)
	t := s.Table
	return !s.Over && t != nil && s.Merger == nil && t.Phase == PhaseActivity && t.Cycle == 1 && t.Pos == 0 &&
		t.Step == StepPlace && t.Proposal == nil && t.Takeover == nil && s.Meeting == nil
}
