package conquest

import (
	"tableside/engine"
)

// Evolve applies one event to the state.
func Evolve(v *Variant, st engine.State, e engine.Event) engine.State {
	s := st.(*State)
	s.apply(v, e)
	return s
}

func (s *State) apply(v *Variant, e engine.Event) {
	switch e.Type {
	case EvConfigured:
		set := engine.Payload[Settings](e)
		if err := s.configure(v, set, s.seats()); err != nil {
			panic(err) // Decide checked these settings
		}
	case EvStarted:
		d := engine.Payload[startedEv](e)
		s.Owner, s.Armies, s.Deck = d.Owner, d.Armies, d.Deck
		s.ToPlace, s.NeutralToPlace, s.NeutralLeft = d.ToPlace, d.NeutralToPlace, d.NeutralLeft
		s.Placer, s.StartPlacer, s.Phase, s.LastNote = d.Placer, d.StartPlacer, d.Phase, d.Why
	case EvPlaced:
		d := engine.Payload[placedEv](e)
		s.place(d)
	case EvTurnBegan:
		d := engine.Payload[turnBeganEv](e)
		s.Turn, s.Phase, s.Build, s.Pool = d.Player, PhaseReinforce, &d.Build, d.Build.Total
		s.Traded, s.Conquered, s.MustTrade, s.Pending, s.Shares = 0, false, false, nil, nil
		s.TurnCards = len(s.Hands[d.Player])
	case EvTraded:
		d := engine.Payload[tradedEv](e)
		s.trade(d)
	case EvBattle:
		d := engine.Payload[battleEv](e)
		s.battle(d)
	case EvMoved:
		d := engine.Payload[moveEv](e)
		s.Armies[d.From] -= d.Count
		s.Armies[d.To] += d.Count
		s.Pending = nil
		if r := s.lastRampage(); r != nil && s.Phase == PhaseNeutral && r.Conquered && r.Moved == 0 {
			r.Moved = d.Count
		}
	case EvEliminated:
		d := engine.Payload[eliminatedEv](e)
		s.Players[d.Player].Out = true
		s.Hands[d.By] = append(s.Hands[d.By], s.Hands[d.Player]...)
		s.Hands[d.Player] = []Card{}
		if v.ElimTrade && !s.Players[d.By].Neutral && len(s.Hands[d.By]) >= 6 {
			s.MustTrade = true
		}
	case EvAttackEnded:
		s.Phase = PhaseFortify
	case EvFortified:
		d := engine.Payload[moveEv](e)
		s.Armies[d.From] -= d.Count
		s.Armies[d.To] += d.Count
	case EvTurnEnded:
		d := engine.Payload[turnEndedEv](e)
		if d.Reshuffle != nil {
			s.Deck, s.Discard = d.Reshuffle, []Card{}
		}
		if d.Draws && len(s.Deck) > 0 {
			s.Hands[d.Player] = append(s.Hands[d.Player], s.Deck[0])
			s.Deck = s.Deck[1:]
		}
		s.Turn = s.next(d.Player)
		if s.Turn == s.Settings.First {
			s.Round++
		}
		s.Phase, s.Build, s.Pool, s.Pending = "", nil, 0, nil
	case EvNeutralTurn:
		d := engine.Payload[neutralTurnEv](e)
		s.Turn, s.Phase, s.Build = d.Neutral, PhaseNeutral, &d.Build
		s.Shares, s.Conquered, s.Rampage, s.Pending = &d.Shares, false, []RampageStep{}, nil
		copy(s.ToPlace, d.Shares.Each)
	case EvRampage:
		d := engine.Payload[RampageStep](e)
		s.Rampage = append(s.Rampage, d)
	case EvDefenceAsked:
		d := engine.Payload[Defence](e)
		s.Defence = &d
		if s.Phase == PhaseReinforce {
			s.Phase = PhaseAttack
		}
	case EvOver:
		d := engine.Payload[overEv](e)
		s.Phase, s.Winner, s.Pending = PhaseOver, d.Winner, nil
	}
}

// place puts armies down and, in set-up, passes the placement on.
func (s *State) place(d placedEv) {
	if s.Owner[d.Territory] < 0 {
		s.Owner[d.Territory] = d.Player
	}
	s.Armies[d.Territory] += d.Count
	switch d.Pool {
	case PoolStart:
		s.ToPlace[d.Player] -= d.Count
		s.countPlaced(d)
		s.passPlacement(d.Pool)
	case PoolNeutral:
		s.NeutralToPlace[d.Player] -= d.Count
		if s.NeutralLeft != nil {
			s.NeutralLeft[s.Owner[d.Territory]] -= d.Count
		}
		s.countPlaced(d)
		s.passPlacement(d.Pool)
	case PoolBuild:
		s.Pool -= d.Count
	case PoolShare:
		s.ToPlace[d.Player] -= d.Count
	}
}

// passPlacement moves set-up placement to the next real player with armies
// left: neutral armies first, from the first player, then own armies from
// the start placer. When nobody has any, the first turn is due.
func (s *State) passPlacement(pool string) {
	ownLeft := func(p int) bool { return s.ToPlace[p] > 0 }
	neutralLeft := func(p int) bool { return s.NeutralToPlace[p] > 0 }
	if s.Phase == PhaseClaim {
		for _, o := range s.Owner {
			if o < 0 {
				s.Placer = s.realFrom(s.Placer, false, ownLeft)
				return
			}
		}
		s.Phase = PhasePlace
	}
	switch {
	case s.any(neutralLeft):
		s.Placer = s.nextPlacer(neutralLeft)
	case s.any(ownLeft) && pool == PoolNeutral:
		s.Placed = nil // a new pool: everyone starts level again
		s.Placer = s.realFrom(s.StartPlacer, true, ownLeft)
	case s.any(ownLeft):
		s.Placer = s.nextPlacer(ownLeft)
	default:
		s.Phase, s.Turn, s.Placer, s.Placed = "", s.Settings.First, -1, nil
	}
}

// countPlaced keeps the start armies each player has placed from the current
// pool, for the turn order of a table that places several at once.
func (s *State) countPlaced(d placedEv) {
	if !s.Settings.PlaceMany || s.Phase != PhasePlace {
		return
	}
	if s.Placed == nil {
		s.Placed = make([]int, len(s.Players))
	}
	s.Placed[d.Player] += d.Count
}

// nextPlacer passes the set-up placement on to the next real player with
// armies left. One army at a time that is simply the next in seat order;
// with several at once (Settings.PlaceMany) it is whoever has placed the
// fewest, the next in seat order among equals, so a player who put down 3
// has used 3 turns and the others catch up before they place again.
func (s *State) nextPlacer(left func(int) bool) int {
	if !s.Settings.PlaceMany || s.Placed == nil {
		return s.realFrom(s.Placer, false, left)
	}
	best, n := -1, len(s.Players)
	for k := 1; k <= n; k++ {
		q := (s.Placer + k) % n
		if s.Players[q].Neutral || !left(q) {
			continue
		}
		if best < 0 || s.Placed[q] < s.Placed[best] {
			best = q
		}
	}
	if best < 0 {
		return s.Placer
	}
	return best
}

func (s *State) any(pred func(int) bool) bool {
	for p := range s.Players {
		if !s.Players[p].Neutral && pred(p) {
			return true
		}
	}
	return false
}

// realFrom is the first real player in seat order after p (or p itself when
// inclusive) for whom pred holds; p when there is none.
func (s *State) realFrom(p int, inclusive bool, pred func(int) bool) int {
	n := len(s.Players)
	start := 1
	if inclusive {
		start = 0
	}
	for k := start; k <= n; k++ {
		q := (p + k) % n
		if !s.Players[q].Neutral && pred(q) {
			return q
		}
	}
	return p
}

// trade moves a set from the hand to the discards and grants its armies.
func (s *State) trade(d tradedEv) {
	keep := []Card{}
	for _, c := range s.Hands[d.Player] {
		if !containsInt(d.Cards, c.ID) {
			keep = append(keep, c)
		} else {
			s.Discard = append(s.Discard, c)
		}
	}
	s.Hands[d.Player] = keep
	for _, b := range d.Bonus {
		s.Armies[b.Territory] += b.Armies
	}
	s.Sets++
	s.Traded++
	if s.Players[d.Player].Neutral {
		return // a neutral's set is part of its build, shared out with it
	}
	s.Pool += d.Value
	if s.Build != nil {
		s.Build.add(d.Why, d.Value)
		for _, b := range d.Bonus {
			s.Build.add("card bonus placed on "+s.m.Name(riskID(b.Territory)), b.Armies)
		}
	}
	if s.MustTrade && len(keep) <= 4 {
		s.MustTrade = false
	}
}

// battle applies a battle's losses; a conquest waits for its move.
func (s *State) battle(d battleEv) {
	s.Armies[d.From] -= d.AttLost
	s.Armies[d.To] -= d.DefLost
	s.Defence = nil
	b := d.Battle
	s.Last = &b
	if d.Mode == "rampage" && len(s.Rampage) > 0 && s.Rampage[len(s.Rampage)-1].Result == nil {
		s.Rampage[len(s.Rampage)-1].Result = &RampageResult{Defender: d.Defender, AttLost: d.AttLost, DefLost: d.DefLost, Conquered: d.Conquered}
	}
	if s.Phase == PhaseReinforce {
		s.Phase = PhaseAttack
	}
	if d.Conquered {
		s.Owner[d.To] = d.Attacker
		s.Armies[d.To] = 0
		s.Conquered = true
		mx := s.Armies[d.From] - 1
		s.Pending = &Pending{From: d.From, To: d.To, Min: min(d.MinMove, mx), Max: mx}
	}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// lastRampage is the result of the neutral's latest rampaging attack (nil
// before it was fought).
func (s *State) lastRampage() *RampageResult {
	if len(s.Rampage) == 0 {
		return nil
	}
	return s.Rampage[len(s.Rampage)-1].Result
}
