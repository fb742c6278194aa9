package cashcrash

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// A game through the real tracker over SQLite, with doubling: refusals
// write nothing, the winner reaches the score log hook, and the exported
// log replays to the same state byte for byte.
func TestTrackerPlaysAndReplaysAGame(t *testing.T) {
	g := enginetest.Track(t, Rules{}, "", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}},
		Settings: json.RawMessage(`{"doubling":true}`)})
	g.Must(engine.Host, CmdConfigure, testSetJSON)
	g.Must(engine.Host, CmdStart, ``) // the first bidder comes from the tracker's dice
	over := func() bool {
		var o bool
		g.State(func(s engine.State) { o = s.(*State).Phase == PhaseOver })
		return o
	}
	for round := 0; !over(); round++ {
		if round > 12 {
			t.Fatal("the game does not end")
		}
		var s *State
		g.State(func(st engine.State) { s = st.(*State).clone() })
		for seat := range s.Players {
			h := s.Players[seat].Hand
			g.Must(seat, CmdStake, `{"cards":[`+itoa(h[0])+`,`+itoa(h[1])+`]}`)
		}
		// The starter bids the impossible, the other calls; Ana always doubles
		// when she is the one challenged and can afford it.
		starter, other := s.Starter, 1-s.Starter
		g.Must(starter, CmdBid, bid(50, "G"))
		g.RefusedUnlogged(starter, CmdSell, ``) // selling one's own bid
		g.Must(other, CmdSell, ``)
		g.Must(engine.Host, CmdAccept, ``) // the host answers for the challenged player
	}
	if g.Result == nil || !g.Result.Scores[0].Winner && !g.Result.Scores[1].Winner {
		t.Fatalf("no winner reached the score log: %+v", g.Result)
	}
	g.CheckExportReplays()
}
