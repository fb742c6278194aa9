package coldcash_test

import (
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// Votes count the shares visible when each vote is cast: Cy, whose 3 Tower
// shares were hidden when Ben called the meeting, shows them and votes
// them; 3 for against Ben's 2 against elects Cy.
func TestMeetingVotesCountSharesVisibleWhenCast(t *testing.T) {
	g := towersMeeting(t, 3, 3)                                 // Cy's 3 shares hidden
	g.refused(2, "vote", M{"for": true}, "visible-shares-vote") // all hidden yet
	g.must(2, "hide", M{"company": "c1", "hidden": 0})
	w, _ := coldcash.Rules{}.Waiting(g.s)
	if len(w.Seats) != 2 {
		t.Fatalf("waiting for %v; want Ben and Cy, whose shares now show", w.Seats)
	}
	g.must(2, "vote", M{"for": true})
	g.must(1, "vote", M{"for": false})
	if ceo := g.s.View(engine.Viewer{Seat: engine.Host}).Companies[0].CEO; ceo != 2 {
		t.Fatalf("Tower's CEO is seat %d; want Cy, elected 3 to 2", ceo)
	}
	g.replayed()
}

// A stockholder still to vote who hides every share no longer holds the
// meeting up: the vote closes with the votes cast.
func TestMeetingClosesWhenTheLastVoterHidesEveryShare(t *testing.T) {
	g := towersMeeting(t, 1, 0)
	g.must(2, "vote", M{"for": true})
	g.must(1, "hide", M{"company": "c1", "hidden": 2})
	if g.s.Meeting != nil {
		t.Fatal("the meeting still waits after its last voter hid every share")
	}
	if ceo := g.s.View(engine.Viewer{Seat: engine.Host}).Companies[0].CEO; ceo != 2 {
		t.Fatalf("Tower's CEO is seat %d; want Cy, elected 1 to 0", ceo)
	}
	g.replayed()
}

// The stockholders' meeting says each voter's weight and what wins, and
// every phone is told the result in its own words: the new CEO, the CEO
// voted out, and the other stockholders.
func TestMeetingShowsEachVoterItsWeightAndTellsEveryPhoneTheResult(t *testing.T) {
	g := towersMeeting(t, 3, 0)
	text := g.s.Moves(engine.Viewer{Seat: 2}).Text
	for _, want := range []string{"Vote on Cy as CEO of Tower: your 3 shares of the 5 visible voting", "More shares for than against elects Cy; a tie keeps Ben"} {
		if !strings.Contains(text, want) {
			t.Fatalf("Cy's sheet says %q; want %q", text, want)
		}
	}
	g.must(2, "vote", M{"for": true})
	g.must(1, "vote", M{"for": false})
	st, _ := coldcash.Rules{}.New(g.setup)
	said := map[int]string{}
	for _, e := range g.log {
		st = coldcash.Rules{}.Evolve(st, e)
		if e.Type != coldcash.EvTMeetingDone {
			continue
		}
		for _, l := range (coldcash.Rules{}).Feed(st, e) {
			if l.To >= 0 {
				said[l.To] = l.Text
			}
		}
	}
	want := map[int]string{0: "Cy is now CEO of Tower, elected 3 shares to 2; Ben is out", 1: "You are no longer CEO of Tower: Cy was elected 3 shares to 2",
		2: "You are now CEO of Tower: elected 3 shares to 2"}
	for seat, w := range want {
		if said[seat] != w {
			t.Fatalf("seat %d is told %q; want %q", seat, said[seat], w)
		}
	}
}

// towersMeeting plays a three-seat board game to Tower's meeting: Ben
// founds Tower (1 free share) and buys 1; Cy buys cyBuys and hides cyHides
// of them; in cycle 2 Ben calls the meeting and nominates Cy, who accepts.
func towersMeeting(t *testing.T, cyBuys, cyHides int) *game {
	t.Helper()
	g := newGame(t, 3, M{"deck": "table"})
	g.host("open", M{"first": []string{"siam", "alaska", "peru"}})
	g.host("place", M{"territory": "kamchatka"})
	g.host("found", M{"company": "c1"})
	g.must(1, "buy", M{"company": "c1", "count": 1})
	g.must(1, "draw", nil)
	g.host("place", M{"territory": "venezuela"})
	g.host("found", M{"company": "c3"})
	g.must(2, "buy", M{"company": "c1", "count": cyBuys})
	if cyHides > 0 {
		g.must(2, "hide", M{"company": "c1", "hidden": cyHides})
	}
	g.must(2, "draw", nil)
	g.turn("india", "leave", nil)
	g.skipEarnings()
	g.host("place", M{"territory": "china"})
	g.host("leave", nil)
	g.must(1, "meeting", M{"company": "c1", "nominee": 2})
	g.must(2, "accept", M{"accept": true})
	return g
}

// The screens tell the newest meeting after its tally: the view keeps the
// meeting, the CEO it meant to replace, each vote and the count until the
// next meeting or takeover, and a meeting called clears the last battle.
func TestTheTalliedMeetingStaysForTheScreens(t *testing.T) {
	g := towersMeeting(t, 3, 0)
	g.must(2, "vote", M{"for": true})
	g.must(1, "vote", M{"for": false})
	c := g.s.View(engine.Viewer{Seat: engine.Public}).Coup
	if c == nil {
		t.Fatal("the public view holds no coup after the tally")
	}
	if c.Company != "c1" || c.Nominee != 2 || c.Incumbent != 1 || !c.Elected || c.For != 3 || c.Against != 2 {
		t.Fatalf("the coup is %+v; want Cy elected CEO of Tower over Ben, 3 to 2", *c)
	}
	if len(c.Votes) != 2 || !c.Votes[2].For || c.Votes[1].For {
		t.Fatalf("the coup's votes are %+v; want Cy for, Ben against", c.Votes)
	}
	if g.s.Table.Last != nil {
		t.Fatal("the last battle is still shown after a meeting")
	}
	g.replayed()
}

// The game's record keeps every meeting that came to a vote, in order, and
// its highlights name each: the coup that elected Cy, then (written into
// the record here) one that failed.
func TestTheRecordNamesEveryCoup(t *testing.T) {
	g := towersMeeting(t, 3, 0)
	g.must(2, "vote", M{"for": true})
	g.must(1, "vote", M{"for": false})
	want := []coldcash.CoupRecord{{Company: "c1", Nominee: 2, Incumbent: 1, Elected: true, For: 3, Against: 2}}
	if len(g.s.Coups) != 1 || g.s.Coups[0] != want[0] {
		t.Fatalf("the record's coups are %+v; want %+v", g.s.Coups, want)
	}
	g.replayed()
	g.s.Coups = append(g.s.Coups, coldcash.CoupRecord{Company: "c3", Nominee: 0, Incumbent: 2, For: 1, Against: 4})
	got := (coldcash.Rules{}).Highlights(g.s)
	wantLines := []string{"A coup: Cy was elected CEO of Tower over Ben, 3 shares to 2.", "A coup that failed: Cy stayed CEO of American against Ana, 4 shares to 1."}
	if strings.Join(got, "\n") != strings.Join(wantLines, "\n") {
		t.Fatalf("the highlights are\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantLines, "\n"))
	}
}
