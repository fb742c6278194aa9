package cashcrash

import (
	"slices"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// doFeed answers a command as the tracker does, event by event with the
// feed read just after each, and returns what each reader was told.
func (g *game) doFeed(seat int, typ, data string) map[int][]string {
	g.t.Helper()
	evs, err := Rules{}.Decide(g.s, enginetest.Cmd(seat, typ, data), dice())
	if err != nil {
		g.t.Fatalf("%s: %v", typ, err)
	}
	out := map[int][]string{}
	for _, e := range evs {
		Rules{}.Evolve(g.s, e)
		for _, l := range (Rules{}).Feed(g.s, e) {
			out[l.To] = append(out[l.To], l.Text)
		}
	}
	return out
}

// Stakes as in TestChallengeLostByTheChallengerWhenTheBidHolds: Ben
// challenges Ana's 5 Gold and loses. The table reads the challenge and the
// reveal; Ben and Ana read who won, with the count.
func TestFeedTellsTheChallengeToTheTableAndBothSides(t *testing.T) {
	g := newGame(t, "")
	g.stake("1,4", "2,7", "3,10")
	g.do(0, CmdBid, bid(5, "G"))
	feed := g.doFeed(1, CmdSell, ``)
	want := []string{"Ben: SELL! (challenging Ana's 5 Gold)", "Revealed: " + g.s.Last.Explain, "Round 2: everyone stakes; Ben opens."}
	if !slices.Equal(feed[engine.Public], want) {
		t.Fatalf("table's lines %q; want %q", feed[engine.Public], want)
	}
	if len(feed[1]) != 1 || feed[1][0] != "You lost the challenge to Ana: your 2 staked card(s) are gone" {
		t.Fatalf("Ben's lines %q", feed[1])
	}
	if len(feed[0]) != 1 || feed[0][0] != "You won the challenge against Ben" || len(feed[2]) != 0 {
		t.Fatalf("Ana's %q and Cat's %q lines", feed[0], feed[2])
	}
}
