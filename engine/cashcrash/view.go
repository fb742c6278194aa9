package cashcrash

import (
	"fmt"
	"strings"

	"tableside/engine"
)

// View is what one screen may see. Another player's cards never appear
// until a challenge lays the stakes open; Me is for the seat alone.
type View struct {
	Phase      string          `json:"phase"`
	Round      int             `json:"round"`
	Variant    string          `json:"variant"`
	Doubling   bool            `json:"doubling"`
	Raise      string          `json:"raise"`
	Set        []CardView      `json:"set"`
	Waiting    string          `json:"waiting"`
	Turn       int             `json:"turn"`
	Starter    int             `json:"starter"`
	Bid        *Bid            `json:"bid,omitempty"`
	BidText    string          `json:"bidText,omitempty"`
	BidGoods   map[string]bool `json:"bidGoods"` // gold, oil, wheat: in the current bid (pre-ticks a raise)
	Bidder     int             `json:"bidder"`
	Challenger int             `json:"challenger"`
	Ladder     []StepView      `json:"ladder"`
	Seats      []SeatView      `json:"seats"`
	Last       *Reveal         `json:"last,omitempty"`
	Winner     int             `json:"winner"`
	MaxStake   int             `json:"maxStake"`
	MaxQty     int             `json:"maxQty"` // the most a bid may name
	Me         *Hand           `json:"me,omitempty"`
}

// CardView is a card of the set, numbered 1..10.
type CardView struct {
	N    int    `json:"n"`
	Card Card   `json:"card"`
	Text string `json:"text"`
}

// StepView is a rung of the ladder for display.
type StepView struct {
	Name  string `json:"name"`
	Text  string `json:"text"`
	Added bool   `json:"added"`
}

// SeatView is a player as the table sees them.
type SeatView struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Cards   int    `json:"cards"`  // owned (hand + stake)
	Staked  int    `json:"staked"` // face down this round
	Lost    int    `json:"lost"`
	Out     bool   `json:"out"`
	Ready   bool   `json:"ready"`
	Swapped bool   `json:"swapped"`
	OnTurn  bool   `json:"onTurn"`
}

// Hand is a seat's own cards, what it may do, and its odds.
type Hand struct {
	Seat      int        `json:"seat"`
	Hand      []CardView `json:"hand"`
	Staked    []CardView `json:"staked"`
	Lost      []CardView `json:"lost"`
	MyTurn    bool       `json:"myTurn"`
	CanSwap   bool       `json:"canSwap"`
	MustStake int        `json:"mustStake"` // cards to stake now (0: nothing to do)
	Recover   bool       `json:"recover"`   // must take a card back to stake (Classic, one card left)
	CanAdd    bool       `json:"canAdd"`
	// AddQty is the quantity a bid with an added card may name, from the
	// ladder rules (when CanAdd).
	AddQty    *engine.Field `json:"addQty,omitempty"`
	CanDouble bool          `json:"canDouble"`
	Answer    bool          `json:"answer"`  // doubling: I was challenged
	Persist   bool          `json:"persist"` // doubling: I challenged and was doubled
	Forfeit   int           `json:"forfeit"` // extra cards I must pick
	Recovers  int           `json:"recovers"`
	Odds      *Chance       `json:"odds,omitempty"`
	OddsText  string        `json:"oddsText,omitempty"`
}

// View returns what v may see.
func (Rules) View(st engine.State, v engine.Viewer) any {
	s := st.(*State)
	out := View{Phase: s.Phase, Round: s.Round, Variant: s.Settings.Variant, Doubling: s.Settings.Doubling, Raise: s.Settings.Raise,
		Turn: s.Turn, Starter: s.Starter, Bid: s.Bid, Bidder: s.Bidder, Challenger: s.Challenger, Last: s.Last,
		Winner: s.Winner, MaxStake: s.Settings.MaxStake(), MaxQty: maxQty, Ladder: []StepView{}}
	for i, c := range s.Settings.Cards {
		out.Set = append(out.Set, CardView{N: i + 1, Card: c, Text: c.String()})
	}
	out.BidGoods = map[string]bool{}
	if s.Bid != nil {
		out.BidText = s.Bid.String()
		for i := 0; i < len(s.Bid.Goods); i++ {
			out.BidGoods[strings.ToLower(goodNames[s.Bid.Goods[i]])] = true
		}
	}
	for i := len(s.Ladder) - 1; i >= 0; i-- {
		st := s.Ladder[i]
		out.Ladder = append(out.Ladder, StepView{Name: s.name(st.Seat), Text: st.Bid.String(), Added: st.Added})
	}
	for i, p := range s.Players {
		out.Seats = append(out.Seats, SeatView{Seat: i, Name: s.name(i), Cards: p.Cards(), Staked: len(p.Staked), Lost: len(p.Lost),
			Out: p.Out, Ready: p.Ready, Swapped: p.Swapped, OnTurn: s.Phase == PhaseBid && s.Turn == i})
	}
	out.Waiting = s.waiting()
	if v.Seat >= 0 && v.Seat < len(s.Players) {
		out.Me = s.hand(v.Seat)
	}
	return out
}

// Waiting is what the table waits for (engine.Waiter): the host's set-up,
// the players still to stake, the bidder on turn, the answer to a SELL!,
// the loser's discards, the winner taking cards back.
func (Rules) Waiting(st engine.State) (engine.Waiting, bool) {
	s := st.(*State)
	one := func(seat int, decision, format string, args ...any) (engine.Waiting, bool) {
		return engine.Waiting{Seats: []int{seat}, Decision: decision, Text: fmt.Sprintf(format, args...)}, true
	}
	switch s.Phase {
	case PhaseSetup:
		return engine.Waiting{Seats: []int{}, Text: "enter the card set and start"}, true
	case PhaseStake:
		var seats []int
		for i, p := range s.Players {
			if !p.Out && !p.Ready {
				seats = append(seats, i)
			}
		}
		return engine.Waiting{Seats: seats, Decision: DecideStake, Text: fmt.Sprintf("stake for round %d in secret", s.Round)}, true
	case PhaseBid:
		if s.Bid == nil {
			return one(s.Turn, DecideBid, "open the bidding")
		}
		return one(s.Turn, DecideBid, "raise %s, add a card, or SELL!", s.Bid)
	case PhaseAnswer:
		return one(s.Bidder, DecideAnswer, "%s called SELL!: double or reveal", s.name(s.Challenger))
	case PhaseDoubled:
		return one(s.Challenger, DecideDoubled, "%s doubled!: persist or withdraw", s.name(s.Bidder))
	case PhaseForfeit:
		return one(s.Loser, DecideForfeit, "discard %d more card(s)", s.Extra)
	case PhaseRecover:
		return one(s.Challenger, DecideRecover, "take back lost cards")
	}
	return engine.Waiting{}, false
}

// waiting is the same, said for the view's own line.
func (s *State) waiting() string {
	if w, ok := (Rules{}).Waiting(s); ok {
		return engine.WaitingLine(w, s.name)
	}
	return s.name(s.Winner) + " wins!"
}

var _ engine.Waiter = Rules{}

func (s *State) hand(seat int) *Hand {
	p := &s.Players[seat]
	h := &Hand{Seat: seat, Hand: s.cardViews(p.Hand), Staked: s.cardViews(p.Staked), Lost: s.cardViews(p.Lost)}
	if p.Out {
		return h
	}
	switch s.Phase {
	case PhaseStake:
		if !p.Ready {
			h.MustStake = s.Settings.OpeningStake()
			h.Recover = s.Settings.Variant == Classic && len(p.Hand) == 1
			z := s.Settings.RedZone()
			h.CanSwap = !p.Swapped && len(p.Lost) > 0 && (z == 0 || len(p.Hand) <= z)
		}
	case PhaseBid:
		h.MyTurn = s.Turn == seat || (s.Settings.Variant == Blitz && s.Bid != nil && seat != s.Bidder)
		if f, ok := s.AddQty(seat); ok {
			h.CanAdd, h.AddQty = true, &f
		}
	case PhaseAnswer:
		h.Answer = seat == s.Bidder
		h.CanDouble = h.Answer && len(p.Hand) >= len(p.Staked)
	case PhaseDoubled:
		h.Persist = seat == s.Challenger
	case PhaseForfeit:
		if seat == s.Loser {
			h.Forfeit = s.Extra
		}
	case PhaseRecover:
		if seat == s.Challenger {
			h.Recovers = min(2, len(p.Lost))
		}
	}
	if c, ok := s.OddsFor(seat); ok && s.Phase != PhaseOver {
		h.Odds = &c
		h.OddsText = fmt.Sprintf("%.1f%%", 100*c.P)
	}
	return h
}

func (s *State) cardViews(ns []int) []CardView {
	out := []CardView{}
	for _, n := range ns {
		c := s.card(n)
		out = append(out, CardView{N: n, Card: c, Text: c.String()})
	}
	return out
}

// Result ranks the players once one is left: the winner, then by how long
// each lasted.
func (Rules) Result(st engine.State) (engine.Result, bool) {
	s := st.(*State)
	if s.Phase != PhaseOver {
		return engine.Result{}, false
	}
	var r engine.Result
	for i, p := range s.Players {
		outlasted := p.Place - 1
		r.Scores = append(r.Scores, engine.Score{Seat: i, Points: outlasted, Winner: i == s.Winner,
			Breakdown: map[string]int{"outlasted": outlasted, "cards": p.Cards()}})
	}
	return r, true
}
