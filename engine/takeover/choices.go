package takeover

import (
	"fmt"

	"tableside/engine"
)

// Decisions for the game screen's "decision" block, drawn inside the
// owing phone's card where a tap is not enough (ticking coins).
const (
	DecideDraft   = "takeover.draft"
	DecideConceal = "takeover.conceal"
	DecidePlay    = "takeover.play"
)

// GroupMerges folds the merges a player could make under one disclosure:
// early in a game there are dozens.
const GroupMerges = "Every merge you can make"

// Choices lists seat's answers to what the table waits for (engine.Chooser),
// taken from its moves (Moves): a coin of the pool in the draft; in play,
// passing and every merge the seat can afford now, each paid with its
// cheapest covering cash. Choosing stock and cash, a merge paid with coins
// of one's own choice and handing coins over tick coins and are drawn by
// the screen's decision block. The text may count the seat's own cash:
// only its phone receives it.
func (r Rules) Choices(st engine.State, seat int) (string, []engine.Choice) {
	s := st.(*State)
	if seat < 0 || seat >= len(s.Players) {
		return "", nil
	}
	var out []engine.Choice
	for _, m := range r.Moves(s, engine.Viewer{Seat: seat}).Moves {
		if m.Step == StepDraft || m.Step == StepPlay {
			out = append(out, m.Choice)
		}
	}
	switch {
	case s.Phase == PhaseConceal && !s.Players[seat].Decided:
		return fmt.Sprintf("choose which of your %d coins are stock, in secret", len(s.Players[seat].Coins)), nil
	case s.Phase == PhasePlay && s.Turn == seat:
		return fmt.Sprintf("merge two corporations or pass (your cash: %d)", s.Players[seat].Cash()), out
	}
	return "", out
}

// Takeover offers its taps as choices.
var _ engine.Chooser = Rules{}
