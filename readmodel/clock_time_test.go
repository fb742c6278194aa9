package readmodel

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/clocktest"
	"tableside/internal/testgames"
	"tableside/tracker"
)

// walkers are the scripted games' clock walkers, carried from one measure
// to the next as a screen's are.
var walkers sync.Map // *tracker.Tracker -> *clockWalker

// measure is the turn clock now, replayed whole; the walker carried
// forward over the records since the last measure must say the same.
func measure(t *testing.T, tr *tracker.Tracker, id int64, clk *clocktest.Clock) TurnClock {
	t.Helper()
	whole, seq, err := (&clockWalker{id: id}).catchUp(context.Background(), tr)
	if err != nil {
		t.Fatal(err)
	}
	tc := whole.at(clk.Now())
	w, _ := walkers.LoadOrStore(tr, &clockWalker{id: id})
	cl, carried, err := w.(*clockWalker).catchUp(context.Background(), tr)
	if err != nil {
		t.Fatal(err)
	}
	if got := cl.at(clk.Now()); carried != seq || !reflect.DeepEqual(got, tc) {
		t.Fatalf("the clock carried forward to seq %d says %+v; replayed whole to seq %d it says %+v", carried, got, seq, tc)
	}
	if got := visited(t, tr, id).at(clk.Now()); !reflect.DeepEqual(got, tc) {
		t.Fatalf("the clock visiting another walk of the log says %+v; replayed on its own it says %+v", got, tc)
	}
	return tc
}

// visited is the clock measured by a visitor of a walk of the whole log,
// as a reader that also measures the worth series in that walk has it.
func visited(t *testing.T, tr *tracker.Tracker, id int64) *clockLog {
	t.Helper()
	ctx := context.Background()
	info, recs, err := tr.Records(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := tr.Rules(info.Kind)
	down, err := tr.Downtime(ctx, info.Created)
	if err != nil {
		t.Fatal(err)
	}
	v := newClockVisitor(rules, info, recs, down)
	if err := tracker.Walk(rules, info.Setup, recs, v.visit); err != nil {
		t.Fatal(err)
	}
	return v.log()
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
	tr, id, clk := clocktest.Game(t)
	run, err := tr.DB().StartRun(ctx, clocktest.T0.Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	clk.At(2 * mn)
	clocktest.Answer(t, tr, id, 0)
	clk.At(3 * mn)
	if _, err := tr.SetClock(ctx, id, engine.Host, tracker.ClockSetting{Paused: true}); err != nil {
		t.Fatal(err)
	}
	if tc := measure(t, tr, id, clk); !tc.Setting.Paused || tc.Seats[1].Open == nil || tc.Seats[1].Open.Took != mn {
		t.Fatalf("paused at 3 min: %+v, Ben's open decision %+v; want paused, 1 min so far", tc.Setting, tc.Seats[1].Open)
	}
	clk.At(8 * mn)
	if tc := measure(t, tr, id, clk); tc.Seats[1].Open.Took != mn || tc.PausedFor != 5*mn {
		t.Fatalf("after 5 paused minutes Ben's decision shows %v, paused for %v; want 1m0s and 5m0s", tc.Seats[1].Open.Took, tc.PausedFor)
	}
	if _, err := tr.SetClock(ctx, id, engine.Host, tracker.ClockSetting{}); err != nil {
		t.Fatal(err)
	}
	clk.At(10*mn + 10*sec)
	clocktest.Answer(t, tr, id, 1)
	// The server stops at 11 min and starts again at 21 min.
	if err := tr.DB().Alive(ctx, run, clocktest.T0.Add(11*mn)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.DB().StartRun(ctx, clocktest.T0.Add(21*mn)); err != nil {
		t.Fatal(err)
	}
	clk.At(21*mn + 30*sec)
	vote := measure(t, tr, id, clk)
	for seat := range 2 {
		if o := vote.Seats[seat].Open; o == nil || o.Took != mn+20*sec || o.What != "vote to end the game" {
			t.Fatalf("seat %d during the vote: %+v; want 1m20s so far on the vote (both seats accrue at once)", seat, o)
		}
	}
	clk.At(21*mn + 40*sec)
	first := clocktest.Answer(t, tr, id, 0)
	clk.At(22 * mn)
	if _, err := tr.Undo(ctx, id, 0, ""); err != nil {
		t.Fatal(err)
	}
	if tc := measure(t, tr, id, clk); tc.Seats[0].Decisions != 1 || tc.Seats[0].Total != 2*mn {
		t.Fatalf("after undoing Ana's vote (seq %d): %+v; want her one decision of 2 min", first, tc.Seats[0])
	}
	clk.At(22*mn + 20*sec)
	clocktest.Answer(t, tr, id, 0)
	clk.At(22*mn + 30*sec)
	clocktest.Answer(t, tr, id, 1)
	clk.At(5 * time.Hour) // the game is over: later reads change nothing
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
	tr, id, clk := clocktest.Game(t)
	if _, err := tr.SetClock(ctx, id, engine.Host, tracker.ClockSetting{Limit: 60}); err != nil {
		t.Fatal(err)
	}
	clk.At(50 * sec)
	if tc := measure(t, tr, id, clk); tc.Seats[0].Over || tc.Seats[1].Over {
		t.Fatalf("50 s into a 60 s limit: %+v", tc.Seats)
	}
	clk.At(70 * sec)
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

// What the clock tells is names and times: nothing any seat's view holds.
func TestTurnClockCarriesNoPrivateByte(t *testing.T) {
	tr, id, clk := clocktest.Game(t)
	clk.At(mn)
	clocktest.Answer(t, tr, id, 0)
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
