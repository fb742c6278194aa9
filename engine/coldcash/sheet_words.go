package coldcash

import (
	"fmt"

	"tableside/engine"
)

// The words above a sheet that depend on who reads them: the defending CEO
// reads who attacks, from where and with how many teams on both sides; a
// stockholder asked to vote reads their own weight and what wins. Everyone
// else reads the table's line (Where).

// answerText is the sheet's words for viewer v, or "" for the table's line.
func (s *State) answerText(v int) string {
	t := s.Table
	if s.Over {
		return ""
	}
	switch {
	case t != nil && t.Defence != nil && (v == engine.Host || v == s.ceoOf(t.Defence.Corp)):
		return s.defenceWords()
	case s.Meeting != nil && s.Meeting.Accepted && (v == engine.Host || containsInt(s.pendingVoters(), v)):
		return s.voteWords(v)
	}
	return ""
}

// defenceWords names the attacker, both territories and both sides' teams.
func (s *State) defenceWords() string {
	t := s.Table
	d := t.Defence
	how := "one roll"
	if d.Blitz {
		how = "a blitz to the end"
	}
	return fmt.Sprintf("%s attacks %s (%s, %d teams) with %s from %s (%d teams), %s: defend with 1 die or 2.",
		s.name(t.acting()), terr(d.To), s.coName(d.Corp), t.Board.Land[d.To].Teams, s.coName(t.Takeover.Corp),
		terr(d.From), t.Board.Land[d.From].Teams, how)
}

// voteWords says the vote: the nominee, the voter's own weight, the
// shares voting, and what wins.
func (s *State) voteWords(v int) string {
	m := s.Meeting
	total := 0
	for _, seat := range s.meetingVoters() {
		if vote, done := m.Votes[seat]; done {
			total += vote.Shares
		} else {
			total += s.Visible(seat, m.Company)
		}
	}
	head := fmt.Sprintf("Vote on %s as CEO of %s", s.name(m.Nominee), s.coName(m.Company))
	if v >= 0 {
		n := s.Visible(v, m.Company)
		head += fmt.Sprintf(": your %d %s of the %d visible voting", n, engine.Plural(n, "share", "shares"), total)
	} else {
		head += fmt.Sprintf(": %d visible shares vote", total)
	}
	return fmt.Sprintf("%s. More shares for than against elects %s; a tie keeps %s.", head, s.name(m.Nominee), s.name(s.ceoOf(m.Company)))
}

// ownText is the step as the acting seat's own phone says it, short and
// addressed to the player ("Place a Mom & Pop."), so the sheet's buttons
// start higher on a small screen; "" when v is not the seat acting. In
// bank mode the player on turn's phone reads "Your turn.", not its own name.
func (s *State) ownText(v int) string {
	t := s.Table
	if t == nil && !s.Over && s.Merger == nil && s.Meeting == nil && v >= 0 && v == s.Turn {
		return "Your turn."
	}
	if t == nil || s.Over || v < 0 || v != t.acting() || s.Merger != nil || t.Phase == PhaseOpening ||
		t.Proposal != nil || s.Meeting != nil || t.Defence != nil {
		return ""
	}
	switch {
	case t.Takeover != nil:
		return fmt.Sprintf("Your hostile takeover with %s: attack, move in, or end it.", s.coName(t.Takeover.Corp))
	case t.Phase == PhaseEarnings:
		return "Your earnings: choose for each company you run."
	}
	switch t.Step {
	case StepPlace:
		return "Place a Mom & Pop."
	case StepOutcome:
		return fmt.Sprintf("Your Mom & Pop in %s: found, absorb, merge or leave it.", terr(t.Placed))
	case StepAction:
		return s.actionText()
	}
	return ""
}

// actionText says the action step to the player on turn as it stands: the
// action still to choose, more shares to buy, or only the card to take.
func (s *State) actionText() string {
	t := s.Table
	switch {
	case t.Action == "" && s.Acted == "":
		return "One action, then take a card."
	case s.Acted == "buy" && s.Bought < MaxBuy:
		return "Buy more, or take a card."
	}
	return "Take a card to end your turn."
}
