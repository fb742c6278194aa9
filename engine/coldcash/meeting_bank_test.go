package coldcash

import (
	"encoding/json"
	"slices"
	"testing"

	"tableside/engine"
)

// bankMeeting is a bank game of three where Ben founded Festival (its CEO,
// with the founder's share), Ana bought 2 Festival and Cy none, and it is
// Ana's turn again with no action taken yet.
func bankMeeting(t *testing.T) *table {
	t.Helper()
	tb := newTable(t, 3, nil)
	tb.found("c5", 1, 6)
	tb.buy(0, "c5", 2)
	tb.must(engine.Host, CmdTurn, H{"seat": 0})
	if tb.s.Turn != 0 || tb.s.Acted != "" {
		t.Fatalf("turn %d acted %q; want Ana's, no action yet", tb.s.Turn, tb.s.Acted)
	}
	return tb
}

// offeredIDs is the move ids viewer's sheet offers of type typ.
func (tb *table) offeredIDs(viewer int, typ string) []string {
	var out []string
	for _, m := range tb.s.Moves(engine.Viewer{Seat: viewer}).Moves {
		if m.Type == typ {
			out = append(out, m.ID)
		}
	}
	return out
}

// sendOffered sends the move viewer's sheet offers with id: it must be
// there, and it must be accepted.
func (tb *table) sendOffered(viewer int, id string) {
	tb.t.Helper()
	for _, m := range tb.s.Moves(engine.Viewer{Seat: viewer}).Moves {
		if m.ID == id {
			var data H
			if err := json.Unmarshal(m.Data, &data); err != nil {
				tb.t.Fatal(err)
			}
			tb.must(viewer, m.Type, data)
			return
		}
	}
	tb.t.Fatalf("viewer %d is not offered %q; the sheet: %v", viewer, id, tb.s.Moves(engine.Viewer{Seat: viewer}).Moves)
}

// In bank mode a stockholders' meeting is the player on turn's one action,
// offered on their sheet as in board mode: Ana calls Festival's meeting and
// nominates herself; Ana's 2 shares for beat Ben's 1 against, she is CEO,
// every screen tells it, and her turn has had its action.
func TestBankMeetingElectsTheNominee(t *testing.T) {
	tb := bankMeeting(t)
	if ids := tb.offeredIDs(1, CmdMeeting); len(ids) != 0 {
		t.Fatalf("Ben, not on turn, is offered meetings %v", ids)
	}
	if ids := tb.offeredIDs(0, CmdMeeting); !slices.Contains(ids, "meeting-c5-0") || !slices.Contains(ids, "meeting-c5-2") || slices.Contains(ids, "meeting-c5-1") {
		t.Fatalf("Ana is offered meetings %v; want Festival with herself or Cy for CEO, never Ben who is CEO", ids)
	}
	tb.sendOffered(0, "meeting-c5-0")
	if m := tb.s.Meeting; m == nil || !m.Accepted {
		t.Fatalf("the meeting is %+v; want it under way, accepted (Ana nominated herself)", m)
	}
	if sh := tb.s.Moves(engine.Viewer{Seat: engine.Host}); sh.Step != SheetMeeting || sh.Text != "Vote on Ana as CEO of Festival: 3 visible shares vote. More shares for than against elects Ana; a tie keeps Ben." {
		t.Fatalf("the host's sheet is at %q saying %q; want the meeting's vote", sh.Step, sh.Text)
	}
	if w := tb.s.View(engine.Viewer{Seat: engine.Public}).Waiting; w != "Stockholders of Festival are voting on Ana as CEO." {
		t.Fatalf("the table's line says %q; want the meeting's vote", w)
	}
	w, ok := Rules{}.Waiting(tb.s)
	if !ok || !slices.Equal(w.Seats, []int{0, 1}) || w.Decision != "meeting.vote" {
		t.Fatalf("the table waits for %+v; want Ana's and Ben's votes", w)
	}
	if ids := tb.offeredIDs(2, CmdVote); len(ids) != 0 {
		t.Fatalf("Cy, with no Festival shares, is offered votes %v", ids)
	}
	if ids := tb.offeredIDs(engine.Host, CmdTurn); len(ids) != 0 {
		t.Fatalf("the host may end the turn in the middle of the meeting: %v", ids)
	}
	tb.sendOffered(0, "vote-for-0")
	tb.sendOffered(1, "vote-against-1")
	if tb.s.Meeting != nil || tb.s.company("c5").CEO != 0 {
		t.Fatalf("after the vote: meeting %+v, Festival's CEO %d; want none and Ana", tb.s.Meeting, tb.s.company("c5").CEO)
	}
	for _, l := range []string{"Ana calls a stockholders' meeting of Festival and nominates Ana.", "Ana accepts the nomination.",
		"Ana votes 2 shares for.", "Ben votes 1 shares against.", "Ana is elected CEO of Festival, 2 to 1.", "Ana is now CEO of Festival."} {
		tb.wantLine(engine.Public, l)
	}
	tb.wantLine(1, "You are no longer CEO of Festival: Ana was elected 2 shares to 1")
	k := tb.s.View(engine.Viewer{Seat: engine.Public}).Coup
	if k == nil || !k.Elected || k.For != 2 || k.Against != 1 || k.Incumbent != 1 || len(k.Votes) != 2 {
		t.Fatalf("the screens' coup is %+v; want Ana elected over Ben, 2 to 1, both votes shown", k)
	}
	if len(tb.s.Coups) != 1 {
		t.Fatalf("the record holds %d coups; want 1", len(tb.s.Coups))
	}
	// The meeting was the turn's action: no buying after it.
	tb.refuse("one-action", 0, CmdBuy, H{"company": "c5", "count": 1})
	if ids := tb.offeredIDs(0, CmdBuy); len(ids) != 0 {
		t.Fatalf("Ana is offered buys after her meeting: %v", ids)
	}
	// The coup is the news until the turn ends; the record keeps it.
	tb.sendOffered(0, "turn")
	if k := tb.s.View(engine.Viewer{Seat: engine.Public}).Coup; k != nil {
		t.Fatalf("the coup is still shown on Ben's turn: %+v", k)
	}
	tb.replays()
}

// A nominee other than the caller answers first, on their own phone (or
// the host for them); a declined nomination ends the meeting without using
// the turn's action. A tie keeps the CEO.
func TestBankMeetingNomineeAnswersAndATieKeepsTheCEO(t *testing.T) {
	tb := bankMeeting(t)
	tb.sendOffered(0, "meeting-c5-2")
	if ids := tb.offeredIDs(0, CmdAccept); len(ids) != 0 {
		t.Fatalf("Ana answers Cy's nomination: %v", ids)
	}
	if w, _ := (Rules{}).Waiting(tb.s); !slices.Equal(w.Seats, []int{2}) || w.Decision != "meeting.accept" {
		t.Fatalf("the table waits for %+v; want Cy's answer", w)
	}
	tb.refuse("nominee-accepts", 0, CmdAccept, H{"accept": true})
	tb.refuse("nominee-accepts-first", 1, CmdVote, H{"for": false})
	tb.sendOffered(2, "decline")
	if tb.s.Meeting != nil || tb.s.Acted != "" {
		t.Fatalf("after Cy declined: meeting %+v, acted %q; want none, the action still to take", tb.s.Meeting, tb.s.Acted)
	}
	tb.wantLine(engine.Public, "Cy declines the nomination.")
	// Again, with Ben's second share: 2 for, 2 against.
	tb.buy(1, "c5", 1)
	tb.must(engine.Host, CmdTurn, H{"seat": 0})
	tb.sendOffered(engine.Host, "meeting-c5-2")
	tb.sendOffered(engine.Host, "accept")
	tb.sendOffered(engine.Host, "vote-for-0")
	tb.sendOffered(engine.Host, "vote-against-1")
	if tb.s.company("c5").CEO != 1 {
		t.Fatalf("a tie elected seat %d; want Ben kept", tb.s.company("c5").CEO)
	}
	tb.wantLine(engine.Public, "The vote fails 2 to 2: Festival keeps its CEO.")
	tb.replays()
}

// Moves not offered are refused, each naming its problem, and change
// nothing: a meeting called off turn, by a seat without the stock, after
// the turn's action, of a company not in play, for a seat that does not
// exist; while one is under way, the turn's other moves and a second
// meeting; a vote without visible shares, and a second vote.
func TestBankMeetingRefusesWhatIsNotOffered(t *testing.T) {
	tb := bankMeeting(t)
	tb.refuse("not-your-turn", 1, CmdMeeting, H{"company": "c5", "nominee": 1})
	tb.refuse("no-such-seat", 0, CmdMeeting, H{"company": "c5", "nominee": 7})
	tb.refuse("inactive-company", 0, CmdMeeting, H{"company": "c2", "nominee": 0})
	tb.refuse("no-meeting", 0, CmdVote, H{"for": true})
	tb.must(engine.Host, CmdTurn, H{"seat": 2}) // Cy holds no Festival
	tb.refuse("meeting-stockholders-only", 2, CmdMeeting, H{"company": "c5", "nominee": 2})
	tb.must(engine.Host, CmdTurn, H{"seat": 0})
	tb.buy(0, "c5", 1)
	tb.refuse("one-action", 0, CmdMeeting, H{"company": "c5", "nominee": 0})
	tb.must(engine.Host, CmdTurn, H{"seat": 0})
	tb.must(0, CmdMeeting, H{"company": "c5", "nominee": 0})
	for _, c := range []struct {
		seat int
		typ  string
		data H
	}{
		{0, CmdBuy, H{"company": "c5", "count": 1}},
		{engine.Host, CmdTurn, nil},
		{engine.Host, CmdSize, H{"company": "c5", "size": 9}},
		{engine.Host, CmdEnd, H{"reason": EndShort}},
		{engine.Host, CmdMeeting, H{"company": "c5", "nominee": 2}},
	} {
		if msg := tb.refuse("meeting-in-progress", c.seat, c.typ, c.data); msg != "Stockholders of Festival are voting on Ana as CEO. Finish the meeting first." {
			t.Fatalf("%s during the meeting is refused with %q", c.typ, msg)
		}
	}
	tb.refuse("visible-shares-vote", 2, CmdVote, H{"for": true})
	tb.refuse("own-seat-only", 2, CmdVote, H{"seat": 0, "for": true})
	tb.must(0, CmdVote, H{"for": true})
	tb.refuse("vote-once", 0, CmdVote, H{"for": false})
}

// replays rebuilds the game from its events in a new state and wants the
// same state: a bank meeting's events replay as they were decided.
func (tb *table) replays() {
	tb.t.Helper()
	st, err := Rules{}.New(engine.Setup{Seats: tb.s.Seats, Settings: mustJSON(tb.s.Settings)})
	if err != nil {
		tb.t.Fatal(err)
	}
	for _, e := range tb.log {
		st = Rules{}.Evolve(st, e)
	}
	if got, want := mustJSON(st), mustJSON(tb.s); string(got) != string(want) {
		tb.t.Fatalf("replayed, the game is\n%s\nwant\n%s", got, want)
	}
}

// A log from before bank mode had meetings holds the host's one-move new
// CEO, an "ceo" event alone: it still replays, and the feed still says it.
func TestOldLogsNewCEOWithoutAMeetingStillReplays(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c5", 0, 4)
	e := engine.NewEvent(EvCEO, companyEv{Company: "c5", Seat: 1})
	Rules{}.Evolve(tb.s, e)
	if tb.s.company("c5").CEO != 1 || tb.s.Meeting != nil || tb.s.Coup != nil {
		t.Fatalf("after the old event: CEO %d, meeting %+v, coup %+v; want Ben, no meeting", tb.s.company("c5").CEO, tb.s.Meeting, tb.s.Coup)
	}
	lines := Rules{}.Feed(tb.s, e)
	if len(lines) != 1 || lines[0].Text != "Ben is now CEO of Festival." {
		t.Fatalf("the old event's feed is %+v; want the table told Ben is CEO", lines)
	}
	if _, err := (Rules{}).Decide(tb.s, engine.Command{Type: "ceo", Seat: engine.Host, Data: mustJSON(H{"company": "c5", "seat": 0})}, nil); err == nil {
		t.Fatal("the host's one-move new CEO is still accepted; a meeting replaces it")
	}
}
