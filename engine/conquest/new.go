package conquest

import (
	"fmt"

	"tableside/engine"
)

// ArmyColours are the players' colours in seat order, then the neutrals' (the six RISK
// army colours).
var ArmyColours = []string{"red", "blue", "green", "yellow", "black", "pink"}

// New starts a game in its set-up phase.
func New(v *Variant, setup engine.Setup) (engine.State, error) {
	n := len(setup.Seats)
	if n < v.MinSeats || n > v.MaxSeats {
		return nil, engine.Refuse("seats", "%s is for %d to %d players, not %d.", v.Title, v.MinSeats, v.MaxSeats, n)
	}
	s := &State{Kind: v.Kind, Phase: PhaseSetup, Rampage: []RampageStep{}, Winner: -1}
	if err := engine.Decode("settings", setup.Settings, &s.Settings); err != nil {
		return nil, err
	}
	if err := s.configure(v, s.Settings, setup.Seats); err != nil {
		return nil, err
	}
	return s, nil
}

// configure applies settings: the map, the players (neutrals after the
// seats), an empty board.
func (s *State) configure(v *Variant, set Settings, seats []engine.Seat) error {
	if set.First < 0 || set.First >= len(seats) {
		return engine.Refuse("first-player", "The first player must be one of the %d seats.", len(seats))
	}
	m, err := v.Prepare(&set, len(seats))
	if err != nil {
		return engine.Refuse("settings", "%s", err.Error())
	}
	s.Settings, s.m = set, m
	s.Players = s.Players[:0]
	for i, seat := range seats {
		c := seat.Colour
		if c == "" {
			c = ArmyColours[i%len(ArmyColours)]
		}
		s.Players = append(s.Players, Player{Name: seat.Name, Colour: c})
	}
	for i := range set.Neutrals {
		c := ArmyColours[(len(seats)+i)%len(ArmyColours)]
		name := "Neutral"
		if set.Neutrals > 1 {
			name = fmt.Sprintf("Neutral %d", i+1)
		}
		s.Players = append(s.Players, Player{Name: name, Colour: c, Neutral: true})
	}
	k := len(s.Players)
	s.Owner, s.Armies = make([]int, m.Len()), make([]int, m.Len())
	for i := range s.Owner {
		s.Owner[i] = -1
	}
	s.ToPlace, s.NeutralToPlace = make([]int, k), make([]int, k)
	s.Hands = make([][]Card, k)
	for i := range s.Hands {
		s.Hands[i] = []Card{}
	}
	s.Deck, s.Discard = []Card{}, []Card{}
	s.Turn, s.Placer, s.StartPlacer = set.First, set.First, set.First
	return nil
}

// seats is the table's real seats, for reconfiguring.
func (s *State) seats() []engine.Seat {
	var out []engine.Seat
	for _, p := range s.Players {
		if !p.Neutral {
			out = append(out, engine.Seat{Name: p.Name, Colour: p.Colour})
		}
	}
	return out
}
