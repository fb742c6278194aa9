package coldcash

import (
	"tableside/engine"
	"tableside/engine/coldcash/board"
)

// decisionSteps are the sheet's steps that are answers the table waits for
// from one seat: they make the seat's decision card.
var decisionSteps = map[string]bool{SheetMerger: true, SheetDefence: true, SheetConsent: true, SheetMeeting: true}

// markDecision flags, on seat's own sheet, the answers it owes the table
// (engine.Move.Decision): a merger's disposal, a CEO's consent, a
// nominee's answer, a stockholder's vote, the defending CEO's dice. The
// disposing seat is asked in its own words, which count its hidden shares.
func (s *State) markDecision(sh *engine.Sheet, seat int) {
	if seat < 0 || !decisionSteps[s.sheetStep()] {
		return
	}
	sh.MarkDecision(func(m engine.Move) bool { return decisionSteps[m.Step] })
	if m := s.Merger; m != nil && len(m.Queue) > 0 && m.Queue[0] == seat {
		sh.Ask = s.disposalText(seat, m.Defuncts[m.Current], true)
	}
}

// Cold Cash Risk names its mode in its screens' title.
var _ engine.Moder = Rules{}

// Mode names the game's mode for its screens' title: "bank" or "board".
func (Rules) Mode(st engine.State) string { return string(st.(*State).Settings.Mode) }

// firstSeat is the board game's first player: the opening cards' order,
// worked out again (the turn order itself may be redrawn every cycle).
func (s *State) firstSeat() *int {
	op, err := board.OpenWithCards(geo(), s.Table.First)
	if err != nil || len(op.Order) == 0 {
		return nil
	}
	return engine.SeatPtr(op.Order[0])
}
