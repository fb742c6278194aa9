package web_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
)

// counted is the Faulty test game counting the engine's work: how many
// events it evolved and how many times it measured a state.
type counted struct {
	testgames.Faulty
	evolved, measured *atomic.Int64
}

func (counted) Kind() string { return "counted" }

func (c counted) Evolve(s engine.State, e engine.Event) engine.State {
	c.evolved.Add(1)
	return c.Faulty.Evolve(s, e)
}

func (c counted) Measure(s engine.State) []engine.Measure {
	c.measured.Add(1)
	return c.Faulty.Measure(s)
}

// A timeline page measures the whole game for its charts once per log (until
// the log grows), and otherwise replays only up to the step it shows: a
// phone stepping through a long game's early steps costs a few events each,
// not the whole log.
func TestTimelineStepReplaysOnlyToItsStepAndMeasuresOncePerLog(t *testing.T) {
	g := counted{evolved: &atomic.Int64{}, measured: &atomic.Int64{}}
	app := testenv.StartWith(t, testenv.Options{Games: []engine.Rules{g}})
	host := newDevice(t, app)
	game := host.createGame("counted", "Ana")
	for i := range 60 {
		if code, body := host.command(game, testgames.CmdAdd, map[string]any{"seat": 0}, fmt.Sprint("a", i)); code != 200 {
			t.Fatalf("add: %d %s", code, body)
		}
	}
	page := func(at int) (evolved, measured int64) {
		t.Helper()
		g.evolved.Store(0)
		g.measured.Store(0)
		if code, body := host.get(fmt.Sprintf("/games/%d/timeline?at=%d", game, at)); code != 200 {
			t.Fatalf("timeline at %d: %d %.300s", at, code, body)
		}
		return g.evolved.Load(), g.measured.Load()
	}
	if e, m := page(5); m != 61 || e != 60 {
		t.Fatalf("the first page: %d events evolved, %d states measured; want the whole log once (60, 61)", e, m)
	}
	for _, at := range []int{5, 6, 2, 0} {
		if e, m := page(at); m != 0 || e != int64(at) {
			t.Fatalf("step %d again: %d events evolved, %d states measured; want %d and none", at, e, m, at)
		}
	}
	host.command(game, testgames.CmdAdd, map[string]any{"seat": 0}, "more")
	if e, m := page(5); m != 62 || e != 61 {
		t.Fatalf("after the log grew: %d evolved, %d measured; want the whole log again (61, 62)", e, m)
	}
}
