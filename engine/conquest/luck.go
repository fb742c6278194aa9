package conquest

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/risk"
)

// Luck measures every battle of a game against its exact odds, for the
// variants' engine.LuckTeller. It replays the log from New(setup) and reads
// each battle event's throws (every face is in the event), so it needs no
// state of its own: a battle is the consecutive throws on one front (see
// risk.Battles); a turn, a move or anything else in between ends it. A
// battle typed as losses only has no dice and is left out. A rampaging
// neutral is a side with no seat.
func Luck(v *Variant, setup engine.Setup, events []engine.Event) (engine.Luck, error) {
	st, err := New(v, setup)
	if err != nil {
		return engine.Luck{}, fmt.Errorf("luck: %w", err)
	}
	var bs risk.Battles
	apply := func(s *State, e engine.Event) { s.apply(v, e) }
	err = engine.WalkLog(st.(*State), events, apply, func(s *State, e engine.Event) {
		switch e.Type {
		case EvBattle:
			d := engine.Payload[battleEv](e)
			bs.Add(s.side(d.Attacker), s.side(d.Defender), s.m.Name(riskID(d.From)), s.m.Name(riskID(d.To)), d.Rolls)
		case EvDefenceAsked: // the defender's answer follows: the battle goes on
		default:
			bs.Break()
		}
	})
	if err != nil {
		return engine.Luck{}, fmt.Errorf("luck: %w", err)
	}
	return engine.TallyLuck("armies", setup.Seats, bs.Done()), nil
}

// side names a player as a side of a battle; a neutral has no seat.
func (s *State) side(p int) engine.Side {
	if p < 0 || p >= len(s.Players) {
		return engine.Side{Seat: -1, Name: "nobody"}
	}
	if s.Players[p].Neutral {
		return engine.Side{Seat: -1, Name: s.Players[p].Name}
	}
	return engine.Side{Seat: p, Name: s.Players[p].Name}
}
