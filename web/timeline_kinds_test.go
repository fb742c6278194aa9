package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/conquest"
	"tableside/internal/testenv"
	"tableside/web"
)

// Every game's timeline draws at every step, for the host, the public and
// a seated phone, with the game's own screen and, for every game that
// measures its players, a chart; undo and redo steps included.
func TestTimelineDrawsEveryKindAtEveryStep(t *testing.T) {
	type script func(t *testing.T, do func(seat int, typ string, data string), state func() engine.State)
	placeFirst := func(t *testing.T, do func(int, string, string), state func() engine.State) {
		s := state().(*conquest.State)
		for terr, o := range s.Owner {
			if (s.Phase == conquest.PhaseClaim && o < 0) || (s.Phase == conquest.PhasePlace && o == s.Placer) {
				do(engine.Host, conquest.CmdPlace, fmt.Sprintf(`{"territory":%d}`, terr))
				return
			}
		}
		t.Fatalf("phase %s: nowhere to place", s.Phase)
	}
	games := []struct {
		kind, settings string
		charts         []string
		play           script
	}{
		{"coldcash", `{"mode":"bank"}`, []string{"Net worth"}, func(t *testing.T, do func(int, string, string), _ func() engine.State) {
			do(engine.Host, "found", `{"company":"c3","seat":1,"size":2}`)
			do(engine.Host, "buy", `{"seat":0,"company":"c3","count":1}`)
			do(engine.Host, "turn", `{"seat":1}`)
			do(1, "buy", `{"company":"c3","count":2}`)
		}},
		{"coldcash", `{"mode":"board","deck":"table"}`, []string{"Net worth"}, func(t *testing.T, do func(int, string, string), _ func() engine.State) {
			do(engine.Host, "open", `{"first":["siam","alaska"]}`)
			do(engine.Host, "place", `{"territory":"kamchatka"}`)
			do(engine.Host, "found", `{"company":"c1"}`)
			do(1, "buy", `{"company":"c1","count":2}`)
		}},
		{"risk", "", []string{"Territories", "Armies"}, func(t *testing.T, do func(int, string, string), state func() engine.State) {
			do(engine.Host, conquest.CmdStart, ``)
			for range 4 {
				placeFirst(t, do, state)
			}
		}},
		{"pctw", "", []string{"Territories", "Armies"}, func(t *testing.T, do func(int, string, string), state func() engine.State) {
			do(engine.Host, conquest.CmdStart, ``)
			for range 4 {
				placeFirst(t, do, state)
			}
		}},
		{"takeover", "", []string{"Worth (stock and cash)", "Stock value"}, func(t *testing.T, do func(int, string, string), state func() engine.State) {
			do(engine.Host, "deal", `{"first":0}`)
			do(engine.Host, "draft", `{"coin":"S1"}`)
			do(engine.Host, "draft", `{"coin":"M2"}`)
		}},
		{"cashcrash", "", []string{"Cards owned"}, func(t *testing.T, do func(int, string, string), state func() engine.State) {
			do(engine.Host, cashcrash.CmdConfigure, `{"cards":["G","G","O","O","W","W","GO","OW","GW","GOW"]}`)
			do(engine.Host, cashcrash.CmdStart, `{"first":0}`)
			do(0, cashcrash.CmdStake, `{"cards":[1,2]}`)
		}},
		{"scorepad", "", nil, func(t *testing.T, do func(int, string, string), _ func() engine.State) {
			do(engine.Host, "score", `{"seat":0,"points":7}`)
			do(engine.Host, "score", `{"seat":1,"points":3}`)
		}},
	}
	for _, g := range games {
		t.Run(g.kind+g.settings, func(t *testing.T) {
			t.Parallel()
			app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Limits: web.Limits{OddsPerSecond: 1000, OddsBurst: 1000, CostPerSecond: time.Hour, CostBurst: time.Hour}}) // every step of the log, at once
			fixedDice(app)
			host := hostDevice(t, app)
			var settings map[string]any
			if g.settings != "" {
				json.Unmarshal([]byte(g.settings), &settings)
			}
			players := []string{"Ana", "Ben"}
			if g.kind == "risk" || g.kind == "pctw" {
				players = append(players, "Cy")
			}
			id := host.createGameWith(g.kind, settings, players...)
			ana := newDevice(t, app)
			ana.join(joinURLFromQR(t, host, id), id, 0)
			ctx := context.Background()
			n := 0
			do := func(seat int, typ string, data string) {
				t.Helper()
				n++
				if _, err := app.Tracker.Do(ctx, id, engine.Command{Type: typ, Seat: seat, Data: json.RawMessage(data)}, fmt.Sprint("k", n)); err != nil {
					t.Fatalf("%s %s: %v", typ, data, err)
				}
			}
			state := func() engine.State { // a copy, read outside the game's lock
				var st engine.State
				app.Tracker.State(ctx, id, func(s engine.State, _ int64) {
					if c, ok := s.(*conquest.State); ok {
						st = c.Clone()
					}
				})
				return st
			}
			g.play(t, do, state)
			if _, err := app.Tracker.Undo(ctx, id, 0, ""); err != nil {
				t.Fatal(err)
			}
			if _, err := app.Tracker.Redo(ctx, id, 0, ""); err != nil {
				t.Fatal(err)
			}
			steps := n + 2
			for at := 0; at <= steps; at++ {
				for name, get := range map[string]func() (int, string){
					"host":   func() (int, string) { return host.get(fmt.Sprintf("/games/%d/timeline?at=%d", id, at)) },
					"public": func() (int, string) { return host.get(fmt.Sprintf("/games/%d/timeline?at=%d&as=public", id, at)) },
					"Ana":    func() (int, string) { return ana.get(fmt.Sprintf("/games/%d/timeline?at=%d", id, at)) },
				} {
					code, body := get()
					if code != http.StatusOK || !strings.Contains(body, fmt.Sprintf("After command %d of %d:", at, steps)) {
						t.Fatalf("%s at %d: %d %.300s", name, at, code, body)
					}
					if !strings.Contains(body, `<div class="past-table" inert>`) || strings.Count(body, `<svg class="chart worth"`) != len(g.charts) {
						t.Fatalf("%s at %d: no past table, or %d charts; want %d", name, at, strings.Count(body, `<svg class="chart worth"`), len(g.charts))
					}
					for _, c := range g.charts {
						if !strings.Contains(body, "<strong>"+c+"</strong>") {
							t.Fatalf("%s at %d: no %q chart", name, at, c)
						}
					}
				}
			}
			// The game's own page links to its timeline, on the host and the phone.
			for name, d := range map[string]*device{"host": host, "Ana": ana} {
				if _, body := d.get(fmt.Sprintf("/games/%d", id)); !strings.Contains(body, fmt.Sprintf(`href="/games/%d/timeline"`, id)) {
					t.Fatalf("the %s's game page has no link to the timeline", name)
				}
			}
		})
	}
}
