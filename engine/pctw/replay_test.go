package pctw_test

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/internal/enginetest"
)

// A game played through the real tracker (claiming, builds, blitzes, cards)
// gives the same state when a fresh tracker replays its log from disk.
func TestReplayThroughTrackerGivesSameState(t *testing.T) {
	set, _ := json.Marshal(conquest.Settings{Wrap: "xy"})
	g := enginetest.Track(t, pctw.Rules{}, "Replay", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}, Settings: set})
	state := func() (s *conquest.State) {
		g.State(func(st engine.State) { s = st.(*conquest.State).Clone() })
		return s
	}
	do := func(typ string, args any) { t.Helper(); g.Must(engine.Host, typ, args) }
	do(conquest.CmdStart, nil)
	for s := state(); s.Phase == conquest.PhaseClaim || s.Phase == conquest.PhasePlace; s = state() {
		for t, o := range s.Owner {
			if (s.Phase == conquest.PhaseClaim && o < 0) || (s.Phase == conquest.PhasePlace && o == s.Placer) {
				do(conquest.CmdPlace, map[string]int{"territory": t})
				break
			}
		}
	}
	for range 9 {
		s := state()
		if s.Phase == conquest.PhaseOver {
			break
		}
		for len(s.Hands[s.Turn]) >= 5 {
			ids, _ := conquest.FindSet(pctw.Variant, s.Hands[s.Turn], s.Sets)
			do(conquest.CmdTrade, map[string][]int{"cards": ids})
			s = state()
		}
		best := -1
		for t, o := range s.Owner {
			if o == s.Turn && (best < 0 || s.Armies[t] > s.Armies[best]) {
				best = t
			}
		}
		if s.Pool > 0 {
			do(conquest.CmdPlace, map[string]int{"territory": best, "count": s.Pool})
		}
		s = state()
		for _, n := range s.Map().Neighbours(s.Map().Territories()[best].ID) {
			if s.Owner[n] != s.Turn && s.Armies[best] > 1 {
				do(conquest.CmdAttack, map[string]int{"from": best, "to": int(n)})
				if s = state(); s.Defence != nil { // the defender chooses (here, the host for them)
					do(conquest.CmdDefend, map[string]int{"dice": 1})
				}
				if s = state(); s.Pending != nil {
					do(conquest.CmdMove, map[string]int{"count": s.Pending.Max})
				}
				break
			}
		}
		if s = state(); s.Phase != conquest.PhaseOver {
			do(conquest.CmdEndAttack, nil)
		}
	}
	g.CheckReopenReplays()
}
