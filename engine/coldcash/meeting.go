package coldcash

import (
	"fmt"

	"tableside/engine"
)

// A stockholders' meeting, in both modes: the player on turn (its one
// action) calls a meeting of a company it holds and nominates someone; the
// nominee accepts or declines; every stockholder with visible shares votes
// them all for or against, in the open; more for than against seats the
// nominee. Board mode calls it at the action step; bank mode at any point
// of a turn that has taken no action yet. The events are the same in both
// (their "table." names are from when only the board had meetings, and stay
// so old logs replay).

// Meeting is a stockholders' meeting to elect a company's CEO.
type Meeting struct {
	Company  string       `json:"company"`
	Caller   int          `json:"caller"`
	Nominee  int          `json:"nominee"`
	Accepted bool         `json:"accepted"`
	Voters   []int        `json:"voters"` // seats with visible shares, in order
	Votes    map[int]Vote `json:"votes"`
}

// Coup is a stockholders' meeting's vote as the screens tell it after the
// tally: the meeting, the CEO it meant to replace and the result, and the
// turn it was held in (bank mode shows it until that turn ends).
type Coup struct {
	Meeting
	Incumbent int  `json:"incumbent"`
	Elected   bool `json:"elected"`
	For       int  `json:"for"`
	Against   int  `json:"against"`
	TurnNo    int  `json:"turnNo"`
}

// Vote is one stockholder's open ballot: every visible share for or against.
type Vote struct {
	For    bool `json:"for"`
	Shares int  `json:"shares"`
}

// evolveMeeting applies a meeting's events to the state both modes share
// (board mode's log lines and its turn's action: evolveTable).
func (s *State) evolveMeeting(e engine.Event) {
	s.meetingNews = ""
	line := s.meetingLine(e)
	switch e.Type {
	case EvTMeeting:
		d := engine.Payload[tMeetingEv](e)
		s.Meeting = &Meeting{Company: d.Company, Caller: d.Caller, Nominee: d.Nominee, Voters: d.Voters, Votes: map[int]Vote{}}
		s.Coup = nil
	case EvTAccepted:
		if engine.Payload[tAcceptedEv](e).Accept {
			s.Meeting.Accepted = true
		} else {
			s.Meeting = nil
		}
	case EvTVoted:
		d := engine.Payload[tVotedEv](e)
		s.Meeting.Votes[d.Seat] = d.Vote
	case EvTMeetingDone:
		d := engine.Payload[tMeetingDoneEv](e)
		m := s.Meeting
		s.Coup = &Coup{Meeting: *m, Incumbent: s.ceoOf(m.Company), Elected: d.Elected, For: d.For, Against: d.Against, TurnNo: s.TurnNo}
		s.Coup.Voters = s.meetingVoters()
		s.Coups = append(s.Coups, CoupRecord{Company: m.Company, Nominee: m.Nominee, Incumbent: s.Coup.Incumbent, Elected: d.Elected, For: d.For, Against: d.Against})
		s.Meeting = nil
		if s.Table == nil {
			s.Acted = "meeting" // the turn's one action (board mode: Table.Action)
		}
	}
	s.meetingNews = line
	if line != "" && s.Table != nil {
		s.Table.note("%s", line)
	}
}

// meetingLine says a meeting's event for the table's log (board mode) or
// the feed (bank mode), read before the event applies.
func (s *State) meetingLine(e engine.Event) string {
	switch e.Type {
	case EvTMeeting:
		d := engine.Payload[tMeetingEv](e)
		return fmt.Sprintf("%s calls a stockholders' meeting of %s and nominates %s.", s.name(d.Caller), s.coName(d.Company), s.name(d.Nominee))
	case EvTAccepted:
		if engine.Payload[tAcceptedEv](e).Accept {
			return fmt.Sprintf("%s accepts the nomination.", s.name(s.Meeting.Nominee))
		}
		return fmt.Sprintf("%s declines the nomination.", s.name(s.Meeting.Nominee))
	case EvTVoted:
		d := engine.Payload[tVotedEv](e)
		way := "against"
		if d.For {
			way = "for"
		}
		return fmt.Sprintf("%s votes %d shares %s.", s.name(d.Seat), d.Shares, way)
	case EvTMeetingDone:
		d := engine.Payload[tMeetingDoneEv](e)
		m := s.Meeting
		if d.Elected {
			return fmt.Sprintf("%s is elected CEO of %s, %d to %d.", s.name(m.Nominee), s.coName(m.Company), d.For, d.Against)
		}
		return fmt.Sprintf("The vote fails %d to %d: %s keeps its CEO.", d.For, d.Against, s.coName(m.Company))
	}
	return ""
}

// decideMeeting calls a meeting for the seat on turn: a stockholder's one
// action, naming any player as nominee. Nominating oneself is accepting,
// and the vote follows at once.
func (s *State) decideMeeting(seat int, c *meetingCmd) ([]engine.Event, error) {
	if t := s.Table; t != nil {
		if err := t.needStep(StepAction, "Calling a stockholders' meeting"); err != nil {
			return nil, err
		}
		if t.Action != "" {
			return nil, engine.Refuse("one-action", "%s already took this turn's action.", s.name(seat))
		}
	}
	if s.Acted != "" {
		return nil, engine.Refuse("one-action", "%s already took this turn's action.", s.name(seat))
	}
	id := c.Company
	if _, err := s.active(id); err != nil {
		return nil, err
	}
	if s.Held(seat, id) == 0 {
		return nil, engine.Refuse("meeting-stockholders-only", "%s holds no %s stock: only a stockholder calls its meeting.", s.name(seat), s.coName(id))
	}
	nominee := or(c.Nominee, -1)
	if err := s.seat(nominee); err != nil {
		return nil, err
	}
	var voters []int
	for v := range s.Seats {
		if s.Visible(v, id) > 0 {
			voters = append(voters, v)
		}
	}
	ev := engine.NewEvent(EvTMeeting, tMeetingEv{Company: id, Caller: seat, Nominee: nominee, Voters: voters})
	if nominee != seat {
		return []engine.Event{ev}, nil
	}
	b := s.build()
	b.sim.evolve(ev)
	b.evs = append(b.evs, ev)
	b.add(EvTAccepted, tAcceptedEv{Accept: true})
	if len(b.sim.pendingVoters()) == 0 {
		b.tally()
	}
	return b.evs, nil
}

// decideMeetingReply records the nominee's answer or a stockholder's vote;
// the last vote decides: more shares for than against elects the nominee,
// and a tie keeps the incumbent.
func (s *State) decideMeetingReply(cmd engine.Command, a args) ([]engine.Event, error) {
	m := s.Meeting
	if m == nil {
		return nil, engine.Refuse("no-meeting", "No stockholders' meeting is under way.")
	}
	b := s.build()
	if c, ok := a.(*acceptCmd); ok {
		if m.Accepted {
			return nil, engine.Refuse("already-accepted", "%s has already accepted.", s.name(m.Nominee))
		}
		if cmd.Seat != engine.Host && cmd.Seat != m.Nominee {
			return nil, engine.Refuse("nominee-accepts", "Only %s can accept the nomination.", s.name(m.Nominee))
		}
		accept := c.Accept
		b.add(EvTAccepted, tAcceptedEv{Accept: accept})
		if accept && len(b.sim.pendingVoters()) == 0 {
			b.tally()
		}
		return b.evs, nil
	}
	if !m.Accepted {
		return nil, engine.Refuse("nominee-accepts-first", "%s must accept the nomination before the vote.", s.name(m.Nominee))
	}
	c := a.(*voteCmd)
	seat, err := actor(cmd, c.Seat)
	if err != nil {
		return nil, err
	}
	if err := s.seat(seat); err != nil {
		return nil, err
	}
	if s.Visible(seat, m.Company) == 0 {
		return nil, engine.Refuse("visible-shares-vote", "%s has no visible %s shares: only visible shares vote.", s.name(seat), s.coName(m.Company))
	}
	if _, done := m.Votes[seat]; done {
		return nil, engine.Refuse("vote-once", "%s has already voted.", s.name(seat))
	}
	b.add(EvTVoted, tVotedEv{Seat: seat, Vote: Vote{For: c.For, Shares: s.Visible(seat, m.Company)}})
	if len(b.sim.pendingVoters()) == 0 {
		b.tally()
	}
	return b.evs, nil
}

// tally closes the meeting and, if the fors win, seats the new CEO.
func (b *builder) tally() {
	m := b.sim.Meeting
	var yes, no int
	for _, v := range m.Votes {
		if v.For {
			yes += v.Shares
		} else {
			no += v.Shares
		}
	}
	elected := yes > no
	company := m.Company
	nominee := m.Nominee
	b.add(EvTMeetingDone, tMeetingDoneEv{Elected: elected, For: yes, Against: no, Company: company, Nominee: nominee})
	if elected {
		b.add(EvCEO, companyEv{Company: company, Seat: nominee})
	}
}

// meetingVoters are the stockholders who may vote at the meeting now: every
// seat with visible shares of the company. Shares shown after the meeting
// was called vote; shares hidden since do not. (The list the meeting was
// called with, Meeting.Voters, is kept in the log for the record only.)
func (s *State) meetingVoters() []int {
	m := s.Meeting
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
		if _, voted := s.Meeting.Votes[seat]; !voted {
			out = append(out, seat)
		}
	}
	return out
}

// meetingView is the meeting as screens see it, with today's voters.
func (s *State) meetingView() *Meeting {
	m := s.Meeting
	if m == nil {
		return nil
	}
	cp := *m
	cp.Voters = s.meetingVoters()
	return &cp
}

// coupShown is the newest tallied vote while it is still the news: in
// board mode until a battle is fought beside it, in bank mode until the
// turn it was held in ends.
func (s *State) coupShown() *Coup {
	k := s.Coup
	switch {
	case k == nil:
		return nil
	case s.Table != nil && s.Table.Last != nil:
		return nil
	case s.Table == nil && k.TurnNo != s.TurnNo:
		return nil
	}
	return k
}

// closeMeetingIfDone adds the tally after evs (a hide or a show of shares)
// when the meeting's vote is then complete: the last stockholder still to
// vote may have hidden every share.
func (s *State) closeMeetingIfDone(evs []engine.Event) []engine.Event {
	if s.Meeting == nil || !s.Meeting.Accepted {
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

// meetingWaiting is what the table waits for at a meeting: the nominee's
// answer, then the votes still to come.
func (s *State) meetingWaiting() (engine.Waiting, bool) {
	m := s.Meeting
	switch {
	case m == nil:
		return engine.Waiting{}, false
	case !m.Accepted:
		return engine.Waiting{Seats: []int{m.Nominee}, Text: "accept or decline the nomination for CEO of " + s.coName(m.Company), Decision: "meeting.accept"}, true
	}
	return engine.Waiting{Seats: s.pendingVoters(), Text: "vote on " + s.name(m.Nominee) + " as CEO of " + s.coName(m.Company), Decision: "meeting.vote"}, true
}

// meetingWhere says the meeting as the table's status line does.
func (s *State) meetingWhere() string {
	m := s.Meeting
	if !m.Accepted {
		return fmt.Sprintf("Waiting for %s to accept the nomination for CEO of %s.", s.name(m.Nominee), s.coName(m.Company))
	}
	return fmt.Sprintf("Stockholders of %s are voting on %s as CEO.", s.coName(m.Company), s.name(m.Nominee))
}

// meetingOwes is what a seat owes the meeting, for its phone ("" for none).
func (s *State) meetingOwes(seat int) string {
	m := s.Meeting
	switch {
	case m == nil:
	case !m.Accepted && m.Nominee == seat:
		return "Accept or decline the nomination for CEO of " + s.coName(m.Company) + "."
	case m.Accepted && containsInt(s.pendingVoters(), seat):
		return "Vote for or against " + s.name(m.Nominee) + " as CEO of " + s.coName(m.Company) + "."
	}
	return ""
}
