package games_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/conquest"
	"tableside/engine/takeover"
	"tableside/internal/enginetest"
	"tableside/readmodel"
	"tableside/tracker"
)

// timelineGames are scripted games of every kind, each with an undo and a
// redo in the middle, for the timeline's checks.
var timelineGames = []oldGame{
	{name: "coldcash-bank", kind: "coldcash", seats: []string{"Ana", "Ben", "Cy"}, set: `{"mode":"bank"}`, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, "found", `{"company":"c1","seat":0,"size":2}`)
		g.Must(engine.Host, "found", `{"company":"c6","seat":1,"size":5}`)
		g.Must(engine.Host, "buy", `{"seat":0,"company":"c1","count":3}`)
		g.Must(engine.Host, "turn", `{"seat":1}`)
		g.Must(engine.Host, "buy", `{"seat":1,"company":"c1","count":2}`)
		undoRedo(t, g, true)
		g.Must(engine.Host, "buy", `{"seat":1,"company":"c6","count":1}`)
		g.Must(engine.Host, "turn", `{"seat":2}`)
		g.Must(engine.Host, "buy", `{"seat":2,"company":"c6","count":3}`)
		g.Must(2, "hide", `{"company":"c6","hidden":1}`)
		g.Must(engine.Host, "dividends", `{"company":"c6"}`)
		g.Must(engine.Host, "merge", `{"survivor":"c6","defunct":"c1","maker":0}`)
		g.Must(0, "dispose", `{"choice":"trade-max"}`)
		undoRedo(t, g, false)
		g.Must(0, "dispose", `{"choice":"trade-max"}`)
		g.Must(1, "dispose", `{"choice":"sell-all"}`)
		g.Must(engine.Host, "size", `{"company":"c6","size":22}`)
		g.Must(engine.Host, "end", `{"reason":"closing-bell"}`)
	}},
	{name: "coldcash-board", kind: "coldcash", seats: []string{"Ana", "Ben", "Cy"}, set: `{"mode":"board","deck":"table"}`, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, "open", `{"first":["siam","alaska","peru"]}`)
		g.Must(engine.Host, "place", `{"territory":"kamchatka"}`)
		g.Must(engine.Host, "found", `{"company":"c1"}`)
		undoRedo(t, g, true)
		g.Must(1, "buy", `{"company":"c1","count":2}`)
		g.Must(1, "draw", ``)
	}},
	{name: "riskclassic", kind: "risk", seats: []string{"Ana", "Ben", "Cy"}, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, conquest.CmdStart, ``)
		placeOwn(t, g, 6)
		undoRedo(t, g, true)
		undoRedo(t, g, false)
		placeOwn(t, g, 6)
	}},
	{name: "pctw", kind: "pctw", seats: []string{"Ana", "Ben", "Cy"}, set: `{"wrap":"xy"}`, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, conquest.CmdStart, ``)
		placeOwn(t, g, 5)
		undoRedo(t, g, true)
		placeOwn(t, g, 5)
	}},
	{name: "takeover", kind: "takeover", seats: []string{"Ana", "Ben"}, play: func(t *testing.T, g *enginetest.Tracked) {
		var tiles []string
		for _, s := range "SMCA" {
			for r := range 6 {
				tiles = append(tiles, fmt.Sprintf("%c%d", s, r))
			}
		}
		data, _ := json.Marshal(map[string]any{"tiles": tiles, "first": 0})
		g.Must(engine.Host, takeover.CmdLay, string(data))
		for k, c := range tiles {
			g.Must(takeover.DraftSeat(0, 2, k), takeover.CmdDraft, `{"coin":"`+c+`"}`)
			if k == 5 {
				undoRedo(t, g, true)
			}
		}
		g.Must(0, "conceal", `{"stock":["S4"]}`)
		g.Must(1, "conceal", `{"stock":["S5"]}`)
		g.Must(0, "merge", `{"from":"E1","to":"D1"}`)
		g.Must(1, "merge", `{"from":"F1","to":"F2","pay":["C5"]}`)
		g.Must(0, "pass", ``)
		g.Must(1, "pass", ``)
	}},
	{name: "cashcrash", kind: "cashcrash", seats: []string{"Ana", "Ben"}, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, cashcrash.CmdConfigure, `{"card1":"G","card2":"O","card3":"W","card4":"GG","card5":"OO","card6":"WW","card7":"GO","card8":"OW","card9":"GW","card10":"GOW"}`)
		g.Must(engine.Host, cashcrash.CmdStart, ``)
		undoRedo(t, g, true)
		for seat := range 2 {
			var hand []int
			g.State(func(s engine.State) { hand = append(hand, s.(*cashcrash.State).Players[seat].Hand...) })
			data, _ := json.Marshal(map[string][]int{"cards": hand[:2]})
			g.Must(seat, cashcrash.CmdStake, string(data))
		}
	}},
	{name: "scorepad", kind: "scorepad", seats: []string{"Ana", "Ben"}, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, "score", `{"seat":0,"points":7}`)
		undoRedo(t, g, false)
		g.Must(engine.Host, "score", `{"seat":1,"points":9}`)
	}},
}

// undoRedo undoes the newest command, and redoes it when redo is set.
func undoRedo(t *testing.T, g *enginetest.Tracked, redo bool) {
	t.Helper()
	if _, err := g.Tr.Undo(g.Ctx, g.ID, 0, ""); err != nil {
		t.Fatal(err)
	}
	if redo {
		if _, err := g.Tr.Redo(g.Ctx, g.ID, 0, ""); err != nil {
			t.Fatal(err)
		}
	}
}

// playTimelineGame plays a scripted game through the real tracker and
// returns its log.
func playTimelineGame(t *testing.T, og oldGame) (engine.Rules, tracker.GameInfo, []tracker.Record) {
	t.Helper()
	rules := rulesOf(t, og.kind)
	setup := engine.Setup{}
	for _, n := range og.seats {
		setup.Seats = append(setup.Seats, engine.Seat{Name: n})
	}
	if og.set != "" {
		setup.Settings = json.RawMessage(og.set)
	}
	g := enginetest.Track(t, rules, og.name, setup)
	og.play(t, g)
	info, recs, err := g.Tr.Records(g.Ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	return rules, info, recs
}

// The timeline's state after every step, undo and redo steps included, is
// what a fresh replay of the log up to that step gives, byte for byte as
// JSON; and its measures are the engine's measure of that replayed state.
func TestTimelineStateAfterEachStepIsTheReplayOfTheLogUpToIt(t *testing.T) {
	for _, og := range timelineGames {
		t.Run(og.name, func(t *testing.T) {
			rules, info, recs := playTimelineGame(t, og)
			series, err := readmodel.MeasureSeries(rules, info.Setup, recs)
			if err != nil {
				t.Fatal(err)
			}
			n := tracker.StepCount(recs)
			if len(series.Steps) != n+1 {
				t.Fatalf("%d steps in the series; the log has %d (+1 for the start)", len(series.Steps), n)
			}
			reverts := 0
			steps := 0
			err = tracker.Walk(rules, info.Setup, recs, func(st tracker.Step, s engine.State) bool {
				steps++
				if st != series.Steps[st.N] {
					t.Fatalf("step %d: walk says %+v, the series %+v", st.N, st, series.Steps[st.N])
				}
				if st.IsRevert() {
					reverts++
				}
				if st.N > 0 && st.What == "" {
					t.Errorf("step %d (%s) has no words", st.N, st.Type)
				}
				var prefix []tracker.Record
				for _, r := range recs {
					if r.Seq <= st.Seq {
						prefix = append(prefix, r)
					}
				}
				want, err := tracker.Replay(tracker.Export{Format: tracker.LogFormat, Game: info, Events: prefix}, rules)
				if err != nil {
					t.Fatalf("step %d: replay: %v", st.N, err)
				}
				got, _ := json.Marshal(s)
				wantJSON, _ := json.Marshal(want)
				if string(got) != string(wantJSON) {
					t.Fatalf("step %d (%s, %q): the timeline's state differs from the replay of the first %d events:\n got %s\nwant %s",
						st.N, st.Type, st.What, len(prefix), got, wantJSON)
				}
				if m, ok := rules.(engine.Measurer); ok {
					if !reflect.DeepEqual(series.Points[st.N], m.Measure(want)) {
						t.Fatalf("step %d: series measure %+v, replayed %+v", st.N, series.Points[st.N], m.Measure(want))
					}
				}
				// StateAfter gives the same state on its own.
				if err := enginetest.StateAfter(rules, info.Setup, recs, st.N, func(at tracker.Step, s2 engine.State) error {
					if b, _ := json.Marshal(s2); at != st || string(b) != string(got) {
						t.Fatalf("step %d: StateAfter gives step %+v and another state", st.N, at)
					}
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if steps != n+1 || reverts == 0 {
				t.Fatalf("walked %d steps with %d undo/redo; want %d with some", steps, reverts, n+1)
			}
			if err := enginetest.StateAfter(rules, info.Setup, recs, n+1, func(tracker.Step, engine.State) error { return nil }); err == nil {
				t.Fatalf("StateAfter(%d) of a %d-step game answered", n+1, n)
			}
		})
	}
}

// Cold Cash Risk's net worth counts a hidden share in the seat's own line
// only: after Cy hides one Imperial ($700 at size 5), his public worth is
// $700 less than his whole worth, and nobody else's line changes.
func TestColdCashNetWorthHidesHiddenSharesFromThePublicLine(t *testing.T) {
	rules, info, recs := playTimelineGame(t, timelineGames[0])
	series, err := readmodel.MeasureSeries(rules, info.Setup, recs)
	if err != nil {
		t.Fatal(err)
	}
	checked := false
	for k, st := range series.Steps {
		if st.What != "Cy changed hidden Imperial shares" {
			continue
		}
		before, after := series.Points[k-1][0], series.Points[k][0]
		if after.Values[2] != before.Values[2] || after.Public[2] != before.Public[2]-700 {
			t.Fatalf("Cy's worth %d -> %d, public %d -> %d; want the whole unchanged and the public $700 less",
				before.Values[2], after.Values[2], before.Public[2], after.Public[2])
		}
		for seat := range 2 {
			if after.Public[seat] != after.Values[seat] {
				t.Fatalf("seat %d hides nothing but its public worth %d differs from %d", seat, after.Public[seat], after.Values[seat])
			}
		}
		checked = true
	}
	if !checked {
		t.Fatalf("no hide step in %+v", series.Steps)
	}
	final, err := tracker.Replay(tracker.Export{Format: tracker.LogFormat, Game: info, Events: recs}, rules)
	if err != nil {
		t.Fatal(err)
	}
	res, over := rules.(engine.Finisher).Result(final)
	if !over {
		t.Fatal("the scripted game did not end")
	}
	var totals []int
	for _, sc := range res.Scores {
		totals = append(totals, sc.Points)
	}
	last := series.Points[len(series.Points)-1][0]
	if !reflect.DeepEqual(last.Values, totals) || !reflect.DeepEqual(last.Public, last.Values) {
		t.Fatalf("after the final payout the worths are %v (public %v); want the final totals %v for all", last.Values, last.Public, totals)
	}
}
