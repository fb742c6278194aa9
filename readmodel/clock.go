package readmodel

import (
	"context"
	"fmt"
	"time"

	"tableside/engine"
	"tableside/tracker"
)

// ClockView is what one screen shows of the turn clock: the TV and the
// host every seat's thinking (names and times, nothing else), the host
// the pause toggle and the soft limit, a phone only its own "time is up"
// line. The end screen's lines are for everyone.
type ClockView struct {
	GameID  int64
	Host    bool // the pause toggle and the limit
	Table   bool // the host or the public view: every seat's times
	Playing bool
	Paused  bool
	// PausedFor says how long the break has lasted ("4 min").
	PausedFor string
	// Limit is the soft limit per decision in words ("" for none).
	Limit  string
	Limits []LimitOption // the host's choice of limit, while the game is played
	Rows   []ClockRow
	Nudge  *ClockRow // a phone's own open decision, when a limit is set
	// EndLine is the end screen's lines, once the game is over: "Ben
	// thought 14 min, the longest single decision: ...".
	EndLine []string
}

// ClockRow is one seat on the clock.
type ClockRow struct {
	Name     string
	Total    string // "5 min 30 s"
	Thinking string // the open decision so far ("" when not waited for)
	Over     bool   // past the soft limit now
	// OverIn is the seconds until the soft limit is reached (-1: never,
	// while paused, without a limit, or already over): the screen's timer
	// (clock.js) shows the nudge then, without a change to wait for.
	OverIn int
}

// LimitOption is one choice of soft limit on the host's form.
type LimitOption struct {
	Secs     int
	Label    string
	Selected bool
}

// clockLimits are the soft limits the host's form offers (0: none).
var clockLimits = []int{0, 60, 120, 180, 300, 600}

// Clock is a game's turn clock now, and the seq of the log's last record
// it counts; nil for a game whose clock never ran (no seat is ever waited
// for, as on the score pad) or on a failure, which is logged: the clock is
// advice and never costs the table its screen. A game in play carries its
// clock forward over the records written since it was last asked
// (clockWalker, one per game): every screen's clock is exact, and a
// command costs the clock only its own records. A finished game's clock
// comes from the one replay that also measures its series.
func (r *Reader) Clock(ctx context.Context, info tracker.GameInfo) (*TurnClock, int64) {
	var cl *clockLog
	var seq int64
	var err error
	if info.Status == tracker.StatusFinished {
		var e *reading
		if e, err = r.read(ctx, info.ID, partAll); err == nil {
			cl, seq, err = e.clock, e.seq, e.clockErr
		}
	} else {
		cl, seq, err = r.cache.walker(info.ID).catchUp(ctx, r.t)
	}
	if err != nil {
		r.log.Warn("turn clock", "game", info.ID, "err", err)
		return nil, seq
	}
	if cl == nil {
		return nil, seq
	}
	tc := cl.at(r.t.Now())
	for _, sc := range tc.Seats {
		if sc.Decisions > 0 || sc.Open != nil {
			return &tc, seq
		}
	}
	return nil, seq
}

// NewClockView says tc for viewer v of a game.
func NewClockView(info tracker.GameInfo, tc *TurnClock, v engine.Viewer) *ClockView {
	if tc == nil {
		return nil
	}
	cv := &ClockView{GameID: info.ID, Host: v.IsHost(), Table: v.Seat < 0, Playing: info.IsPlaying(),
		Paused: tc.Setting.Paused}
	if tc.Setting.Paused {
		cv.PausedFor = tracker.Minutes(tc.PausedFor)
	}
	if tc.Limit() > 0 {
		cv.Limit = tracker.Minutes(tc.Limit())
	}
	// A live frame is drawn for every viewer at every change: only what its
	// screen shows is worked out (the host's limit menu, the end's lines).
	for _, secs := range clockLimits {
		if !cv.Host || !cv.Playing {
			break
		}
		o := LimitOption{Secs: secs, Label: "No limit", Selected: secs == tc.Setting.Limit}
		if secs > 0 {
			o.Label = tracker.Minutes(time.Duration(secs) * time.Second)
		}
		cv.Limits = append(cv.Limits, o)
	}
	for _, sc := range tc.Seats {
		name := clockSeatName(info, sc.Seat)
		row := ClockRow{Name: name, Total: tracker.Minutes(sc.Total), Over: sc.Over, OverIn: -1}
		if sc.Open != nil && cv.Playing {
			row.Thinking = tracker.Minutes(sc.Open.Took)
			if left := tc.Limit() - sc.Open.Took; tc.Limit() > 0 && !tc.Setting.Paused && left > 0 {
				row.OverIn = int((left + time.Second - 1) / time.Second)
			}
		}
		if cv.Table {
			cv.Rows = append(cv.Rows, row)
		}
		if sc.Seat == v.Seat && sc.Open != nil && cv.Playing && tc.Limit() > 0 {
			own := row
			cv.Nudge = &own
		}
		if !cv.Playing {
			cv.EndLine = append(cv.EndLine, endLine(name, sc))
		}
	}
	return cv
}

// endLine says a seat's thinking over the game: "Ben thought 14 min, the
// longest single decision: 3 min 10 s, the Festival merger".
func endLine(name string, sc SeatClock) string {
	if sc.Decisions == 0 {
		return fmt.Sprintf("%s thought %s", name, tracker.Minutes(sc.Total))
	}
	return fmt.Sprintf("%s thought %s, the longest single decision: %s, %s", name, tracker.Minutes(sc.Total),
		tracker.Minutes(sc.Longest.Took), sc.Longest.What)
}

func clockSeatName(info tracker.GameInfo, seat int) string {
	if seat >= 0 && seat < len(info.Setup.Seats) {
		return info.Setup.Seats[seat].Name
	}
	return fmt.Sprintf("Seat %d", seat+1)
}
