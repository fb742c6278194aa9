package riskclassic_test

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
	"tableside/internal/enginetest"
)

// A game with a neutral played through the real tracker gives the same state
// when a fresh tracker replays its log from disk.
func TestReplayThroughTrackerGivesSameState(t *testing.T) {
	set, _ := json.Marshal(conquest.Settings{Neutrals: 1, Empire: true})
	g := enginetest.Track(t, riskclassic.Rules{}, "Replay", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: set})
	state := func() (s *conquest.State) {
		g.State(func(st engine.State) { s = st.(*conquest.State).Clone() })
		return s
	}
	do := func(typ string, args any) { t.Helper(); g.Must(engine.Host, typ, args) }
	do(conquest.CmdStart, nil)
	for s := state(); s.Phase == conquest.PhasePlace; s = state() {
		p := s.Placer
		for t, o := range s.Owner {
			if (s.NeutralToPlace[p] > 0 && o == 2) || (s.NeutralToPlace[p] == 0 && o == p) {
				do(conquest.CmdPlace, map[string]int{"territory": t})
				break
			}
		}
	}
	// Two full rounds: each player places its build on its strongest
	// territory, blitzes once where it can, and ends; the neutral's shares
	// are placed by the host.
	for range 6 {
		s := state()
		switch s.Phase {
		case conquest.PhaseNeutral:
			for p := range 2 {
				for s.ToPlace[p] > 0 {
					for t, o := range s.Owner {
						if o == 2 {
							do(conquest.CmdPlace, map[string]int{"territory": t, "count": s.ToPlace[p], "seat": p})
							break
						}
					}
					s = state()
				}
			}
		case conquest.PhaseReinforce:
			best := -1
			for t, o := range s.Owner {
				if o == s.Turn && (best < 0 || s.Armies[t] > s.Armies[best]) {
					best = t
				}
			}
			do(conquest.CmdPlace, map[string]int{"territory": best, "count": s.Pool})
			s = state()
			for _, n := range s.Map().Neighbours(risk.TerritoryID(best)) {
				if s.Owner[n] != s.Turn {
					do(conquest.CmdAttack, map[string]int{"from": best, "to": int(n)})
					if s = state(); s.Defence != nil { // the defender chooses (here, the host for them)
						do(conquest.CmdDefend, map[string]int{"dice": 1})
					}
					if s = state(); s.Pending != nil {
						do(conquest.CmdMove, map[string]int{"count": s.Pending.Min})
					}
					break
				}
			}
			if s = state(); s.Phase != conquest.PhaseOver {
				do(conquest.CmdEndTurn, nil)
			}
		}
	}
	g.CheckReopenReplays()
	if s := state(); s.Round < 1 {
		t.Fatalf("the game did not get through a round: %+v", s.Round)
	}
}
