package riskclassic_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
	"tableside/internal/enginetest"
)

// randomStart starts a game with the random deal and placement.
func randomStart(t *testing.T, r engine.Rules, set conquest.Settings, players int, seed uint64) (*conquest.State, []engine.Event) {
	t.Helper()
	s := enginetest.New[*conquest.State](t, r, set, enginetest.Names(players)...)
	evs := enginetest.Do(t, r, &s, enginetest.Cmd(engine.Host, conquest.CmdStart, map[string]bool{"random": true}), enginetest.Seeded(seed, 11))
	return s, evs
}

// The random start deals each territory once, round the table (nobody holds
// more than one territory more than anyone else), places exactly each
// player's start armies (a neutral's too) evenly on their own territories
// (no two of a player's territories differ by more than one army), and the
// first turn begins at once.
func TestRandomStartDealsEveryTerritoryOnceAndPlacesArmiesEvenly(t *testing.T) {
	for _, c := range []struct {
		rules   engine.Rules
		players int
		set     conquest.Settings
	}{
		{riskclassic.Rules{}, 2, conquest.Settings{}},
		{riskclassic.Rules{}, 3, conquest.Settings{Neutrals: 1}},
		{riskclassic.Rules{}, 4, conquest.Settings{First: 2}},
		{riskclassic.Rules{}, 6, conquest.Settings{}},
		{riskclassic.Rules{}, 2, conquest.Settings{Neutrals: 4}},
		{riskclassic.Rules{}, 5, conquest.Settings{StartArmies: 31}},
		{pctw.Rules{}, 3, conquest.Settings{}},
	} {
		t.Run(fmt.Sprintf("%s-%d-%+v", c.rules.Kind(), c.players, c.set), func(t *testing.T) {
			s, evs := randomStart(t, c.rules, c.set, c.players, 3)
			if s.Phase != conquest.PhaseReinforce || s.Turn != c.set.First {
				t.Fatalf("after the random start: phase %q, turn %d; want the first player's reinforcement", s.Phase, s.Turn)
			}
			if len(evs) < 2 || evs[0].Type != conquest.EvStarted {
				t.Fatalf("events %v; want started, then the first turn", evs)
			}
			k := len(s.Players)
			start := startArmies(t, c.rules, c.set, s.Map().Len(), k)
			count := make([]int, k)
			lo, hi, total := make([]int, k), make([]int, k), make([]int, k)
			for p := range lo {
				lo[p] = 1 << 30
			}
			for ter, o := range s.Owner {
				if o < 0 || o >= k {
					t.Fatalf("%s was dealt to %d: every territory goes to one player", s.Map().Name(risk.TerritoryID(ter)), o)
				}
				a := s.Armies[ter]
				count[o]++
				total[o] += a
				lo[o], hi[o] = min(lo[o], a), max(hi[o], a)
			}
			minC, maxC := s.Map().Len(), 0
			for p := range k {
				minC, maxC = min(minC, count[p]), max(maxC, count[p])
				if total[p] != start {
					t.Errorf("%s has %d armies on the map; want the %d start armies", s.Players[p].Name, total[p], start)
				}
				if hi[p]-lo[p] > 1 {
					t.Errorf("%s's territories hold %d to %d armies: not even", s.Players[p].Name, lo[p], hi[p])
				}
				if s.ToPlace[p] != 0 || s.NeutralToPlace[p] != 0 {
					t.Errorf("%s still has armies to place after the random start", s.Players[p].Name)
				}
			}
			if maxC-minC > 1 {
				t.Errorf("the deal gave %d to %d territories: not round the table", minC, maxC)
			}
		})
	}
}

// startArmies is the variant's own number of start armies for the table.
func startArmies(t *testing.T, r engine.Rules, set conquest.Settings, territories, players int) int {
	t.Helper()
	v := riskclassic.Variant
	if r.Kind() == pctw.Variant.Kind {
		v = pctw.Variant
	}
	n, _ := v.StartArmies(set, territories, players)
	return n
}

// The deal and the placement come from the tracker's dice and are written
// into the log: the same dice give the same start, other dice another, and
// a game started at random replays to the same bytes from its export and
// from disk.
func TestRandomStartIsRecordedAndReplaysExactly(t *testing.T) {
	set := conquest.Settings{Neutrals: 1}
	a, evA := randomStart(t, riskclassic.Rules{}, set, 3, 5)
	b, evB := randomStart(t, riskclassic.Rules{}, set, 3, 5)
	c, _ := randomStart(t, riskclassic.Rules{}, set, 3, 6)
	if !reflect.DeepEqual(evA, evB) || !reflect.DeepEqual(a.Armies, b.Armies) {
		t.Fatal("the same dice gave two different starts")
	}
	if reflect.DeepEqual(a.Owner, c.Owner) {
		t.Fatal("other dice gave the very same deal: the deal is not random")
	}
	raw, _ := json.Marshal(set)
	g := enginetest.Track(t, riskclassic.Rules{}, "Random", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cat"}}, Settings: raw})
	g.Must(engine.Host, conquest.CmdStart, map[string]bool{"random": true})
	g.CheckExportReplays()
	g.CheckReopenReplays()
}
