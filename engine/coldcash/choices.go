package coldcash

import (
	"tableside/engine"
	"tableside/engine/coldcash/board"
)

// decisionSteps are the sheet's steps that are answers the table waits for
// from one seat: they make the seat's decision card.
var decisionSteps = map[string]bool{SheetMerger: true, SheetDefence: true, SheetConsent: true, SheetMeeting: true}

// Choices lists the answers seat may give to what the table waits for
// (engine.Chooser): a merger's disposal, a CEO's consent, a nominee's
// answer, a stockholder's vote, the defending CEO's dice. They are the
// seat's own move sheet narrowed to those answers, so the decision card
// and the sheet never disagree; a seat that owes nothing gets none.
func (Rules) Choices(st engine.State, seat int) (string, []engine.Choice) {
	s := st.(*State)
	if s.Over || seat < 0 || !decisionSteps[s.sheetStep()] {
		// No decision is open: asking for every move (each attack with its
		// exact odds) to find none would cost every command.
		return "", nil
	}
	var out []engine.Choice
	for _, m := range s.Moves(engine.Viewer{Seat: seat}).Moves {
		if decisionSteps[m.Step] {
			out = append(out, m.Choice)
		}
	}
	text := ""
	if m := s.Merger; m != nil && len(m.Queue) > 0 && m.Queue[0] == seat {
		text = s.disposalText(seat, m.Defuncts[m.Current], true)
	}
	return text, out
}

// Cold Cash Risk says what the table waits for and offers its decisions as taps.
var (
	_ engine.Waiter  = Rules{}
	_ engine.Chooser = Rules{}
)

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
