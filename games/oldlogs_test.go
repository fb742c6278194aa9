package games_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/conquest"
	"tableside/engine/takeover"
	"tableside/games"
	"tableside/internal/enginetest"
	"tableside/tracker"
)

// update replays the scripted games below through the tracker and rewrites
// testdata/logs: needed only when a game's events change on purpose (a new
// event type), never to make a failing replay pass.
var update = flag.Bool("update", false, "play the scripted games again and rewrite testdata/logs")

// oldGame is a short scripted game of one kind. Its exported log and its
// final state are committed; the scripts use only long-settled rules
// (opening moves) so that rule changes elsewhere rarely touch them.
type oldGame struct {
	name  string // file name under testdata/logs
	kind  string
	seats []string
	set   string // settings JSON, or ""
	play  func(t *testing.T, g *enginetest.Tracked)
}

var oldGames = []oldGame{
	{name: "scorepad", kind: "scorepad", seats: []string{"Ana", "Ben"}, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, "score", `{"seat":0,"points":7,"note":"first"}`)
		g.Must(engine.Host, "score", `{"seat":1,"points":5}`)
		if _, err := g.Tr.Undo(g.Ctx, g.ID, 0, ""); err != nil {
			t.Fatal(err)
		}
		g.Must(engine.Host, "score", `{"seat":1,"points":9}`)
	}},
	{name: "coldcash-bank", kind: "coldcash", seats: []string{"Ana", "Ben", "Cy"}, set: `{"mode":"bank"}`, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, "found", `{"company":"c3","seat":1,"size":2}`)
		g.Must(engine.Host, "buy", `{"seat":0,"company":"c3","count":1}`)
		g.Must(engine.Host, "turn", `{"seat":1}`)
		g.Must(engine.Host, "buy", `{"seat":1,"company":"c3","count":2}`)
	}},
	{name: "coldcash-board", kind: "coldcash", seats: []string{"Ana", "Ben", "Cy"}, set: `{"mode":"board","deck":"table"}`, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, "open", `{"first":["siam","alaska","peru"]}`)
		g.Must(engine.Host, "place", `{"territory":"kamchatka"}`)
		g.Must(engine.Host, "found", `{"company":"c1"}`)
		g.Must(1, "buy", `{"company":"c1","count":2}`)
		g.Must(1, "draw", ``)
	}},
	{name: "riskclassic", kind: "risk", seats: []string{"Ana", "Ben", "Cy"}, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, conquest.CmdStart, ``)
		placeOwn(t, g, 4)
	}},
	{name: "pctw", kind: "pctw", seats: []string{"Ana", "Ben", "Cy"}, set: `{"wrap":"xy"}`, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, conquest.CmdStart, ``)
		placeOwn(t, g, 4)
	}},
	{name: "takeover", kind: "takeover", seats: []string{"Ana", "Ben"}, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, takeover.CmdDeal, `{"first":1}`)
		for k := range 4 {
			var pool []string
			g.State(func(s engine.State) { pool = append(pool, s.(*takeover.State).Pool...) })
			g.Must(takeover.DraftSeat(1, 2, k), takeover.CmdDraft, `{"coin":"`+pool[0]+`"}`)
		}
	}},
	{name: "cashcrash", kind: "cashcrash", seats: []string{"Ana", "Ben"}, play: func(t *testing.T, g *enginetest.Tracked) {
		g.Must(engine.Host, cashcrash.CmdConfigure, `{"card1":"G","card2":"O","card3":"W","card4":"GG","card5":"OO","card6":"WW","card7":"GO","card8":"OW","card9":"GW","card10":"GOW"}`)
		g.Must(engine.Host, cashcrash.CmdStart, ``)
		for seat := range 2 {
			var hand []int
			g.State(func(s engine.State) { hand = append(hand, s.(*cashcrash.State).Players[seat].Hand...) })
			data, _ := json.Marshal(map[string][]int{"cards": hand[:2]})
			g.Must(seat, cashcrash.CmdStake, string(data))
		}
	}},
}

// placeOwn places n armies of the opening, each on the first territory the
// placer may take (a free one while claiming, else its own).
func placeOwn(t *testing.T, g *enginetest.Tracked, n int) {
	t.Helper()
	for range n {
		var s *conquest.State
		g.State(func(st engine.State) { s = st.(*conquest.State).Clone() })
		placed := false
		for terr, o := range s.Owner {
			if (s.Phase == conquest.PhaseClaim && o < 0) || (s.Phase == conquest.PhasePlace && o == s.Placer) {
				g.Must(engine.Host, conquest.CmdPlace, map[string]int{"territory": terr})
				placed = true
				break
			}
		}
		if !placed {
			t.Fatalf("phase %v: nowhere to place", s.Phase)
		}
	}
}

func rulesOf(t *testing.T, kind string) engine.Rules {
	for _, r := range games.All() {
		if r.Kind() == kind {
			return r
		}
	}
	t.Fatalf("no game %q in games.All", kind)
	return nil
}

// Old games keep working: the committed log of each game kind, exported
// by an earlier build, replays with today's engines to the committed final
// state. A failure means an event's meaning changed; docs/event-log.md says
// how events may change instead.
func TestOldLogsReplayToTheirFinalState(t *testing.T) {
	kinds := map[string]bool{}
	for _, og := range oldGames {
		t.Run(og.name, func(t *testing.T) {
			logPath := filepath.Join("testdata", "logs", og.name+".log.json")
			statePath := filepath.Join("testdata", "logs", og.name+".state.json")
			if *update {
				writeOldGame(t, og, logPath)
			}
			f, err := os.Open(logPath)
			if err != nil {
				t.Fatalf("%v (go test ./games/ -run TestOldLogs -update writes it)", err)
			}
			defer f.Close()
			x, err := tracker.ReadExport(f)
			if err != nil {
				t.Fatal(err)
			}
			if x.Game.Kind != og.kind || len(x.Events) < 3 {
				t.Fatalf("%s: a %s game with %d events; want a %s game with some play", logPath, x.Game.Kind, len(x.Events), og.kind)
			}
			st, err := tracker.Replay(x, games.All()...)
			if err != nil {
				t.Fatalf("replay %s: %v", logPath, err)
			}
			got, err := json.MarshalIndent(st, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			if *update {
				if err := os.WriteFile(statePath, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(statePath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s no longer replays to %s:\ngot  %.2000s\nwant %.2000s", logPath, statePath, got, want)
			}
			kinds[og.kind] = true
		})
	}
	for _, r := range games.All() {
		if !kinds[r.Kind()] {
			t.Errorf("no old log of a %s game replays (add one to oldGames)", r.Kind())
		}
	}
}

// writeOldGame plays og through the real tracker over SQLite and writes its
// exported log.
func writeOldGame(t *testing.T, og oldGame, path string) {
	setup := engine.Setup{}
	for _, n := range og.seats {
		setup.Seats = append(setup.Seats, engine.Seat{Name: n})
	}
	if og.set != "" {
		setup.Settings = json.RawMessage(og.set)
	}
	g := enginetest.Track(t, rulesOf(t, og.kind), "Old "+og.name, setup)
	og.play(t, g)
	g.CheckExportReplays()
	var buf bytes.Buffer
	if err := g.Tr.Export(g.Ctx, g.ID, &buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
