package cashcrash

import (
	"fmt"
	"strings"

	"tableside/engine"
)

// Decisions a phone answers with more than a tap (cards ticked from the
// hand): the game screen's "decision" block draws their forms inside the
// seat's decision card.
const (
	DecideStake   = "cashcrash.stake"
	DecideBid     = "cashcrash.bid"
	DecideAnswer  = "cashcrash.answer"
	DecideDoubled = "cashcrash.doubled"
	DecideForfeit = "cashcrash.forfeit"
	DecideRecover = "cashcrash.recover"
)

// goodSets are every goods a bid may name, simple ones first.
var goodSets = []string{"G", "O", "W", "GO", "GW", "OW", "GOW"}

// markDecision flags, on seat's own sheet, its answers to what the table
// waits for (engine.Move.Decision): opening or raising the bid (each goods
// with its quantity's limits from the ladder rules), SELL!, doubling or
// revealing, persisting or withdrawing. Stakes, swaps, forfeits and
// recoveries pick cards from the hand and are drawn by the screen's
// decision block; adding a card likewise. A stake is asked in words that
// count the seat's own cards.
func (s *State) markDecision(sh *engine.Sheet, seat int) {
	if s.Phase == PhaseOver || seat < 0 || seat >= len(s.Players) || s.Players[seat].Out {
		return
	}
	if s.Phase == PhaseStake {
		if p := &s.Players[seat]; !p.Ready {
			sh.Ask = fmt.Sprintf("stake %d of your %d cards for round %d, face down", s.Settings.OpeningStake(), len(p.Hand), s.Round)
		}
		return
	}
	sh.MarkDecision(func(m engine.Move) bool {
		return m.Step == StepBid && m.Type != CmdAdd || m.Step == StepAnswer || m.Step == StepDoubled
	})
}

// bidChoices are a bidder's moves: each goods it may bid, with the least
// and the most quantity the ladder allows, and SELL! when there is a bid.
func (s *State) bidChoices(seat int) []engine.Choice {
	if !s.mayBid(seat) {
		return nil
	}
	var out []engine.Choice
	for _, g := range goodSets {
		lo, hi, ok := s.qtyRange(func(b Bid) error {
			if s.Bid == nil {
				return s.Settings.CheckOpening(b)
			}
			return s.Settings.CheckRaise(*s.Bid, b)
		}, g)
		if !ok {
			continue
		}
		verb, id := "Bid", "raise-"+g
		if s.Bid == nil {
			verb, id = "Open:", "open-"+g
		}
		c := choice(id, verb+" "+goodsName(g), CmdBid, map[string]any{"goods": g}, "")
		c.Fields = []engine.Field{{Name: "qty", Label: "Quantity", Min: lo, Max: hi, Value: lo}}
		out = append(out, c)
	}
	if s.Bid != nil && seat != s.MustMove {
		out = append(out, choice("sell", "SELL!", CmdSell, nil, "challenge "+s.Bid.String()))
	}
	return out
}

// mayBid reports whether seat may make a public move in the ladder now:
// on its turn, or in Blitz at any time once the round is opened, and never
// on its own bid.
func (s *State) mayBid(seat int) bool {
	if s.Phase != PhaseBid || s.Players[seat].Out {
		return false
	}
	if s.Bid == nil {
		return seat == s.Turn && seat == s.Starter
	}
	if seat == s.Bidder {
		return false
	}
	return seat == s.Turn || s.Settings.Variant == Blitz
}

// qtyRange finds the least and the most quantity of goods g that check
// allows; ok is false when none is.
func (s *State) qtyRange(check func(Bid) error, g string) (lo, hi int, ok bool) {
	for q := 1; q <= maxQty; q++ {
		if check(Bid{Qty: q, Goods: g}) == nil {
			if !ok {
				lo, ok = q, true
			}
			hi = q
		}
	}
	return lo, hi, ok
}

// AddQty is the quantity field of a bid made with an added card: the least
// any goods allows after the current bid, up to the most a bid may name.
// ok is false when seat may not add a card now.
func (s *State) AddQty(seat int) (engine.Field, bool) {
	p := &s.Players[seat]
	if !s.mayBid(seat) || s.Bid == nil || len(p.Hand) == 0 {
		return engine.Field{}, false
	}
	if max := s.Settings.MaxStake(); max > 0 && len(p.Staked) >= max {
		return engine.Field{}, false
	}
	f := engine.Field{Name: "qty", Label: "Quantity"}
	found := false
	for _, g := range goodSets {
		lo, hi, ok := s.qtyRange(func(b Bid) error { return s.Settings.CheckAdd(*s.Bid, b) }, g)
		if !ok {
			continue
		}
		if !found || lo < f.Min {
			f.Min = lo
		}
		if !found || hi > f.Max {
			f.Max = hi
		}
		found = true
	}
	f.Value = f.Min
	return f, found
}

// goodsName says goods for a button: "Gold", "Gold and Oil", "everything".
func goodsName(g string) string {
	if len(g) == 3 {
		return "everything"
	}
	var names []string
	for i := 0; i < len(g); i++ {
		names = append(names, goodNames[g[i]])
	}
	return strings.Join(names, " and ")
}

// choice builds one answer with the note its button says.
func choice(id, label, typ string, data map[string]any, note string) engine.Choice {
	c := engine.NewChoice(id, label, typ, data)
	c.Note = note
	return c
}
