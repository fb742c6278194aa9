package coldcash

import "tableside/engine"

// meetingVoters are the stockholders who may vote at the meeting now: every
// seat with visible shares of the company. Shares shown after the meeting
// was called vote; shares hidden since do not. (The list the meeting was
// called with, Meeting.Voters, is kept in the log for the record only.)
func (s *State) meetingVoters() []int {
	m := s.Table.Meeting
	var out []int
	for seat := range s.Seats {
		if _, voted := m.Votes[seat]; voted || s.Visible(seat, m.Company) > 0 {
			out = append(out, seat)
		}
	}
	return out
}

// pendingVoters are the voters who have not voted yet.
func (s *State) pendingVoters() []int {
	var out []int
	for _, seat := range s.meetingVoters() {
		if _, voted := s.Table.Meeting.Votes[seat]; !voted {
			out = append(out, seat)
		}
	}
	return out
}

// meetingView is the meeting as screens see it, with today's voters.
func (s *State) meetingView() *Meeting {
	m := s.Table.Meeting
	if m == nil {
		return nil
	}
	cp := *m
	cp.Voters = s.meetingVoters()
	return &cp
}

// closeMeetingIfDone adds the tally after evs (a hide or a show of shares)
// when the meeting's vote is then complete: the last stockholder still to
// vote may have hidden every share.
func (s *State) closeMeetingIfDone(evs []engine.Event) []engine.Event {
	if s.Table == nil || s.Table.Meeting == nil || !s.Table.Meeting.Accepted {
		return evs
	}
	b := s.build()
	for _, e := range evs {
		b.sim.evolve(e)
		b.evs = append(b.evs, e)
	}
	if len(b.sim.pendingVoters()) == 0 {
		b.tally()
	}
	return b.evs
}
