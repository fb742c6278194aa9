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

// markDecision flags, on seat's own sheet, its answers to what the table
// waits for (engine.Move.Decision): a coin of the pool in the draft; in
// play, passing and every merge the seat can afford now, each paid with
// its cheapest covering cash. Choosing stock and cash, a merge paid with
// coins of one's own choice and handing coins over tick coins and are
// drawn by the screen's decision block. The words may count the seat's own
// cash: only its phone receives them.
func (s *State) markDecision(sh *engine.Sheet, seat int) {
	if seat < 0 || seat >= len(s.Players) {
		return
	}
	sh.MarkDecision(func(m engine.Move) bool { return m.Step == StepDraft || m.Step == StepPlay })
	switch {
	case s.Phase == PhaseConceal && !s.Players[seat].Decided:
		sh.Ask = fmt.Sprintf("choose which of your %d coins are stock, in secret", len(s.Players[seat].Coins))
	case s.Phase == PhasePlay && s.Turn == seat:
		sh.Ask = fmt.Sprintf("merge two corporations or pass (your cash: %d)", s.Players[seat].Cash())
	}
}
