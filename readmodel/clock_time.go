package readmodel

import (
	"fmt"
	"slices"
	"time"

	"tableside/engine"
	"tableside/tracker"
)

// Decision is one seat's thinking over one thing the table waited for:
// from the moment the table began to wait for the seat to the seat's
// answer (or the moment the table stopped waiting for it), breaks left out.
type Decision struct {
	Seat int           `json:"seat"`
	What string        `json:"what"` // Waiting.Text when the wait began: public words
	Took time.Duration `json:"took"`
	// Cmd is the command that ended the wait (0 while it is open): undoing
	// it takes the decision's time back out.
	Cmd int64 `json:"cmd,omitempty"`
}

// SeatClock is one seat's thinking over the game.
type SeatClock struct {
	Seat      int           `json:"seat"`
	Total     time.Duration `json:"total"`     // every decision, the open one so far included
	Decisions int           `json:"decisions"` // decisions ended
	Longest   Decision      `json:"longest"`   // the longest one ended (Took 0: none yet)
	// Open is the decision the table waits for now, so far (nil: none).
	Open *Decision `json:"open,omitempty"`
	// Over says the open decision has passed the soft limit.
	Over bool `json:"over,omitempty"`
}

// TurnClock is the turn clock of a game: each seat's thinking, the
// setting in force, and the breaks it left out.
type TurnClock struct {
	Seats   []SeatClock          `json:"seats"`
	Setting tracker.ClockSetting `json:"setting"`
	// PausedFor is how long the clock has been paused (0 while it runs).
	PausedFor time.Duration `json:"pausedFor,omitempty"`
}

// Limit is the soft limit per decision (0: none).
func (tc TurnClock) Limit() time.Duration { return time.Duration(tc.Setting.Limit) * time.Second }

// wait is a seat the table waits for, since from.
type wait struct {
	from time.Time
	what string
}

// clockWalk follows a log step by step and keeps the seats' decisions.
type clockWalk struct {
	waiter engine.Waiter
	breaks []tracker.Span
	open   map[int]wait
	done   []Decision
	undone map[int64]bool // commands undone now, whose decisions do not count
}

// clockLog is what a replay of a log tells the turn clock: every decision
// ended, the waits still open, the setting and the breaks. It holds until
// the log grows; at says it at a moment, the open waits counted to then.
type clockLog struct {
	seats   int
	setting tracker.ClockSetting
	pauses  []tracker.Span // the host's pauses; an open one's To is zero
	down    []tracker.Span
	done    []Decision
	undone  map[int64]bool
	open    map[int]wait
}

// walkClock replays a log once and measures each seat's thinking, asking
// the engine what the table waits for after every step. down is when the
// server was down (Tracker.Downtime); the host's pauses are in the log. A
// game's first wait starts when it was created. A game whose engine is no
// engine.Waiter gives every seat zero.
func walkClock(rules engine.Rules, info tracker.GameInfo, recs []tracker.Record, down []tracker.Span) (*clockLog, error) {
	c := &clockWalker{}
	if err := c.start(rules, info, down); err != nil {
		return nil, err
	}
	if err := c.walk(recs); err != nil {
		return nil, fmt.Errorf("turn clock: %w", err)
	}
	return c.snapshot(), nil
}

// at is the turn clock at now: the decisions in force, each open wait
// counted to now, the breaks (an open pause running to now) left out.
func (cl *clockLog) at(now time.Time) TurnClock {
	tc := TurnClock{Setting: cl.setting}
	if n := len(cl.pauses); cl.setting.Paused && n > 0 {
		tc.PausedFor = now.Sub(cl.pauses[n-1].From)
	}
	cw := &clockWalk{breaks: mergeSpans(append(closePauses(cl.pauses, now), cl.down...)), open: cl.open, done: cl.done, undone: cl.undone}
	tc.Seats = cw.seats(cl.seats, now, tc.Limit())
	return tc
}

// closePauses gives an open pause (To zero) the end to.
func closePauses(pauses []tracker.Span, to time.Time) []tracker.Span {
	out := slices.Clone(pauses)
	for i := range out {
		if out[i].To.IsZero() {
			out[i].To = to
		}
	}
	return out
}

// step ends the waits a step answered and begins the ones it opened. A
// seat's own command answers its wait (and a new one begins if the table
// still waits for it); a seat the table stops waiting for has its wait end
// too, answered by whoever moved. An undo or a redo ends no wait: it takes
// the undone command's decisions out (or back), and a wait the undone
// command had begun is dropped, since the table never truly waited for it.
func (cw *clockWalk) step(st tracker.Step, at time.Time, s engine.State) {
	w, ok := cw.waiter.Waiting(s)
	if !ok {
		w = engine.Waiting{}
	}
	if st.IsRevert() {
		// An undo takes back a command in force, a redo one undone: each
		// turns the command's mark over.
		cw.undone[st.Cmd] = !cw.undone[st.Cmd]
		for seat := range cw.open {
			if !w.Owes(seat) {
				delete(cw.open, seat)
			}
		}
	} else if st.N > 0 {
		for _, seat := range sortedSeats(cw.open) {
			if seat == st.Actor || !w.Owes(seat) {
				o := cw.open[seat]
				cw.done = append(cw.done, Decision{Seat: seat, What: o.what, Took: counted(o.from, at, cw.breaks), Cmd: st.Cmd})
				delete(cw.open, seat)
			}
		}
	}
	for _, seat := range w.Seats {
		if _, ok := cw.open[seat]; !ok {
			cw.open[seat] = wait{from: at, what: w.Text}
		}
	}
}

// seats totals the decisions in force per seat, with each open wait so far.
func (cw *clockWalk) seats(n int, now time.Time, limit time.Duration) []SeatClock {
	out := make([]SeatClock, n)
	for i := range out {
		out[i].Seat = i
	}
	for _, d := range cw.done {
		if cw.undone[d.Cmd] || d.Seat < 0 || d.Seat >= n {
			continue
		}
		sc := &out[d.Seat]
		sc.Total += d.Took
		sc.Decisions++
		if d.Took > sc.Longest.Took {
			sc.Longest = d
		}
	}
	for seat, o := range cw.open {
		if seat < 0 || seat >= n {
			continue
		}
		d := Decision{Seat: seat, What: o.what, Took: counted(o.from, now, cw.breaks)}
		out[seat].Open = &d
		out[seat].Total += d.Took
		out[seat].Over = limit > 0 && d.Took >= limit
	}
	return out
}

// addPauses takes the clock records among recs into the setting in force
// and the pauses (an open one has no end yet: To is zero).
func addPauses(set tracker.ClockSetting, pauses []tracker.Span, recs []tracker.Record) (tracker.ClockSetting, []tracker.Span) {
	for _, r := range recs {
		c, ok := tracker.ClockSettingOf(r)
		if !ok {
			continue
		}
		switch {
		case c.Paused && !set.Paused:
			pauses = append(pauses, tracker.Span{From: r.Time})
		case !c.Paused && set.Paused:
			pauses[len(pauses)-1].To = r.Time
		}
		set = c
	}
	return set, pauses
}

// mergeSpans sorts spans and joins those that overlap, so no stretch of
// time is left out twice (a pause while the server was down).
func mergeSpans(spans []tracker.Span) []tracker.Span {
	slices.SortFunc(spans, func(a, b tracker.Span) int { return a.From.Compare(b.From) })
	var out []tracker.Span
	for _, s := range spans {
		if n := len(out); n > 0 && !s.From.After(out[n-1].To) {
			if s.To.After(out[n-1].To) {
				out[n-1].To = s.To
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

// counted is the time from from to to, the breaks (merged) left out.
func counted(from, to time.Time, breaks []tracker.Span) time.Duration {
	if !to.After(from) {
		return 0
	}
	d := to.Sub(from)
	for _, b := range breaks {
		lo, hi := b.From, b.To
		if from.After(lo) {
			lo = from
		}
		if to.Before(hi) {
			hi = to
		}
		if hi.After(lo) {
			d -= hi.Sub(lo)
		}
	}
	return d
}

func sortedSeats(m map[int]wait) []int {
	seats := make([]int, 0, len(m))
	for s := range m {
		seats = append(seats, s)
	}
	slices.Sort(seats)
	return seats
}
