package cashcrash

import (
	"fmt"
	"slices"
	"strings"

	"tableside/engine"
)

// Transient phases: Decide always follows them with the event that ends them.
const (
	phaseReveal = "reveal"
	phaseSettle = "settle"
)

// More events.
const (
	EvAccepted  = "accepted"
	EvPersisted = "persisted"
)

// Reveal is a challenge laid open: every stake, the icons added up, who lost.
type Reveal struct {
	Round      int         `json:"round"`
	Bid        Bid         `json:"bid"`
	Bidder     int         `json:"bidder"`
	Challenger int         `json:"challenger"`
	Doubled    bool        `json:"doubled"`
	OutOfTurn  bool        `json:"outOfTurn"`
	Stakes     []StakeShow `json:"stakes"`
	Totals     Card        `json:"totals"`
	Holds      bool        `json:"holds"`
	Explain    string      `json:"explain"`
	Loser      int         `json:"loser"`
	Lost       []int       `json:"lost"`  // the loser's stake
	Extra      int         `json:"extra"` // further cards the doubled loss takes
	Eliminated []int       `json:"eliminated"`
	Winner     int         `json:"winner"`
}

// StakeShow is one player's stake, face up.
type StakeShow struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Cards []int  `json:"cards"`
	Icons []Card `json:"icons"`
}

// revealData is the revealed event: the public Reveal plus what only the
// loser's and winner's own cards say (never shown to others).
type revealData struct {
	Reveal
	AutoExtra   []int `json:"autoExtra,omitempty"`   // the whole hand, when it cannot cover the doubled loss
	Owed        int   `json:"owed,omitempty"`        // extra cards the loser still picks
	AutoRecover []int `json:"autoRecover,omitempty"` // Blitz: every lost card, when two or fewer
	Recover     bool  `json:"recover,omitempty"`     // Blitz: the challenger picks two lost cards
}

// settle adds the events that follow from evs on their own: the reveal after
// a challenge is accepted, the end of a round once nobody owes a choice.
func (s *State) settle(evs []engine.Event) []engine.Event {
	next := s.clone()
	for _, e := range evs {
		next = Rules{}.Evolve(next, e).(*State)
	}
	for range 3 {
		var e engine.Event
		switch next.Phase {
		case phaseReveal:
			e = next.reveal()
		case phaseSettle:
			e = next.endRound()
		default:
			return evs
		}
		evs = append(evs, e)
		next = Rules{}.Evolve(next, e).(*State)
	}
	return evs
}

// reveal lays the stakes open and decides the challenge.
func (s *State) reveal() engine.Event {
	r := Reveal{Round: s.Round, Bid: *s.Bid, Bidder: s.Bidder, Challenger: s.Challenger, Doubled: s.Doubled,
		OutOfTurn: s.OutOfTurn, Eliminated: []int{}, Winner: -1}
	for i, p := range s.Players {
		if p.Out {
			continue
		}
		sh := StakeShow{Seat: i, Name: s.name(i), Cards: slices.Clone(p.Staked)}
		for _, n := range p.Staked {
			sh.Icons = append(sh.Icons, s.card(n))
			r.Totals = r.Totals.add(s.card(n))
		}
		r.Stakes = append(r.Stakes, sh)
	}
	r.Holds = true
	var parts []string
	for i := 0; i < len(r.Bid.Goods); i++ {
		g := r.Bid.Goods[i]
		have := r.Totals.Icons(g)
		mark := "enough"
		if have < r.Bid.Qty {
			r.Holds = false
			mark = fmt.Sprintf("short by %d", r.Bid.Qty-have)
		}
		parts = append(parts, fmt.Sprintf("%s %d of %d (%s)", goodNames[g], have, r.Bid.Qty, mark))
	}
	r.Loser = s.Challenger
	verdict := "the bid holds: " + s.name(s.Challenger) + ", who called SELL, loses"
	if !r.Holds {
		r.Loser = s.Bidder
		verdict = "the bid fails: " + s.name(s.Bidder) + ", who bid it, loses"
	}
	loser := &s.Players[r.Loser]
	r.Lost = slices.Clone(loser.Staked)
	d := revealData{}
	if s.Doubled {
		r.Extra = len(r.Lost)
		if len(loser.Hand) <= r.Extra {
			d.AutoExtra = slices.Clone(loser.Hand)
		} else {
			d.Owed = r.Extra
		}
	}
	r.Explain = fmt.Sprintf("Bid %s. %s: %s.", r.Bid, strings.Join(parts, ", "), verdict)
	if s.Doubled {
		r.Explain += fmt.Sprintf(" Doubled: %d more card(s) from the hand.", r.Extra)
	}
	if s.Settings.Variant == Blitz && s.OutOfTurn && r.Loser == s.Bidder {
		ch := &s.Players[s.Challenger]
		if len(ch.Lost) <= 2 {
			d.AutoRecover = slices.Clone(ch.Lost)
		} else {
			d.Recover = true
		}
		r.Explain += " " + s.name(s.Challenger) + " won a challenge made out of turn and takes back up to two lost cards."
	}
	d.Reveal = r
	return engine.NewEvent(EvRevealed, d)
}

// endRound returns stakes, eliminates, and starts the next round or ends the game.
func (s *State) endRound() engine.Event {
	d := settleData{Eliminated: []int{}, Winner: -1}
	l := &s.Players[s.Loser]
	left := len(l.Hand)
	if left == 0 || (s.Settings.Variant == Blitz && left <= 1) {
		d.Eliminated = append(d.Eliminated, s.Loser)
	}
	in := 0
	for i, p := range s.Players {
		if !p.Out && !slices.Contains(d.Eliminated, i) {
			in++
			d.Winner = i
		}
	}
	if in != 1 {
		d.Winner = -1
	}
	next := s.clone()
	for _, e := range d.Eliminated {
		next.Players[e].Out = true
	}
	d.Starter = next.nextActive(s.Starter)
	return engine.NewEvent(EvSettled, d)
}

// Evolve applies one event.
func (Rules) Evolve(st engine.State, ev engine.Event) engine.State {
	s := st.(*State)
	switch ev.Type {
	case EvConfigured:
		set := engine.Payload[Settings](ev)
		s.Settings = set
	case EvStarted:
		d := engine.Payload[startData](ev)
		for i := range s.Players {
			p := &s.Players[i]
			p.Hand = p.Hand[:0]
			for n := 1; n <= SetSize; n++ {
				p.Hand = append(p.Hand, n)
			}
		}
		s.Starter = d.First
		s.newRound()
	case EvSwapped:
		d := engine.Payload[swapData](ev)
		p := &s.Players[d.Seat]
		p.Hand = remove(p.Hand, d.Give)
		p.Lost = remove(p.Lost, d.Take)
		p.Hand, p.Lost = sorted(append(p.Hand, d.Take)), sorted(append(p.Lost, d.Give))
		p.Swapped, p.Blurred = true, true
	case EvStaked:
		d := engine.Payload[stakeData](ev)
		p := &s.Players[d.Seat]
		if d.Recover != 0 {
			p.Lost = remove(p.Lost, d.Recover)
			p.Staked = append(p.Staked, d.Recover)
			p.Blurred = true
		}
		for _, n := range d.Cards {
			p.Hand = remove(p.Hand, n)
			p.Staked = append(p.Staked, n)
		}
		p.Ready = true
		if s.allReady() {
			s.Phase, s.Turn = PhaseBid, s.Starter
		}
	case EvBid:
		d := engine.Payload[bidData](ev)
		b := d.Bid
		s.Bid, s.Bidder, s.MustMove = &b, d.Seat, -1
		s.Ladder = append(s.Ladder, Step{Seat: d.Seat, Bid: b, Added: d.Card != 0})
		if d.Card != 0 {
			p := &s.Players[d.Seat]
			p.Hand = remove(p.Hand, d.Card)
			p.Staked = append(p.Staked, d.Card)
		}
		s.Turn = s.nextActive(d.Seat)
	case EvChallenged:
		d := engine.Payload[seatData](ev)
		s.Challenger, s.OutOfTurn, s.PrevTurn, s.Doubled = d.Seat, d.Seat != s.Turn, s.Turn, false
		s.Phase = phaseReveal
		if s.Settings.Doubling {
			s.Phase = PhaseAnswer
		}
	case EvAccepted:
		s.Phase = phaseReveal
	case EvDoubled:
		s.Phase = PhaseDoubled
	case EvPersisted:
		s.Doubled, s.Phase = true, phaseReveal
	case EvWithdrawn:
		s.Phase = PhaseBid
		if s.OutOfTurn {
			s.Turn, s.MustMove = s.PrevTurn, -1
		} else {
			s.Turn, s.MustMove = s.Challenger, s.Challenger
		}
	case EvRevealed:
		d := engine.Payload[revealData](ev)
		s.applyReveal(d)
	case EvForfeited:
		d := engine.Payload[cardsData](ev)
		p := &s.Players[d.Seat]
		for _, n := range d.Cards {
			p.Hand = remove(p.Hand, n)
			p.Lost = append(p.Lost, n)
		}
		p.Lost, p.Blurred, s.Extra = sorted(p.Lost), true, 0
		s.Phase = phaseSettle
		if s.Last != nil && s.Settings.Variant == Blitz && s.Last.OutOfTurn && !s.Last.Holds && len(s.Players[s.Challenger].Lost) > 0 {
			s.Phase = PhaseRecover
		}
	case EvRecovered:
		d := engine.Payload[cardsData](ev)
		s.recover(d.Seat, d.Cards)
		s.Phase = phaseSettle
	case EvSettled:
		d := engine.Payload[settleData](ev)
		s.applySettle(d)
	}
	return s
}

func (s *State) applyReveal(d revealData) {
	r := d.Reveal
	s.Last = &r
	l := &s.Players[r.Loser]
	l.Lost = sorted(append(l.Lost, l.Staked...))
	l.Seen = sorted(append(l.Seen, l.Staked...))
	l.Staked = []int{}
	for _, n := range d.AutoExtra {
		l.Hand = remove(l.Hand, n)
		l.Lost = append(l.Lost, n)
	}
	l.Lost = sorted(l.Lost)
	s.Loser, s.Extra = r.Loser, d.Owed
	if len(d.AutoRecover) > 0 {
		s.recover(r.Challenger, d.AutoRecover)
	}
	switch {
	case d.Owed > 0:
		s.Phase = PhaseForfeit
	case d.Recover:
		s.Phase = PhaseRecover
	default:
		s.Phase = phaseSettle
	}
}

func (s *State) recover(seat int, cards []int) {
	p := &s.Players[seat]
	for _, n := range cards {
		p.Lost = remove(p.Lost, n)
		p.Hand = append(p.Hand, n)
	}
	p.Hand, p.Blurred = sorted(p.Hand), true
}

func (s *State) applySettle(d settleData) {
	place := len(s.Players) - s.active()
	for _, e := range d.Eliminated {
		place++
		p := &s.Players[e]
		p.Out, p.Place = true, place
		p.Lost = sorted(append(p.Lost, p.Hand...))
		p.Hand = []int{}
		if s.Last != nil {
			s.Last.Eliminated = append(s.Last.Eliminated, e)
		}
	}
	for i := range s.Players {
		p := &s.Players[i]
		p.Hand, p.Staked = sorted(append(p.Hand, p.Staked...)), []int{}
	}
	if d.Winner >= 0 {
		s.Winner, s.Phase = d.Winner, PhaseOver
		s.Players[d.Winner].Place = len(s.Players)
		if s.Last != nil {
			s.Last.Winner = d.Winner
		}
		return
	}
	s.Starter = d.Starter
	s.newRound()
}

func (s *State) newRound() {
	s.Round++
	s.Phase, s.Bid, s.Bidder, s.Ladder, s.Turn = PhaseStake, nil, -1, []Step{}, s.Starter
	s.MustMove, s.Doubled, s.OutOfTurn, s.Extra = -1, false, false, 0
	for i := range s.Players {
		s.Players[i].Ready, s.Players[i].Swapped = false, false
	}
}

func (s *State) allReady() bool {
	for _, p := range s.Players {
		if !p.Out && !p.Ready {
			return false
		}
	}
	return true
}

func remove(xs []int, n int) []int {
	if i := slices.Index(xs, n); i >= 0 {
		return slices.Delete(slices.Clone(xs), i, i+1)
	}
	return xs
}

func sorted(xs []int) []int {
	out := slices.Clone(xs)
	if out == nil {
		out = []int{}
	}
	slices.Sort(out)
	return out
}

// Describe names an event for the undo button, without secrets.
func (Rules) Describe(st engine.State, ev engine.Event) string {
	s := st.(*State)
	switch ev.Type {
	case EvConfigured:
		return "the card set and rules"
	case EvStarted:
		return "the start of the game"
	case EvSwapped:
		d := engine.Payload[swapData](ev)
		return s.name(d.Seat) + "'s red zone swap"
	case EvStaked:
		d := engine.Payload[stakeData](ev)
		return s.name(d.Seat) + "'s stake"
	case EvBid:
		d := engine.Payload[bidData](ev)
		return s.name(d.Seat) + "'s bid of " + d.Bid.String()
	case EvChallenged:
		d := engine.Payload[seatData](ev)
		return s.name(d.Seat) + "'s SELL!"
	case EvDoubled:
		return "the double"
	case EvAccepted, EvPersisted:
		return "the reveal"
	case EvWithdrawn:
		return "the withdrawn challenge"
	case EvForfeited:
		return "the extra discards"
	case EvRecovered:
		return "the cards taken back"
	}
	return ev.Type
}
