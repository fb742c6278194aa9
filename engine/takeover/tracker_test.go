package takeover

import (
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// A whole game through the real tracker over a real SQLite file: refusals
// leave the log alone, the end reaches the score log hook, and replaying the
// exported log gives the same state byte for byte.
func TestTrackerPlaysAndReplaysAWholeGame(t *testing.T) {
	g := enginetest.Track(t, Rules{}, "Test", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	g.Must(engine.Host, CmdDeal, `{"first":1}`) // dealt at random by the tracker's dice
	for k := 0; k < Cells; k++ {
		var pool []string
		g.State(func(s engine.State) { pool = append(pool, s.(*State).Pool...) })
		g.Must(DraftSeat(1, 2, k), CmdDraft, `{"coin":"`+pool[0]+`"}`)
	}
	g.Must(0, CmdConceal, `{"stock.S1":true,"stock.S2":true}`)
	g.Must(1, CmdConceal, `{"stock":[]}`)
	g.RefusedUnlogged(0, CmdPass, ``) // Ana passing on Ben's turn
	// Ben merges the first affordable option, then both pass.
	var opt MergeOption
	g.State(func(s engine.State) { opt = s.(*State).Options(1)[0] })
	g.Must(1, CmdMerge, map[string]any{"from": opt.From, "to": opt.To, "auto": true})
	g.Must(0, CmdPass, ``)
	g.Must(1, CmdPass, ``)
	if g.Result == nil || len(g.Result.Scores) != 2 {
		t.Fatalf("the score log was not told the result: %+v", g.Result)
	}
	g.CheckExportReplays()
	if got, err := g.Tr.Undo(g.Ctx, g.ID, 0, ""); err != nil || got.What != "Ben's pass" {
		t.Fatalf("undo: %+v %v", got, err)
	}
}
