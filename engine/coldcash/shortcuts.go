package coldcash

import "tableside/engine/acquire"

// shortcut is one of the merger's disposal shortcuts for the awaited holder
// with what it would do.
type shortcut struct {
	ID, Label string
	Disposal  Disposal
}

// shortcuts lists the disposal shortcuts worth offering now: sell all, trade
// max and keep all, except "trade max" when it would trade nothing (it
// would only keep every share, like "keep all": the bank has no survivor
// shares left, or too few defunct shares are held for one trade). own says
// the screen is the holder's, which counts the hidden shares; every other
// screen judges by the shares shown, so it reveals nothing hidden.
func (s *State) shortcuts(own bool) []shortcut {
	var out []shortcut
	for _, ch := range []struct{ id, label string }{{ChoiceSellAll, "Sell all"}, {ChoiceTradeMax, "Trade max"}, {ChoiceKeepAll, "Keep all"}} {
		d, err := s.DisposalFor(ch.id)
		if err != nil {
			continue
		}
		if ch.id == ChoiceTradeMax && !s.tradesSomething(d, own) {
			continue
		}
		out = append(out, shortcut{ID: ch.id, Label: ch.label, Disposal: d})
	}
	return out
}

// tradesSomething says whether "trade max" trades at least one share: for
// the holder, by every share they hold; for the others, by the shares shown.
func (s *State) tradesSomething(d Disposal, own bool) bool {
	if own {
		return d.Trade > 0
	}
	m := s.Merger
	return s.Held(-1, m.Survivor) > 0 && s.Visible(d.Seat, m.Defuncts[m.Current]) >= acquire.TradeRatio(m.Hostile)
}
