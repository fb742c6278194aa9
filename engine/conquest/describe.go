package conquest

import (
	"fmt"

	"tableside/engine"
)

// Describe says what an event did, for the undo button.
func Describe(st engine.State, e engine.Event) string {
	s := st.(*State)
	tn := func(t int) string { return s.m.Name(riskID(t)) }
	switch e.Type {
	case EvConfigured:
		return "the change of options"
	case EvStarted:
		return "the start of the game (the deal)"
	case EvPlaced:
		d := engine.Payload[placedEv](e)
		return fmt.Sprintf("%s placing %d on %s", s.name(d.Player), d.Count, tn(d.Territory))
	case EvTraded:
		d := engine.Payload[tradedEv](e)
		return fmt.Sprintf("%s trading a set for %d", s.name(d.Player), d.Value)
	case EvDefenceAsked:
		d := engine.Payload[Defence](e)
		return fmt.Sprintf("%s's attack on %s from %s", s.name(d.Attacker), tn(d.To), tn(d.From))
	case EvBattle:
		d := engine.Payload[battleEv](e)
		return fmt.Sprintf("%s attacking %s from %s", s.name(d.Attacker), tn(d.To), tn(d.From))
	case EvMoved:
		d := engine.Payload[moveEv](e)
		return fmt.Sprintf("moving %d into %s", d.Count, tn(d.To))
	case EvFortified:
		d := engine.Payload[moveEv](e)
		return fmt.Sprintf("fortifying %s with %d", tn(d.To), d.Count)
	case EvTurnBegan:
		d := engine.Payload[turnBeganEv](e)
		return fmt.Sprintf("the start of %s's turn (%d to place)", s.name(d.Player), d.Build.Total)
	case EvNeutralTurn:
		d := engine.Payload[neutralTurnEv](e)
		return fmt.Sprintf("%s's build of %d", s.name(d.Neutral), d.Build.Total)
	case EvRampage:
		d := engine.Payload[RampageStep](e)
		return fmt.Sprintf("%s rampaging from %s into %s", s.name(d.Neutral), tn(d.From), tn(d.Target))
	case EvEliminated:
		d := engine.Payload[eliminatedEv](e)
		return fmt.Sprintf("%s eliminating %s", s.name(d.By), s.name(d.Player))
	case EvAttackEnded:
		return "the end of the attacks"
	case EvOver:
		return "the end of the game"
	case EvTurnEnded:
		d := engine.Payload[turnEndedEv](e)
		return fmt.Sprintf("the end of %s's turn", s.name(d.Player))
	}
	return e.Type
}

// Result is the winner once the game is over.
func Result(st engine.State) (engine.Result, bool) {
	s := st.(*State)
	if s.Phase != PhaseOver {
		return engine.Result{}, false
	}
	var r engine.Result
	for i, p := range s.Players {
		if p.Neutral {
			continue
		}
		r.Scores = append(r.Scores, engine.Score{Seat: i, Points: s.Count(i), Winner: i == s.Winner,
			Breakdown: map[string]int{"territories": s.Count(i)}})
	}
	return r, true
}
