package takeover

import (
	"testing"

	"tableside/engine"
)

// A phone's view on its turn lists every merge it can afford: the heaviest
// view, rebuilt on every live update.
func BenchmarkViewOnTurnWithOptions(b *testing.B) {
	t := &testing.T{}
	g := started(t, "", anaStock, benStock)
	for b.Loop() {
		Rules{}.View(g.s, engine.Viewer{Seat: 0})
	}
}

// Deciding a merge includes the look-ahead for the end of the game.
func BenchmarkDecideMerge(b *testing.B) {
	t := &testing.T{}
	g := started(t, "", anaStock, benStock)
	cmd := engine.Command{Type: CmdMerge, Seat: 0, Data: []byte(`{"from":"B1","to":"C1","auto":true}`)}
	for b.Loop() {
		if _, err := (Rules{}).Decide(g.s, cmd, dice()); err != nil {
			b.Fatal(err)
		}
	}
}
