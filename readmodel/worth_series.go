package readmodel

import (
	"context"
	"fmt"

	"tableside/engine"
	"tableside/tracker"
)

// Series is a game's measures after every step, from one replay: Points[k]
// is after step k (Points[0] the game as created). Steps[k] says step k.
type Series struct {
	Steps  []tracker.Step
	Points [][]engine.Measure
}

// MeasureSeries walks a log once and measures it after every step. A game
// whose engine is no engine.Measurer gives steps without points.
func MeasureSeries(rules engine.Rules, setup engine.Setup, recs []tracker.Record) (Series, error) {
	w := newSeriesWalk(rules, recs)
	return w.done(tracker.Walk(rules, setup, recs, w.visit))
}

// seriesWalk measures a game after every step of a walk of its log, for
// the charts of the end screen, the timeline, the score log and the
// printed record. A game whose engine measures nothing gives steps without
// points.
type seriesWalk struct {
	m      engine.Measurer
	series Series
	fault  error // the engine's measure panicked: the series is lost, the walk goes on
}

func newSeriesWalk(rules engine.Rules, recs []tracker.Record) *seriesWalk {
	n := tracker.StepCount(recs)
	w := &seriesWalk{series: Series{Steps: make([]tracker.Step, 0, n+1)}}
	if m, ok := rules.(engine.Measurer); ok {
		w.m = m
		w.series.Points = make([][]engine.Measure, 0, n+1)
	}
	return w
}

// visit takes one step (a tracker.Walk visitor). A measure that panics
// costs the series, never the replay the clock shares.
func (w *seriesWalk) visit(st tracker.Step, s engine.State) bool {
	if w.fault != nil {
		return true
	}
	w.series.Steps = append(w.series.Steps, st)
	if w.m == nil {
		return true
	}
	defer func() {
		if p := recover(); p != nil {
			w.fault = fmt.Errorf("measure after step %d: %v", st.N, p)
		}
	}()
	w.series.Points = append(w.series.Points, w.m.Measure(s))
	return true
}

// done is the series, or why there is none.
func (w *seriesWalk) done(walk error) (Series, error) {
	switch {
	case walk != nil:
		return Series{}, walk
	case w.fault != nil:
		return Series{}, w.fault
	}
	return w.series, nil
}

// Series is a game's measures after every command of its log, from one
// replay (or none, when the log has not grown since the last time), with
// the game's description as read with it. A game whose engine measures
// nothing gives an empty series.
func (r *Reader) Series(ctx context.Context, id int64) (tracker.GameInfo, Series, error) {
	e, err := r.read(ctx, id, partSeries)
	if err != nil {
		return tracker.GameInfo{}, Series{}, err
	}
	return e.info, e.series, e.seriesErr
}

// CachedSeries is a game's series if it was measured at the log's last
// seq; the timeline measures it in its own walk otherwise (KeepSeries).
func (r *Reader) CachedSeries(id, seq int64) (Series, bool) {
	if e := r.cache.at(id, seq); e != nil && e.has(partSeries) && e.seriesErr == nil {
		return e.series, true
	}
	return Series{}, false
}

// KeepSeries keeps a series the timeline measured in its own walk of a
// log read up to seq, for the next page, screen or print.
func (r *Reader) KeepSeries(info tracker.GameInfo, seq int64, series Series) {
	e := &reading{seq: seq, info: info}
	if old := r.cache.at(info.ID, seq); old != nil {
		*e = *old
	}
	e.series, e.seriesErr, e.parts = series, nil, e.parts|partSeries
	r.cache.put(info.ID, e)
}
