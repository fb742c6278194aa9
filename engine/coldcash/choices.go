package coldcash

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash/board"
)

// Choices lists the answers seat may give to what the table waits for
// (engine.Chooser): a merger's disposal, a CEO's consent, a nominee's
// answer, a stockholder's vote. A seat that owes nothing gets none; the
// acting player's board moves are offered by the board's panel instead.
func (Rules) Choices(st engine.State, seat int) (string, []engine.Choice) {
	s := st.(*State)
	if s.Over || seat < 0 {
		return "", nil
	}
	if m := s.Merger; m != nil && len(m.Queue) > 0 {
		if m.Queue[0] != seat {
			return "", nil
		}
		return s.disposalText(seat, m.Defuncts[m.Current], true), s.disposalChoices(seat)
	}
	return "", s.tableChoices(seat)
}

// tableChoices are a board-mode seat's answers to a proposal or a meeting.
func (s *State) tableChoices(seat int) []engine.Choice {
	t := s.Table
	if t == nil {
		return nil
	}
	switch {
	case t.Defence != nil:
		if s.ceoOf(t.Defence.Corp) == seat {
			return defenceChoices()
		}
		return nil
	case t.Proposal != nil:
		var out []engine.Choice
		for _, c := range t.Proposal.Waiting {
			if s.ceoOf(c) != seat {
				continue
			}
			name := s.coName(c)
			out = append(out,
				choice("agree-"+c, "Agree: "+name+" merges", CmdConsent, map[string]any{"company": c, "agree": true}),
				choice("refuse-"+c, "Refuse for "+name, CmdConsent, map[string]any{"company": c, "agree": false}))
		}
		return out
	case t.Meeting != nil && !t.Meeting.Accepted:
		if t.Meeting.Nominee != seat {
			return nil
		}
		return []engine.Choice{
			choice("accept", "Accept the nomination", CmdAccept, map[string]any{"accept": true}),
			choice("decline", "Decline", CmdAccept, map[string]any{"accept": false}),
		}
	case t.Meeting != nil:
		for _, v := range s.pendingVoters() {
			if v == seat {
				return []engine.Choice{
					choice("vote-for", "Vote for "+s.name(t.Meeting.Nominee), CmdVote, map[string]any{"seat": seat, "for": true}),
					choice("vote-against", "Vote against", CmdVote, map[string]any{"seat": seat, "for": false}),
				}
			}
		}
	}
	return nil
}

// disposalChoices are the holder's three shortcuts, each with what it
// brings, and a custom split whose limits are the shares they hold.
func (s *State) disposalChoices(seat int) []engine.Choice {
	m := s.Merger
	defunct := m.Defuncts[m.Current]
	ratio := acquire.TradeRatio(m.Hostile)
	sale := acquire.SalePriceWith(m.Price, s.bonusOptions(m.Hostile))
	var out []engine.Choice
	for _, sc := range s.shortcuts(true) {
		d := sc.Disposal
		c := choice(sc.ID, sc.Label, CmdDispose, map[string]any{"seat": seat, "choice": sc.ID})
		switch {
		case d.Sell > 0:
			c.Note = "+" + engine.Dollars(d.Sell*sale)
		case d.Trade > 0:
			c.Note = fmt.Sprintf("%d for %d %s", d.Trade, d.Trade/ratio, s.coName(m.Survivor))
		}
		out = append(out, c)
	}
	held := s.Held(seat, defunct)
	custom := choice("custom", "Decide", CmdDispose, map[string]any{"seat": seat})
	custom.Fields = []engine.Field{
		{Name: "sell", Label: "Sell", Max: held},
		{Name: "trade", Label: "Trade", Max: held - held%ratio},
		{Name: "keep", Label: "Keep", Max: held, Value: held},
	}
	return append(out, custom)
}

// choice builds one answer; data is always a JSON object we just made.
func choice(id, label, typ string, data map[string]any) engine.Choice {
	b, _ := json.Marshal(data)
	return engine.Choice{ID: id, Label: label, Type: typ, Data: b}
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
