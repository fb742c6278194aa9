package tracker_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/tracker"
)

// fakeClock is the table's time in a scripted game: each step sets it.
type fakeClock struct{ t time.Time }

func (c *fakeClock) Now() time.Time { return c.t }

// clockT0 is when the scripted games begin.
var clockT0 = time.Date(2026, 11, 20, 19, 0, 0, 0, time.UTC)

// turnsGame starts the clock's test game at clockT0 with a fake clock.
func turnsGame(t *testing.T) (*tracker.Tracker, int64, *fakeClock) {
	t.Helper()
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tr := tracker.New(db, testgames.Turns{})
	clk := &fakeClock{t: clockT0}
	tr.Now = clk.Now
	info, err := tr.Create(context.Background(), "turns", "Clock", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	return tr, info.ID, clk
}

// at moves the fake clock to clockT0 + d.
func (c *fakeClock) at(d time.Duration) { c.t = clockT0.Add(d) }

func answer(t *testing.T, tr *tracker.Tracker, id int64, seat int) int64 {
	t.Helper()
	out := mustDo(t, tr, id, engine.Command{Type: testgames.CmdAnswer, Seat: seat}, "")
	return out.Seq
}

// walkers are the scripted games' clock walkers, carried from one measure
// to the next as a screen's are.
var walkers sync.Map // *tracker.Tracker -> *tracker.ClockWalker

// measure is the turn clock now, replayed whole; the walker carried
// forward over the records since the last measure must say the same.
func measure(t *testing.T, tr *tracker.Tracker, id int64, clk tracker.Clock) tracker.TurnClock {
	t.Helper()
	tc, seq, err := tr.Clock(context.Background(), id, clk)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := walkers.LoadOrStore(tr, tr.NewClockWalker(id))
	cl, carried, err := tr.CatchUp(context.Background(), w.(*tracker.ClockWalker))
	if err != nil {
		t.Fatal(err)
	}
	if got := cl.At(clk.Now()); carried != seq || !reflect.DeepEqual(got, tc) {
		t.Fatalf("the clock carried forward to seq %d says %+v; replayed whole to seq %d it says %+v", carried, got, seq, tc)
	}
	return tc
}

const (
	sec = time.Second
	mn  = time.Minute
)

// The scripted game: Ana buys in 2 min; Ben thinks 3 min 10 s over the
// Festival merger around a 5-minute host pause; the server is down for 10
// min during the vote; Ana's first vote (1 min 30 s) is undone and she votes
// again in 20 s; Ben votes after 2 min 20 s of counted time.
func TestTurnClockCountsEachSeatsThinkingWithoutBreaks(t *testing.T) {
	ctx := context.Background()
	tr, id, clk := turnsGame(t)
	run, err := tr.DB().StartRun(ctx, clockT0.Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	clk.at(2 * mn)
	answer(t, tr, id, 0)
	clk.at(3 * mn)
	if _, err := tr.SetClock(ctx, id, engine.Host, tracker.ClockSetting{Paused: true}); err != nil {
		t.Fatal(err)
	}
	if tc := measure(t, tr, id, clk); !tc.Setting.Paused || tc.Seats[1].Open == nil || tc.Seats[1].Open.Took != mn {
		t.Fatalf("paused at 3 min: %+v, Ben's open decision %+v; want paused, 1 min so far", tc.Setting, tc.Seats[1].Open)
	}
	clk.at(8 * mn)
	if tc := measure(t, tr, id, clk); tc.Seats[1].Open.Took != mn || tc.PausedFor != 5*mn {
		t.Fatalf("after 5 paused minutes Ben's decision shows %v, paused for %v; want 1m0s and 5m0s", tc.Seats[1].Open.Took, tc.PausedFor)
	}
	if _, err := tr.SetClock(ctx, id, engine.Host, tracker.ClockSetting{}); err != nil {
		t.Fatal(err)
	}
	clk.at(10*mn + 10*sec)
	answer(t, tr, id, 1)
	// The server stops at 11 min and starts again at 21 min.
	if err := tr.DB().Alive(ctx, run, clockT0.Add(11*mn)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.DB().StartRun(ctx, clockT0.Add(21*mn)); err != nil {
		t.Fatal(err)
	}
	clk.at(21*mn + 30*sec)
	vote := measure(t, tr, id, clk)
	for seat := range 2 {
		if o := vote.Seats[seat].Open; o == nil || o.Took != mn+20*sec || o.What != "vote to end the game" {
			t.Fatalf("seat %d during the vote: %+v; want 1m20s so far on the vote (both seats accrue at once)", seat, o)
		}
	}
	clk.at(21*mn + 40*sec)
	first := answer(t, tr, id, 0)
	clk.at(22 * mn)
	if _, err := tr.Undo(ctx, id, 0, ""); err != nil {
		t.Fatal(err)
	}
	if tc := measure(t, tr, id, clk); tc.Seats[0].Decisions != 1 || tc.Seats[0].Total != 2*mn {
		t.Fatalf("after undoing Ana's vote (seq %d): %+v; want her one decision of 2 min", first, tc.Seats[0])
	}
	clk.at(22*mn + 20*sec)
	answer(t, tr, id, 0)
	clk.at(22*mn + 30*sec)
	answer(t, tr, id, 1)
	clk.at(5 * time.Hour) // the game is over: later reads change nothing
	tc := measure(t, tr, id, clk)
	want := []struct {
		total     time.Duration
		decisions int
		longest   time.Duration
		what      string
	}{
		{2*mn + 20*sec, 2, 2 * mn, "buy up to 3 shares"},
		{5*mn + 30*sec, 2, 3*mn + 10*sec, "the Festival merger"},
	}
	for seat, w := range want {
		got := tc.Seats[seat]
		if got.Total != w.total || got.Decisions != w.decisions || got.Longest.Took != w.longest || got.Longest.What != w.what || got.Open != nil {
			t.Errorf("seat %d: %+v; want total %v over %d decisions, longest %v on %q, none open", seat, got, w.total, w.decisions, w.longest, w.what)
		}
	}
	if got := tracker.Minutes(tc.Seats[1].Longest.Took); got != "3 min 10 s" {
		t.Errorf("Ben's longest decision says %q, want 3 min 10 s", got)
	}
}

func TestTurnClockSoftLimitNudgesOnlyTheSeatPastIt(t *testing.T) {
	ctx := context.Background()
	tr, id, clk := turnsGame(t)
	if _, err := tr.SetClock(ctx, id, engine.Host, tracker.ClockSetting{Limit: 60}); err != nil {
		t.Fatal(err)
	}
	clk.at(50 * sec)
	if tc := measure(t, tr, id, clk); tc.Seats[0].Over || tc.Seats[1].Over {
		t.Fatalf("50 s into a 60 s limit: %+v", tc.Seats)
	}
	clk.at(70 * sec)
	tc := measure(t, tr, id, clk)
	if !tc.Seats[0].Over || tc.Seats[1].Over || tc.Limit() != mn {
		t.Fatalf("70 s into Ana's decision with a 60 s limit: %+v; want Ana over, Ben not", tc.Seats)
	}
	if _, err := tr.SetClock(ctx, id, engine.Host, tracker.ClockSetting{}); err != nil {
		t.Fatal(err)
	}
	if tc := measure(t, tr, id, clk); tc.Seats[0].Over {
		t.Fatalf("the limit turned off still nudges Ana: %+v", tc.Seats[0])
	}
}

func TestTurnClockIsTheHostsAndBadSettingsChangeNothing(t *testing.T) {
	ctx := context.Background()
	tr, id, _ := turnsGame(t)
	answer(t, tr, id, 0)
	before, _ := tr.LastSeq(ctx, id)
	for _, c := range []struct {
		actor int
		set   tracker.ClockSetting
		rule  string
	}{
		{0, tracker.ClockSetting{Paused: true}, "clock-host"},
		{engine.Public, tracker.ClockSetting{Paused: true}, "clock-host"},
		{engine.Host, tracker.ClockSetting{Limit: 5}, "clock-limit"},
		{engine.Host, tracker.ClockSetting{Limit: 99999}, "clock-limit"},
		{engine.Host, tracker.ClockSetting{}, "clock-same"},
	} {
		_, err := tr.SetClock(ctx, id, c.actor, c.set)
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Rule != c.rule {
			t.Errorf("actor %d setting %+v: %v; want refused as %s", c.actor, c.set, err, c.rule)
		}
	}
	if after, _ := tr.LastSeq(ctx, id); after != before {
		t.Fatalf("refused clock settings wrote to the log: seq %d -> %d", before, after)
	}
	if c, _ := tr.ClockOf(ctx, id); c != (tracker.ClockSetting{}) {
		t.Fatalf("refused settings changed the clock: %+v", c)
	}
}

// A pause is the table's, not a move: undo takes the newest move and
// leaves the clock paused, and the pause is no step of the timeline.
func TestTurnClockPauseSurvivesUndoAndIsNoStep(t *testing.T) {
	ctx := context.Background()
	tr, id, _ := turnsGame(t)
	answer(t, tr, id, 0)
	if _, err := tr.SetClock(ctx, id, engine.Host, tracker.ClockSetting{Paused: true}); err != nil {
		t.Fatal(err)
	}
	rv, err := tr.Undo(ctx, id, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := tr.ClockOf(ctx, id); !c.Paused {
		t.Fatalf("undo (%s) resumed the clock", rv.What)
	}
	_, recs, err := tr.Records(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if n := tracker.StepCount(recs); n != 2 {
		t.Fatalf("the timeline has %d steps; want 2 (the answer and its undo, not the pause)", n)
	}
}

// What the clock tells is names and times: nothing any seat's view holds.
func TestTurnClockCarriesNoPrivateByte(t *testing.T) {
	tr, id, clk := turnsGame(t)
	clk.at(mn)
	answer(t, tr, id, 0)
	b, err := json.Marshal(measure(t, tr, id, clk))
	if err != nil {
		t.Fatal(err)
	}
	for seat := range 2 {
		if strings.Contains(string(b), testgames.TurnsPrivate(seat)) {
			t.Fatalf("the turn clock carries seat %d's private word: %s", seat, b)
		}
	}
	if !strings.Contains(string(b), "the Festival merger") {
		t.Fatalf("the clock names no decision: %s", b)
	}
}

func TestServerDowntimeIsTheGapBetweenRuns(t *testing.T) {
	ctx := context.Background()
	tr, _, _ := turnsGame(t)
	db := tr.DB()
	r1, _ := db.StartRun(ctx, clockT0)
	if err := db.Alive(ctx, r1, clockT0.Add(mn)); err != nil {
		t.Fatal(err)
	}
	r2, _ := db.StartRun(ctx, clockT0.Add(4*mn))
	if err := db.Alive(ctx, r2, clockT0.Add(5*mn)); err != nil {
		t.Fatal(err)
	}
	if _, err := db.StartRun(ctx, clockT0.Add(7*mn)); err != nil {
		t.Fatal(err)
	}
	down, err := db.Downtime(ctx, clockT0)
	if err != nil {
		t.Fatal(err)
	}
	want := []tracker.Span{{From: clockT0.Add(mn), To: clockT0.Add(4 * mn)}, {From: clockT0.Add(5 * mn), To: clockT0.Add(7 * mn)}}
	if len(down) != 2 || !down[0].From.Equal(want[0].From) || !down[0].To.Equal(want[0].To) || !down[1].From.Equal(want[1].From) || !down[1].To.Equal(want[1].To) {
		t.Fatalf("downtime %v; want %v", down, want)
	}
}

// A pause for a break is not something that happened in the game: a
// phone's open undo request stays open across it, and the host may still
// approve it.
func TestTurnClockPauseLeavesAnUndoRequestOpen(t *testing.T) {
	ctx := context.Background()
	tr, id, _ := turnsGame(t)
	seq := answer(t, tr, id, 0)
	ask, err := tr.AskUndo(ctx, id, 0, seq)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.SetClock(ctx, id, engine.Host, tracker.ClockSetting{Paused: true}); err != nil {
		t.Fatal(err)
	}
	out, err := tr.AnswerUndo(ctx, id, ask.Seq, true)
	if err != nil || out.Cmd != seq {
		t.Fatalf("approving the request after a pause: %+v, %v; want command %d undone", out, err, seq)
	}
}
