package coldcash

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
)

// The move sheet (engine.Mover) is the one answer to "what may this viewer
// do now" in Cold Cash Risk, in bank mode and board mode: the decision
// card's answers (Choices), the bank screen's trade offers and the board
// panel's buttons are all read from it. Every move is a command Decide
// accepts from the viewer as it stands; moves whose limits matter carry
// them as Fields.

// Steps of the sheet, stable words a screen may group by.
const (
	SheetOver     = "over"
	SheetOpening  = "opening"
	SheetMerger   = "merger"   // a holder disposes of defunct shares
	SheetDefence  = "defence"  // the defending CEO chooses dice
	SheetConsent  = "consent"  // CEOs agree to a friendly merger
	SheetMeeting  = "meeting"  // the nominee accepts, stockholders vote
	SheetTakeover = "takeover" // attacks, moving in, the free move
	SheetEarnings = "earnings"
	SheetTurn     = "turn"    // bank mode: the player on turn and the host
	SheetShares   = "shares"  // hiding and showing one's own shares
	SheetRequest  = "request" // a phone's trade waiting for the host
	SheetFound    = "found"   // bank mode: the host's typed sizes and mergers
	SheetAdmin    = "admin"   // bank mode: the host's rarer corrections
	SheetEnd      = "end"     // board mode: the host records the table's short game ending
)

var _ engine.Mover = Rules{}

// Moves lists everything v may do now (engine.Mover).
func (Rules) Moves(st engine.State, v engine.Viewer) engine.Sheet {
	return st.(*State).Moves(v)
}

// Moves lists everything v may do now: a phone for its own seat, the host
// for any seat it may act for; public screens get an empty sheet.
func (s *State) Moves(v engine.Viewer) engine.Sheet {
	sh := engine.Sheet{Step: s.sheetStep(), Moves: []engine.Move{}}
	if v.Seat == engine.Public || v.Past || s.Over || v.Seat >= len(s.Seats) {
		return sh
	}
	sh.Text = s.sheetText()
	if w := s.answerText(v.Seat); w != "" {
		sh.Text = w
	} else if w := s.ownText(v.Seat); w != "" {
		sh.Text = w
	}
	if m := s.Merger; m != nil && len(m.Queue) > 0 && m.Queue[0] == v.Seat {
		// The seat deciding its disposal counts its hidden shares too: the
		// words are its own, as its decision card's are.
		sh.Text = s.disposalText(v.Seat, m.Defuncts[m.Current], true)
	}
	ms := &moveList{s: s, viewer: v.Seat}
	switch {
	case s.Merger != nil:
		ms.disposal()
	case s.Table != nil:
		sh.Hint = ms.board()
	default:
		ms.bank()
	}
	ms.request()
	ms.hiding()
	sh.Moves = ms.out
	s.markDecision(&sh, v.Seat)
	if s.Settings.FirstGame {
		engine.Teach(teacher{s}, Rules{}.Decide, s, v.Seat, &sh)
	}
	return sh
}

// sheetStep names the step the table is at.
func (s *State) sheetStep() string {
	t := s.Table
	switch {
	case s.Over:
		return SheetOver
	case s.Merger != nil:
		return SheetMerger
	case s.Meeting != nil:
		return SheetMeeting
	case t == nil:
		return SheetTurn
	case t.Phase == PhaseOpening:
		return SheetOpening
	case t.Defence != nil:
		return SheetDefence
	case t.Proposal != nil:
		return SheetConsent
	case t.Takeover != nil:
		return SheetTakeover
	case t.Phase == PhaseEarnings:
		return SheetEarnings
	}
	return t.Step
}

// sheetText says the step for people, in the table's words.
func (s *State) sheetText() string {
	switch {
	case s.Merger != nil:
		return s.Waiting()
	case s.Table != nil:
		return s.Where()
	case s.Meeting != nil:
		return s.meetingWhere()
	}
	return fmt.Sprintf("%s's turn.", s.name(s.Turn))
}

// moveList collects the moves of one viewer.
type moveList struct {
	s      *State
	viewer int // the viewer's seat, or engine.Host
	out    []engine.Move
}

// mayActFor says whether the viewer may make a move for seat: its own
// phone, or the host.
func (ms *moveList) mayActFor(seat int) bool {
	return seat >= 0 && (ms.viewer == engine.Host || ms.viewer == seat)
}

// add appends a move made for seat; data is a JSON object we just made.
func (ms *moveList) add(step string, seat int, id, label, typ string, data map[string]any) *engine.Move {
	ms.out = append(ms.out, newMove(step, seat, id, label, typ, data))
	return &ms.out[len(ms.out)-1]
}

// try appends the move only when Decide accepts it from the viewer as it
// stands: for moves whose rules are many and whose candidates are few.
func (ms *moveList) try(step string, seat int, id, label, typ string, data map[string]any) *engine.Move {
	m := newMove(step, seat, id, label, typ, data)
	if !ms.accepts(m) {
		return nil
	}
	ms.out = append(ms.out, m)
	return &ms.out[len(ms.out)-1]
}

// accepts asks Decide whether the viewer's command for m would be
// accepted and do something; Decide never changes the state, and no move
// it is asked about depends on the dice to be accepted.
func (ms *moveList) accepts(m engine.Move) bool {
	evs, err := Rules{}.Decide(ms.s, engine.Command{Type: m.Type, Seat: ms.viewer, Data: m.Data}, zeroDice{})
	return err == nil && len(evs) > 0
}

func newMove(step string, seat int, id, label, typ string, data map[string]any) engine.Move {
	raw := json.RawMessage("{}")
	if data != nil {
		raw, _ = json.Marshal(data)
	}
	return engine.Move{Choice: engine.Choice{ID: id, Label: label, Type: typ, Data: raw}, Step: step, Seat: seat}
}

// request offers the host's answers to a phone's trade request, and the
// asking phone its withdrawal.
func (ms *moveList) request() {
	r := ms.s.Request
	if r == nil {
		return
	}
	text := ms.s.requestView().Text
	if ms.viewer == engine.Host {
		if m := ms.try(SheetRequest, r.Seat, "request-confirm", "Confirm: "+text, CmdTradeConfirm, nil); m != nil {
			m.Concerns = []string{r.Company}
		}
	}
	if ms.viewer == engine.Host || ms.viewer == r.Seat {
		label := "Reject the request"
		if ms.viewer == r.Seat {
			label = "Withdraw my request"
		}
		m := ms.add(SheetRequest, r.Seat, "request-reject", label, CmdTradeReject, nil)
		m.Concerns, m.Minor = []string{r.Company}, ms.viewer == engine.Host
	}
}

// hiding offers a phone its own shares' hiding: hide or show all, or one
// more or one fewer. Hidden is hidden from the table, the host included, so
// only the holder's phone gets these.
func (ms *moveList) hiding() {
	s, seat := ms.s, ms.viewer
	if seat < 0 || s.open() != nil {
		return
	}
	for _, c := range s.Companies {
		held, hidden := s.Held(seat, c.ID), s.HiddenOf(seat, c.ID)
		if held == 0 {
			continue
		}
		opts := []struct {
			id, label string
			n         int
		}{{"hide-all-", "Hide all my " + c.Name, held}, {"show-all-", "Show all my " + c.Name, 0},
			{"hide-one-", "Hide one more " + c.Name, hidden + 1}, {"show-one-", "Show one more " + c.Name, hidden - 1}}
		seen := map[int]bool{hidden: true}
		for _, o := range opts {
			if o.n < 0 || o.n > held || seen[o.n] {
				continue
			}
			seen[o.n] = true
			m := ms.add(SheetShares, seat, o.id+c.ID, o.label, CmdHide, map[string]any{"company": c.ID, "hidden": o.n})
			// Hiding or showing a whole holding is one tap; a share at a
			// time is folded.
			m.Concerns, m.Minor = []string{c.ID}, o.id == "hide-one-" || o.id == "show-one-"
		}
	}
}
