package cashcrash

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/tracker"
)

// A game through the real tracker over SQLite, with doubling: refusals
// write nothing, the winner reaches the score log hook, and the exported
// log replays to the same state byte for byte.
func TestTrackerPlaysAndReplaysAGame(t *testing.T) {
	ctx := context.Background()
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tr := tracker.New(db, Rules{})
	var result *engine.Result
	tr.OnStatus = func(_ context.Context, _ tracker.GameInfo, r *engine.Result) { result = r }
	info, err := tr.Create(ctx, "cashcrash", "", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}},
		Settings: json.RawMessage(`{"doubling":true}`)})
	if err != nil {
		t.Fatal(err)
	}
	do := func(seat int, typ, data string) error {
		var raw json.RawMessage
		if data != "" {
			raw = json.RawMessage(data)
		}
		_, err := tr.Do(ctx, info.ID, engine.Command{Type: typ, Seat: seat, Data: raw}, "")
		return err
	}
	must := func(seat int, typ, data string) {
		t.Helper()
		if err := do(seat, typ, data); err != nil {
			t.Fatalf("%s %s: %v", typ, data, err)
		}
	}
	must(engine.Host, CmdConfigure, testSetJSON)
	must(engine.Host, CmdStart, ``) // the first bidder comes from the tracker's dice
	over := func() bool {
		var o bool
		tr.State(ctx, info.ID, func(s engine.State, _ int64) { o = s.(*State).Phase == PhaseOver })
		return o
	}
	for round := 0; !over(); round++ {
		if round > 12 {
			t.Fatal("the game does not end")
		}
		var s *State
		tr.State(ctx, info.ID, func(st engine.State, _ int64) { s = st.(*State).clone() })
		for seat := range s.Players {
			h := s.Players[seat].Hand
			must(seat, CmdStake, `{"cards":[`+itoa(h[0])+`,`+itoa(h[1])+`]}`)
		}
		// The starter bids the impossible, the other calls; Ana always doubles
		// when she is the one challenged and can afford it.
		starter, other := s.Starter, 1-s.Starter
		must(starter, CmdBid, bid(50, "G"))
		_, seq, _ := tr.View(ctx, info.ID, engine.Viewer{Seat: engine.Host})
		if err := do(starter, CmdSell, ``); !engine.IsRefusal(err) {
			t.Fatalf("selling one's own bid: %v", err)
		}
		if _, seq2, _ := tr.View(ctx, info.ID, engine.Viewer{Seat: engine.Host}); seq2 != seq {
			t.Fatal("a refusal wrote to the log")
		}
		must(other, CmdSell, ``)
		must(engine.Host, CmdAccept, ``) // the host answers for the challenged player
	}
	if result == nil || !result.Scores[0].Winner && !result.Scores[1].Winner {
		t.Fatalf("no winner reached the score log: %+v", result)
	}
	var buf bytes.Buffer
	if err := tr.Export(ctx, info.ID, &buf); err != nil {
		t.Fatal(err)
	}
	x, err := tracker.ReadExport(&buf)
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := tracker.Replay(x, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	var live []byte
	tr.State(ctx, info.ID, func(s engine.State, _ int64) { live, _ = json.Marshal(s) })
	again, _ := json.Marshal(replayed)
	if !bytes.Equal(live, again) {
		t.Fatalf("replay differs:\n%s\n%s", live, again)
	}
}
