package pctw_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/tracker"
)

// A game played through the real tracker (claiming, builds, blitzes, cards)
// gives the same state when a fresh tracker replays its log from disk.
func TestReplayThroughTrackerGivesSameState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	ctx := context.Background()
	open := func() *tracker.Tracker {
		db, err := tracker.OpenDB(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return tracker.New(db, pctw.Rules{})
	}
	tr := open()
	set, _ := json.Marshal(conquest.Settings{Wrap: "xy"})
	info, err := tr.Create(ctx, "pctw", "Replay", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}, Settings: set})
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
			t.Fatalf("%s %v: %v", typ, args, err)
		}
	}
	do(conquest.CmdStart, nil)
	for s := state(tr); s.Phase == conquest.PhaseClaim || s.Phase == conquest.PhasePlace; s = state(tr) {
		for t, o := range s.Owner {
			if (s.Phase == conquest.PhaseClaim && o < 0) || (s.Phase == conquest.PhasePlace && o == s.Placer) {
				do(conquest.CmdPlace, map[string]int{"territory": t})
				break
			}
		}
	}
	for range 9 {
		s := state(tr)
		if s.Phase == conquest.PhaseOver {
			break
		}
		for len(s.Hands[s.Turn]) >= 5 {
			ids, _ := conquest.FindSet(pctw.Variant, s.Hands[s.Turn], s.Sets)
			do(conquest.CmdTrade, map[string][]int{"cards": ids})
			s = state(tr)
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
		s = state(tr)
		for _, n := range s.Map().Neighbours(s.Map().Territories()[best].ID) {
			if s.Owner[n] != s.Turn && s.Armies[best] > 1 {
				do(conquest.CmdAttack, map[string]int{"from": best, "to": int(n)})
				if s = state(tr); s.Pending != nil {
					do(conquest.CmdMove, map[string]int{"count": s.Pending.Max})
				}
				break
			}
		}
		if s = state(tr); s.Phase != conquest.PhaseOver {
			do(conquest.CmdEndAttack, nil)
		}
	}
	live, _ := json.Marshal(state(tr))
	replayed, _ := json.Marshal(state(open()))
	if string(live) != string(replayed) {
		t.Fatalf("replay differs:\nlive     %s\nreplayed %s", live, replayed)
	}
}
