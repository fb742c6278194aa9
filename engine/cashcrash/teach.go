package cashcrash

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
)

// teacher is Cash or Crash's part of first-game mode (engine.Teach): what
// to do now from the round's numbers, what each choice does (its note,
// the engine's), and SELL! or DOUBLE! when missing, with the game's why.
type teacher struct{ s *State }

// Now says the step in a line, with its numbers.
func (t teacher) Now(seat int, sh engine.Sheet) string {
	s := t.s
	p := &s.Players[seat]
	switch sh.Step {
	case StepStake:
		return fmt.Sprintf("stake %d of your %d cards face down: they are what you bid on", stakeSize(sh), len(p.Hand))
	case StepBid:
		if s.Bid == nil {
			return "open the bidding: name a quantity of goods you think the stakes hold"
		}
		return fmt.Sprintf("the bid is %s by %s: raise it, add a card, or call SELL! if you doubt it", s.Bid, s.name(s.Bidder))
	case StepAnswer:
		return fmt.Sprintf("%s called SELL! on your %s: reveal the stakes or DOUBLE!", s.name(s.Challenger), s.Bid)
	case StepDoubled:
		return fmt.Sprintf("%s doubled: persist and reveal, or withdraw your SELL!", s.name(s.Bidder))
	case StepForfeit:
		return fmt.Sprintf("discard %d more cards from your hand for the doubled loss", s.Extra)
	case StepRecover:
		return fmt.Sprintf("take back up to %d of your %d lost cards", min(2, len(p.Lost)), len(p.Lost))
	}
	return ""
}

// stakeSize is how many cards the sheet's stakes hold.
func stakeSize(sh engine.Sheet) int {
	for _, m := range sh.Moves {
		var d struct {
			Cards []int `json:"cards"`
		}
		if m.Type == CmdStake && json.Unmarshal(m.Data, &d) == nil {
			return len(d.Cards)
		}
	}
	return 0
}

// Does is the choice's own note: the engine's numbers for it.
func (t teacher) Does(_ int, m engine.Move) string {
	if m.Minor {
		return ""
	}
	return m.Note
}

// Absent tries SELL! in the ladder and DOUBLE! when challenged, when the
// sheet lacks them, so the game says why not.
func (t teacher) Absent(seat int, sh engine.Sheet) []engine.Absent {
	offered := map[string]bool{}
	for _, m := range sh.Moves {
		offered[m.Type] = true
	}
	try := func(label, typ string) []engine.Absent {
		return []engine.Absent{{Move: label, Try: engine.Command{Type: typ, Seat: seat}}}
	}
	switch {
	case sh.Step == StepBid && !offered[CmdSell]:
		return try("SELL!", CmdSell)
	case sh.Step == StepAnswer && !offered[CmdDouble] && t.s.Settings.Doubling:
		return try("DOUBLE!", CmdDouble)
	}
	return nil
}
