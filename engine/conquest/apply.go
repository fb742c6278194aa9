package conquest

import "tableside/engine"

// Apply runs a command through Decide and Evolve, as the tracker does, for
// tests and tools that hold a state in memory. The state is changed only if
// the command is accepted.
func Apply(rules engine.Rules, s engine.State, cmd engine.Command, d engine.Dice) (engine.State, []engine.Event, error) {
	evs, err := rules.Decide(s, cmd, d)
	if err != nil {
		return s, nil, err
	}
	for _, e := range evs {
		s = rules.Evolve(s, e)
	}
	return s, evs, nil
}

// Clone copies a state deeply (tests compare states before and after a
// refused command).
func (s *State) Clone() *State { return s.clone() }
