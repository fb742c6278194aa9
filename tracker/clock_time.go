package tracker

import (
	"context"
	"fmt"
	"slices"
	"time"

	"tableside/engine"
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
	Seats   []SeatClock  `json:"seats"`
	Setting ClockSetting `json:"setting"`
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
	breaks []Span
	open   map[int]wait
	done   []Decision
	undone map[int64]bool // commands undone now, whose decisions do not count
}

// ClockLog is what a replay of a log tells the turn clock: every decision
// ended, the waits still open, the setting and the breaks. It holds until
// the log grows; At says it at a moment, the open waits counted to then.
type ClockLog struct {
	seats   int
	setting ClockSetting
	pauses  []Span // the host's pauses; an open one's To is zero
	down    []Span
	done    []Decision
	undone  map[int64]bool
	open    map[int]wait
}

// MeasureClock replays a log once, asking the engine what the table waits
// for after every step, and measures each seat's thinking up to now.
// down is when the server was down (DB.Downtime); the host's pauses are in
// the log. A game's first wait starts when it was created. A game whose
// engine is no engine.Waiter gives every seat zero.
func MeasureClock(rules engine.Rules, info GameInfo, recs []Record, down []Span, now time.Time) (TurnClock, error) {
	cl, err := WalkClock(rules, info, recs, down)
	if err != nil {
		return TurnClock{}, err
	}
	return cl.At(now), nil
}

// WalkClock replays a log once for the turn clock (see MeasureClock).
func WalkClock(rules engine.Rules, info GameInfo, recs []Record, down []Span) (*ClockLog, error) {
	cw := NewClockWalker(rules, info, recs, down)
	if cw.Needs() {
		if err := Walk(rules, info.Setup, recs, cw.Visit); err != nil {
			return nil, fmt.Errorf("turn clock: %w", err)
		}
	}
	return cw.Log(), nil
}

// ClockWalker is the turn clock as a visitor of a walk of the log (Walk),
// so a reader that replays a log for other reasons too (the worth series)
// measures the clock in the same replay.
type ClockWalker struct {
	cl      *ClockLog
	cw      *clockWalk
	created time.Time
}

// NewClockWalker prepares the clock of a log whose steps Visit will be
// given, in order, from step 0.
func NewClockWalker(rules engine.Rules, info GameInfo, recs []Record, down []Span) *ClockWalker {
	setting, pauses := clockBreaks(recs)
	cl := &ClockLog{seats: len(info.Setup.Seats), setting: setting, pauses: pauses, down: down}
	// Every decision ended before an open pause began: to them it may
	// run for ever.
	breaks := mergeSpans(append(closePauses(pauses, time.Unix(1<<40, 0)), down...))
	cw := &clockWalk{breaks: breaks, open: map[int]wait{}, undone: map[int64]bool{}}
	cw.waiter, _ = rules.(engine.Waiter)
	return &ClockWalker{cl: cl, cw: cw, created: info.Created}
}

// Needs reports whether the clock needs the walk: a game whose engine is
// no engine.Waiter gives every seat zero without one.
func (w *ClockWalker) Needs() bool { return w.cw.waiter != nil }

// Visit takes one step of the walk (a Walk visitor; it always goes on).
func (w *ClockWalker) Visit(st Step, s engine.State) bool {
	if w.cw.waiter == nil {
		return true
	}
	at := st.Time
	if st.N == 0 {
		at = w.created
	}
	w.cw.step(st, at, s)
	return true
}

// Log is the clock of the steps visited.
func (w *ClockWalker) Log() *ClockLog {
	w.cl.done, w.cl.undone, w.cl.open = w.cw.done, w.cw.undone, w.cw.open
	return w.cl
}

// At is the turn clock at now: the decisions in force, each open wait
// counted to now, the breaks (an open pause running to now) left out.
func (cl *ClockLog) At(now time.Time) TurnClock {
	tc := TurnClock{Setting: cl.setting}
	if n := len(cl.pauses); cl.setting.Paused && n > 0 {
		tc.PausedFor = now.Sub(cl.pauses[n-1].From)
	}
	cw := &clockWalk{breaks: mergeSpans(append(closePauses(cl.pauses, now), cl.down...)), open: cl.open, done: cl.done, undone: cl.undone}
	tc.Seats = cw.seats(cl.seats, now, tc.Limit())
	return tc
}

// closePauses gives an open pause (To zero) the end to.
func closePauses(pauses []Span, to time.Time) []Span {
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
func (cw *clockWalk) step(st Step, at time.Time, s engine.State) {
	w, ok := cw.waiter.Waiting(s)
	if !ok {
		w = engine.Waiting{}
	}
	if st.IsRevert() {
		cw.undone[st.Cmd] = st.Type == typeUndo
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

// clockBreaks reads the clock's records: the setting in force and every
// pause (an open one has no end yet: To is zero).
func clockBreaks(recs []Record) (ClockSetting, []Span) {
	var set ClockSetting
	var pauses []Span
	for _, r := range recs {
		if r.Type != typeClock {
			continue
		}
		c := engine.Payload[ClockSetting](r.Event())
		switch {
		case c.Paused && !set.Paused:
			pauses = append(pauses, Span{From: r.Time})
		case !c.Paused && set.Paused:
			pauses[len(pauses)-1].To = r.Time
		}
		set = c
	}
	return set, pauses
}

// mergeSpans sorts spans and joins those that overlap, so no stretch of
// time is left out twice (a pause while the server was down).
func mergeSpans(spans []Span) []Span {
	slices.SortFunc(spans, func(a, b Span) int { return a.From.Compare(b.From) })
	var out []Span
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
func counted(from, to time.Time, breaks []Span) time.Duration {
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

// Clock measures a game's turn clock now (by c); see ClockLog.
func (t *Tracker) Clock(ctx context.Context, id int64, c Clock) (TurnClock, int64, error) {
	cl, seq, err := t.ClockLog(ctx, id)
	if err != nil {
		return TurnClock{}, 0, err
	}
	return cl.At(c.Now()), seq, nil
}

// ClockLog replays a game's log for its turn clock, with the server's
// downtime. It reads the database and replays without the game's lock, so
// a screen may call it before drawing a snapshot; the seq it returns is the
// log's last record, so a screen may keep the result until the log grows.
func (t *Tracker) ClockLog(ctx context.Context, id int64) (*ClockLog, int64, error) {
	info, recs, err := t.Records(ctx, id)
	if err != nil {
		return nil, 0, fmt.Errorf("turn clock of game %d: %w", id, err)
	}
	rules, ok := t.rules[info.Kind]
	if !ok {
		return nil, 0, fmt.Errorf("turn clock of game %d: no engine for %q", id, info.Kind)
	}
	down, err := t.Downtime(ctx, info.Created)
	if err != nil {
		return nil, 0, err
	}
	var last int64
	if n := len(recs); n > 0 {
		last = recs[n-1].Seq
	}
	cl, err := WalkClock(rules, info, recs, down)
	return cl, last, err
}

// Downtime is when the server was down since a moment (a game's creation),
// for a turn clock measured outside the tracker (ClockWalker).
func (t *Tracker) Downtime(ctx context.Context, since time.Time) ([]Span, error) {
	return t.db.Downtime(ctx, since)
}
