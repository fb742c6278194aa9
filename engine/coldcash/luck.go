package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/risk"
)

// Luck measures every battle of a board-mode game's hostile takeovers
// against its exact odds (engine.LuckTeller). It replays the log from
// New(setup) and reads each battle event's throws, so no state is added:
// the attacker is the CEO of the corporation making the takeover, the
// defender the CEO of the corporation attacked, or the Mom & Pop (a side
// no seat plays), measured from the teams its die gave it. A battle is the
// consecutive throws on one front (risk.Battles); a battle typed as losses
// only has no dice and is left out. A game in bank mode has no battles.
func (Rules) Luck(setup engine.Setup, events []engine.Event) (engine.Luck, error) {
	st, err := Rules{}.New(setup)
	if err != nil {
		return engine.Luck{}, fmt.Errorf("luck: %w", err)
	}
	var bs risk.Battles
	err = engine.WalkLog(st.(*State), events, (*State).evolve, func(s *State, e engine.Event) {
		switch e.Type {
		case EvTBattle:
			if t := s.Table; t != nil && t.Takeover != nil {
				l := engine.Payload[tBattleEv](e).Losses
				def := engine.Side{Seat: -1, Name: "the Mom & Pop"}
				if corp := t.Board.Owner(l.To); corp != "" {
					def = s.corpSide(corp)
				}
				bs.Add(s.corpSide(t.Takeover.Corp), def, terr(l.From), terr(l.To), l.Rolls)
			}
		case EvTDefenceAsked: // the defending CEO's answer follows
		default:
			bs.Break()
		}
	})
	if err != nil {
		return engine.Luck{}, fmt.Errorf("luck: %w", err)
	}
	return engine.TallyLuck("teams", setup.Seats, bs.Done()), nil
}

// corpSide is the seat that runs a corporation in battle: its CEO, or the
// corporation itself when it has none.
func (s *State) corpSide(corp string) engine.Side {
	if seat := s.ceoOf(corp); seat >= 0 && seat < len(s.Seats) {
		return engine.Side{Seat: seat, Name: s.name(seat)}
	}
	return engine.Side{Seat: -1, Name: s.coName(corp)}
}
