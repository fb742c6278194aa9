package tracker_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/clocktest"
	"tableside/tracker"
)

func TestTurnClockIsTheHostsAndBadSettingsChangeNothing(t *testing.T) {
	ctx := context.Background()
	tr, id, _ := clocktest.Game(t)
	clocktest.Answer(t, tr, id, 0)
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
	tr, id, _ := clocktest.Game(t)
	clocktest.Answer(t, tr, id, 0)
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
	tr, _, _ := clocktest.Game(t)
	db := tr.DB()
	r1, _ := db.StartRun(ctx, clocktest.T0)
	if err := db.Alive(ctx, r1, clocktest.T0.Add(mn)); err != nil {
		t.Fatal(err)
	}
	r2, _ := db.StartRun(ctx, clocktest.T0.Add(4*mn))
	if err := db.Alive(ctx, r2, clocktest.T0.Add(5*mn)); err != nil {
		t.Fatal(err)
	}
	// The spans are kept between reads: a run started since is still seen.
	if down, err := tr.Downtime(ctx, clocktest.T0); err != nil || len(down) != 1 {
		t.Fatalf("downtime before the third run %v (%v); want one span", down, err)
	}
	if down, err := tr.Downtime(ctx, clocktest.T0.Add(4*mn)); err != nil || len(down) != 0 {
		t.Fatalf("downtime since the second run %v (%v); want none", down, err)
	}
	if _, err := db.StartRun(ctx, clocktest.T0.Add(7*mn)); err != nil {
		t.Fatal(err)
	}
	down, err := tr.Downtime(ctx, clocktest.T0)
	if err != nil {
		t.Fatal(err)
	}
	want := []tracker.Span{{From: clocktest.T0.Add(mn), To: clocktest.T0.Add(4 * mn)}, {From: clocktest.T0.Add(5 * mn), To: clocktest.T0.Add(7 * mn)}}
	if len(down) != 2 || !down[0].From.Equal(want[0].From) || !down[0].To.Equal(want[0].To) || !down[1].From.Equal(want[1].From) || !down[1].To.Equal(want[1].To) {
		t.Fatalf("downtime %v; want %v", down, want)
	}
}

// A pause for a break is not something that happened in the game: a
// phone's open undo request stays open across it, and the host may still
// approve it.
func TestTurnClockPauseLeavesAnUndoRequestOpen(t *testing.T) {
	ctx := context.Background()
	tr, id, _ := clocktest.Game(t)
	seq := clocktest.Answer(t, tr, id, 0)
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
