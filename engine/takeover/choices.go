package takeover

import (
	"encoding/json"
	"fmt"
	"strings"

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

// Choices lists seat's answers to what the table waits for (engine.Chooser):
// a coin of the pool in the draft; in play, passing and every merge the
// seat can afford now, each paid with its cheapest covering cash. Choosing
// stock and cash, and a merge paid with coins of one's own choice, tick
// coins and are drawn by the screen's decision block. The text may count
// the seat's own cash: only its phone receives it.
func (Rules) Choices(st engine.State, seat int) (string, []engine.Choice) {
	s := st.(*State)
	if seat < 0 || seat >= len(s.Players) {
		return "", nil
	}
	switch s.Phase {
	case PhaseDraft:
		if DraftSeat(s.First, len(s.Seats), s.Picks) != seat {
			return "", nil
		}
		var out []engine.Choice
		for _, code := range s.Pool {
			c := choice("draft-"+code, Short(code), CmdDraft, map[string]any{"coin": code})
			if _, words, ok := strings.Cut(Label(code), " "); ok {
				c.Note = words // "3 Suns": the button already shows the symbol
			}
			out = append(out, c)
		}
		return "", out
	case PhaseConceal:
		if s.Players[seat].Decided {
			return "", nil
		}
		return fmt.Sprintf("choose which of your %d coins are stock, in secret", len(s.Players[seat].Coins)), nil
	case PhasePlay:
		if s.Turn != seat {
			return "", nil
		}
		p := &s.Players[seat]
		out := []engine.Choice{choice("pass", "Pass", CmdPass, nil)}
		for _, o := range s.Options(seat) {
			c := choice(fmt.Sprintf("merge-%d-%d", o.From, o.To), o.Text, CmdMerge, map[string]any{"from": o.From, "to": o.To, "auto": true})
			c.Group = GroupMerges
			if m, err := s.CheckMerge(seat, o.From, o.To, nil, true); err == nil && len(m.Paid) > 0 {
				var paid []string
				for _, code := range m.Paid {
					paid = append(paid, Short(code))
				}
				c.Note = "pays " + strings.Join(paid, " ")
			}
			out = append(out, c)
		}
		return fmt.Sprintf("merge two corporations or pass (your cash: %d)", p.Cash()), out
	}
	return "", nil
}

// choice builds one answer; data is nil or an object we just made.
func choice(id, label, typ string, data map[string]any) engine.Choice {
	c := engine.Choice{ID: id, Label: label, Type: typ}
	if data != nil {
		c.Data, _ = json.Marshal(data)
	}
	return c
}

// Takeover offers its taps as choices.
var _ engine.Chooser = Rules{}
