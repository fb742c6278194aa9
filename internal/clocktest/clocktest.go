// Package clocktest starts the turn clock's scripted test game (testgames.Turns)
// on a real SQLite file with a clock the test sets: the tracker's tests of
// the clock's records and the read side's tests of its measurement share it.
package clocktest

import (
	"context"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/internal/trackertest"
	"tableside/tracker"
)

// T0 is when the scripted games begin.
var T0 = time.Date(2026, 11, 20, 19, 0, 0, 0, time.UTC)

// Clock is the table's time in a scripted game: each step sets it.
type Clock struct{ t time.Time }

// Now is the clock's time (the tracker's Now).
func (c *Clock) Now() time.Time { return c.t }

// At moves the clock to T0 + d.
func (c *Clock) At(d time.Duration) { c.t = T0.Add(d) }

// Game starts the clock's test game (Ana and Ben answering in turn) at T0
// with a Clock, on a database in t's temp dir.
func Game(t testing.TB) (*tracker.Tracker, int64, *Clock) {
	t.Helper()
	tr := trackertest.New(t, testgames.Turns{})
	clk := &Clock{t: T0}
	tr.Now = clk.Now
	return tr, trackertest.Game(t, tr, "turns", "Clock"), clk
}

// Answer has seat answer in the clock's game (the tracker's record of a
// turn) and is the record's seq.
func Answer(t testing.TB, tr *tracker.Tracker, id int64, seat int) int64 {
	t.Helper()
	out, err := tr.Do(context.Background(), id, engine.Command{Type: testgames.CmdAnswer, Seat: seat}, "")
	if err != nil {
		t.Fatalf("seat %d's answer: %v", seat, err)
	}
	return out.Seq
}
