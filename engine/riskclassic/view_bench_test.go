package riskclassic

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
)

// crowdedAttack is a late board in the attack step: two players hold the
// whole map, 30 armies and more on every territory, so the player on turn
// has every attack a border offers.
func crowdedAttack() *conquest.State {
	tb := reinforceScenario(&testing.T{}, conquest.Settings{})
	for i := range tb.s.Owner {
		tb.s.Owner[i], tb.s.Armies[i] = i%2, 30+i
	}
	tb.s.Pool, tb.s.Phase = 0, conquest.PhaseAttack
	return tb.s
}

// BenchmarkActorViewLate is the view a live update builds for the player
// on turn, late in a game (the public view of the same board beside it).
func BenchmarkActorViewLate(b *testing.B) {
	s := crowdedAttack()
	for _, c := range []struct {
		name string
		v    engine.Viewer
	}{{"actor", engine.Viewer{Seat: s.Turn}}, {"public", engine.Viewer{Seat: engine.Public}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Rules{}.View(s, c.v)
			}
		})
	}
}
