package tracker_test

import (
	"context"
	"errors"
	"path/filepath"
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
	down, err := tr.Downtime(ctx, clockT0)
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

const mn = time.Minute
