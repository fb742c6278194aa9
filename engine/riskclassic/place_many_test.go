package riskclassic_test

import (
	"strconv"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/riskclassic"
	"tableside/internal/enginetest"
)

// ownTerritory is the first territory p holds.
func ownTerritory(s *conquest.State, p int) int {
	for ter, o := range s.Owner {
		if o == p {
			return ter
		}
	}
	return -1
}

// With the "several at a time" setting a placer may put several start armies
// down with one command; the turn order then follows the armies actually
// placed: whoever has placed the fewest places next, so the others catch up
// one army at a time before the quick placer's turn comes round again.
func TestPlaceManySettingTurnOrderFollowsTheArmiesPlaced(t *testing.T) {
	s := enginetest.New[*conquest.State](t, riskclassic.Rules{}, conquest.Settings{PlaceMany: true}, enginetest.Names(3)...)
	d := enginetest.Seeded(1, 2)
	enginetest.Do(t, riskclassic.Rules{}, &s, enginetest.Cmd(engine.Host, conquest.CmdStart, nil), d)
	a := s.Placer
	if v := (riskclassic.Rules{}).View(s, engine.Viewer{Seat: engine.Host}).(conquest.View); v.PlaceMost != s.ToPlace[a] {
		t.Fatalf("the view offers %d armies at once; want the %d left", v.PlaceMost, s.ToPlace[a])
	}
	mine, left := ownTerritory(s, a), s.ToPlace[a]
	before := s.Armies[mine]
	enginetest.Refused(t, riskclassic.Rules{}, &s, enginetest.Cmd(a, conquest.CmdPlace, map[string]int{"territory": mine, "count": left + 1}), d, "too-many")
	enginetest.Do(t, riskclassic.Rules{}, &s, enginetest.Cmd(a, conquest.CmdPlace, map[string]int{"territory": mine, "count": 3}), d)
	if s.Armies[mine] != before+3 || s.ToPlace[a] != left-3 {
		t.Fatalf("after placing 3: %d armies (want %d), %d left (want %d)", s.Armies[mine], before+3, s.ToPlace[a], left-3)
	}
	b, c := (a+1)%3, (a+2)%3
	// B and C each place one at a time until they have placed 3 too.
	for _, want := range []int{b, c, b, c, b, c, a} {
		if s.Placer != want {
			t.Fatalf("placer %d; want %d (placed so far %v)", s.Placer, want, s.Placed)
		}
		if want == a {
			break
		}
		msg := enginetest.Refused(t, riskclassic.Rules{}, &s, enginetest.Cmd(a, conquest.CmdPlace, map[string]int{"territory": mine}), d, "not-your-turn")
		if !strings.Contains(msg, "whoever has placed the fewest places next") || strings.Contains(msg, "one army at a time") {
			t.Fatalf("the refusal says %q; want this table's way of placing (several at a time)", msg)
		}
		enginetest.Do(t, riskclassic.Rules{}, &s, enginetest.Cmd(want, conquest.CmdPlace, map[string]int{"territory": ownTerritory(s, want)}), d)
	}
	// B now puts 2 down at once: C and A (at 3 each) place before B again.
	enginetest.Do(t, riskclassic.Rules{}, &s, enginetest.Cmd(a, conquest.CmdPlace, map[string]int{"territory": mine}), d)
	enginetest.Do(t, riskclassic.Rules{}, &s, enginetest.Cmd(b, conquest.CmdPlace, map[string]int{"territory": ownTerritory(s, b), "count": 2}), d)
	for _, want := range []int{c, a, c, a, b} {
		if s.Placer != want {
			t.Fatalf("after B's 2: placer %d; want %d (placed so far %v)", s.Placer, want, s.Placed)
		}
		if want != b {
			enginetest.Do(t, riskclassic.Rules{}, &s, enginetest.Cmd(want, conquest.CmdPlace, map[string]int{"territory": ownTerritory(s, want)}), d)
		}
	}
}

// A log written before start armies went down one at a time holds placements
// of several armies: it replays as it was played (the rule applies to new
// commands), and the placement passes on as it did then.
func TestOldLogThatPlacedSeveralStartArmiesAtOnceStillReplays(t *testing.T) {
	s := enginetest.New[*conquest.State](t, riskclassic.Rules{}, conquest.Settings{}, enginetest.Names(3)...)
	d := enginetest.Seeded(1, 2)
	enginetest.Do(t, riskclassic.Rules{}, &s, enginetest.Cmd(engine.Host, conquest.CmdStart, nil), d)
	a := s.Placer
	mine := ownTerritory(s, a)
	armies, left := s.Armies[mine], s.ToPlace[a]
	old := engine.Event{Type: conquest.EvPlaced, Data: []byte(`{"player":` + strconv.Itoa(a) + `,"territory":` + strconv.Itoa(mine) + `,"count":5,"pool":"start"}`)}
	s = riskclassic.Rules{}.Evolve(s, old).(*conquest.State)
	if s.Armies[mine] != armies+5 || s.ToPlace[a] != left-5 || s.Placer != (a+1)%3 || s.Placed != nil {
		t.Fatalf("old 5-army placement: %d armies (want %d), %d left (want %d), placer %d (want %d), placed %v",
			s.Armies[mine], armies+5, s.ToPlace[a], left-5, s.Placer, (a+1)%3, s.Placed)
	}
	// New commands place one at a time.
	enginetest.Refused(t, riskclassic.Rules{}, &s, enginetest.Cmd(engine.Host, conquest.CmdPlace, map[string]int{"territory": ownTerritory(s, s.Placer), "count": 2}), d, "one-at-a-time")
}

// Through the real tracker: a second start army from the same phone before
// the others have placed is refused in the table's words and writes nothing
// to the log; so is a count above one.
func TestSecondStartArmyOutOfTurnIsRefusedAndNothingIsLogged(t *testing.T) {
	g := enginetest.Track(t, riskclassic.Rules{}, "One at a time", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cat"}}})
	g.Must(engine.Host, conquest.CmdStart, nil)
	var s *conquest.State
	g.State(func(st engine.State) { s = st.(*conquest.State).Clone() })
	p := s.Placer
	mine := ownTerritory(s, p)
	g.RefusedUnlogged(p, conquest.CmdPlace, map[string]int{"territory": mine, "count": 3})
	g.Must(p, conquest.CmdPlace, map[string]int{"territory": mine})
	g.RefusedUnlogged(p, conquest.CmdPlace, map[string]int{"territory": mine})
	err := g.Do(p, conquest.CmdPlace, map[string]int{"territory": mine})
	next := s.Players[(p+1)%3].Name
	if err == nil || !strings.Contains(err.Error(), "It is "+next+"'s turn to place a start army") {
		t.Fatalf("second army out of turn: %v; want it to name %s's turn", err, next)
	}
	g.CheckExportReplays()
}
