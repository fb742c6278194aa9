package coldcash

import (
	"fmt"

	"tableside/engine"
)

// Phone trades (setting phoneTrades): with "direct" (the default) a phone's
// buy or sell happens at once; with "confirm" it becomes a request that the
// host confirms or rejects, and nothing moves until the host confirms.
const (
	TradesDirect  = "direct"
	TradesConfirm = "confirm"
)

// Commands about a phone's trade request.
const (
	CmdTradeConfirm = "trade.confirm" // host: carry out the pending request
	CmdTradeReject  = "trade.reject"  // host, or the phone that asked: drop it
)

// Events about a phone's trade request.
const (
	EvTradeRequested = "trade.requested"
	EvTradeConfirmed = "trade.confirmed"
	EvTradeRejected  = "trade.rejected"
)

// TradeRequest is a phone's buy or sell waiting for the host.
type TradeRequest struct {
	Seat    int    `json:"seat"`
	Type    string `json:"type"` // buy or sell
	Company string `json:"company"`
	Count   int    `json:"count"`
}

// RequestView is the pending request as every screen shows it: the table
// sees a trade happen anyway, so it is public.
type RequestView struct {
	TradeRequest
	Name        string `json:"name"`
	CompanyName string `json:"companyName"`
	Price       int    `json:"price"`
	Total       int    `json:"total"`
	Text        string `json:"text"` // "Ana asks to buy 2 Imperial at $400: $800."
}

// confirmsPhoneTrades reports whether a command is a phone's buy or sell that
// becomes a request for the host (the table chose phoneTrades "confirm").
func (s *State) confirmsPhoneTrades(cmd engine.Command) bool {
	return (cmd.Type == CmdBuy || cmd.Type == CmdSell) && cmd.Seat >= 0 && s.Settings.PhoneTrades == TradesConfirm
}

// requestTrade checks a phone's trade against every rule as if it were made
// now, and records it as the pending request; nothing moves yet.
func (s *State) requestTrade(cmd engine.Command, a args, dice engine.Dice) ([]engine.Event, error) {
	if r := s.Request; r != nil {
		return nil, engine.Refuse("one-request", "%s The host answers one request at a time.", s.requestView().Text)
	}
	if _, err := s.decideDirect(cmd, a, dice); err != nil {
		return nil, err
	}
	c := a.(*tradeCmd)
	return []engine.Event{engine.NewEvent(EvTradeRequested, TradeRequest{Seat: cmd.Seat, Type: cmd.Type, Company: c.Company, Count: or(c.Count, -1)})}, nil
}

// decideRequest confirms or rejects the pending request. Confirming decides
// the trade again, for the seat that asked, against the state as it is now:
// a trade the table has since made impossible is refused and stays pending
// until the host rejects it.
func (s *State) decideRequest(cmd engine.Command, dice engine.Dice) ([]engine.Event, error) {
	r := s.Request
	if r == nil {
		return nil, engine.Refuse("no-request", "No phone is waiting for the host to confirm a trade.")
	}
	if cmd.Type == CmdTradeReject {
		if cmd.Seat != engine.Host && cmd.Seat != r.Seat {
			return nil, engine.Refuse("host-confirms-trades", "Only the host, or %s who asked, can drop the request.", s.name(r.Seat))
		}
		return []engine.Event{engine.NewEvent(EvTradeRejected, *r)}, nil
	}
	if err := hostOnly(cmd, "The host confirms a phone's trade."); err != nil {
		return nil, err
	}
	trade := engine.Command{Type: r.Type, Seat: r.Seat}
	n := r.Count
	evs, err := s.decideDirect(trade, &tradeCmd{Company: r.Company, Count: &n}, dice)
	if err != nil {
		return nil, err
	}
	return append([]engine.Event{engine.NewEvent(EvTradeConfirmed, *r)}, evs...), nil
}

// evolveRequest applies the request's events; a turn that moves on drops a
// request nobody answered (it belonged to that turn).
func (s *State) evolveRequest(e engine.Event) {
	switch e.Type {
	case EvTradeRequested:
		r := engine.Payload[TradeRequest](e)
		s.Request = &r
	case EvTradeConfirmed, EvTradeRejected, EvTurn, EvTTurn, EvOver:
		s.Request = nil
	}
}

// requestView is the pending request in words, or nil.
func (s *State) requestView() *RequestView {
	r := s.Request
	if r == nil {
		return nil
	}
	rv := &RequestView{TradeRequest: *r, Name: s.name(r.Seat), CompanyName: s.coName(r.Company), Price: s.Price(r.Company)}
	rv.Total = rv.Price * r.Count
	rv.Text = fmt.Sprintf("%s asks to %s %d %s at %s: %s.", rv.Name, r.Type, r.Count, rv.CompanyName, engine.Dollars(rv.Price), engine.Dollars(rv.Total))
	return rv
}

// describeRequest names a request's event for the undo button.
func (s *State) describeRequest(e engine.Event) string {
	r := engine.Payload[TradeRequest](e)
	what := fmt.Sprintf("%s's request to %s %d %s", s.name(r.Seat), r.Type, r.Count, s.coName(r.Company))
	switch e.Type {
	case EvTradeConfirmed:
		return "confirming " + what
	case EvTradeRejected:
		return "dropping " + what
	}
	return what
}
