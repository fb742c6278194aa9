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

// longGame plays a four-player game with the app's dice: each turn places
// its build on its strongest territory beside an enemy, blitzes from there
// as long as it can, moves everything in, and ends; until someone holds
// the world or turns run out. It returns the setup and the whole log.
func longGame(tb testing.TB, turns int) (engine.Setup, []engine.Event) {
	r := riskclassic.Rules{}
	set, _ := json.Marshal(conquest.Settings{DefendMost: true})
	setup := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}, {Name: "Dee"}}, Settings: set}
	st, err := r.New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*conquest.State)
	dice := enginetest.Seeded(3, 4)
	var log []engine.Event
	do := func(seat int, typ string, args any) {
		log = append(log, enginetest.Do(tb, r, &s, enginetest.Cmd(seat, typ, args), dice)...)
	}
	do(engine.Host, conquest.CmdStart, map[string]bool{"random": true})
	m := s.Map()
	front := func(p int) (int, int) {
		best, to := -1, -1
		for f, o := range s.Owner {
			if o != p || (best >= 0 && s.Armies[f] <= s.Armies[best]) {
				continue
			}
			for _, n := range m.Neighbours(risk.TerritoryID(f)) {
				if s.Owner[n] != p {
					best, to = f, int(n)
					break
				}
			}
		}
		return best, to
	}
	for range turns {
		if s.Phase == conquest.PhaseOver {
			break
		}
		p := s.Turn
		for len(s.Hands[p]) >= 5 || s.MustTrade {
			ids, ok := conquest.FindSet(riskclassic.Variant, s.Hands[p], s.Sets)
			if !ok {
				break
			}
			do(p, conquest.CmdTrade, map[string][]int{"cards": ids})
		}
		if f, _ := front(p); s.Pool > 0 {
			do(p, conquest.CmdPlace, map[string]int{"territory": f, "count": s.Pool})
		}
		for s.Phase != conquest.PhaseOver {
			f, to := front(p)
			if f < 0 || s.Armies[f] < 3 {
				break
			}
			do(p, conquest.CmdAttack, map[string]any{"from": f, "to": to, "mode": "blitz"})
			if s.Pending != nil {
				do(p, conquest.CmdMove, map[string]int{"count": s.Pending.Max})
			}
		}
		if s.Phase != conquest.PhaseOver {
			do(p, conquest.CmdEndTurn, nil)
		}
	}
	return setup, log
}

// BenchmarkLuckOfALongGame measures a whole game's battles, as the end
// screen does once per change of a finished game.
func BenchmarkLuckOfALongGame(b *testing.B) {
	setup, log := longGame(b, 200)
	l, err := riskclassic.Rules{}.Luck(setup, log)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(log)), "events")
	b.ReportMetric(float64(len(l.Battles)), "battles")
	b.ResetTimer()
	for range b.N {
		if _, err := (riskclassic.Rules{}).Luck(setup, log); err != nil {
			b.Fatal(err)
		}
	}
}
