package riskclassic_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
	"tableside/tracker"
)

// A game with a neutral played through the real tracker gives the same state
// when a fresh tracker replays its log from disk.
func TestReplayThroughTrackerGivesSameState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	ctx := context.Background()
	open := func() *tracker.Tracker {
		db, err := tracker.OpenDB(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return tracker.New(db, riskclassic.Rules{})
	}
	tr := open()
	set, _ := json.Marshal(conquest.Settings{Neutrals: 1, Empire: true})
	info, err := tr.Create(ctx, "risk", "Replay", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	state := func(tr *tracker.Tracker) (s *conquest.State) {
		if err := tr.State(ctx, info.ID, func(st engine.State, _ int64) { s = st.(*conquest.State).Clone() }); err != nil {
			t.Fatal(err)
		}
		return s
	}
	do := func(typ string, args any) {
		b, _ := json.Marshal(args)
		if _, err := tr.Do(ctx, info.ID, engine.Command{Type: typ, Seat: engine.Host, Data: b}, ""); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
	}
	do(conquest.CmdStart, nil)
	for s := state(tr); s.Phase == conquest.PhasePlace; s = state(tr) {
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
		s := state(tr)
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
					s = state(tr)
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
			s = state(tr)
			for _, n := range s.Map().Neighbours(risk.TerritoryID(best)) {
				if s.Owner[n] != s.Turn {
					do(conquest.CmdAttack, map[string]int{"from": best, "to": int(n)})
					if s = state(tr); s.Pending != nil {
						do(conquest.CmdMove, map[string]int{"count": s.Pending.Min})
					}
					break
				}
			}
			if s = state(tr); s.Phase != conquest.PhaseOver {
				do(conquest.CmdEndTurn, nil)
			}
		}
	}
	live, _ := json.Marshal(state(tr))
	replayed, _ := json.Marshal(state(open()))
	if string(live) != string(replayed) {
		t.Fatalf("replay differs:\nlive     %s\nreplayed %s", live, replayed)
	}
	if s := state(tr); s.Round < 1 {
		t.Fatalf("the game did not get through a round: %+v", s.Round)
	}
}
