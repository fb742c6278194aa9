package web

import (
	"context"
	"fmt"
	"sync"

	"tableside/engine"
	"tableside/tracker"
)

// worthCache keeps the measure series of the games asked about last, by the
// length of their log: a log only grows (undo and redo are records too), so
// a series made from the log up to seq stays right until seq moves. The
// end screen is drawn for every kind of viewer on every change, and a
// finished game's page and its play's page on every visit: each replays the
// log once, not once per screen.
type worthCache struct {
	mu sync.Mutex
	m  map[int64]worthEntry
}

type worthEntry struct {
	seq    int64
	info   tracker.GameInfo
	series tracker.Series // shared: read only
}

// worthCacheSize bounds the games kept; any one is dropped when full.
const worthCacheSize = 32

func (c *worthCache) get(id, seq int64) (worthEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	return e, ok && e.seq == seq
}

func (c *worthCache) put(id int64, e worthEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[int64]worthEntry{}
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= worthCacheSize {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[id] = e
}

// worthSeries measures a game after every command of its log, in one
// replay (or none, when the log has not grown since the last time), for the
// end screen's and the score log's charts. A game whose engine measures
// nothing gives an empty series.
func (s *Server) worthSeries(ctx context.Context, id int64) (tracker.GameInfo, tracker.Series, error) {
	seq, err := s.tracker.LastSeq(ctx, id)
	if err != nil {
		return tracker.GameInfo{}, tracker.Series{}, err
	}
	if e, ok := s.worth.get(id, seq); ok {
		return e.info, e.series, nil
	}
	info, recs, err := s.tracker.Records(ctx, id)
	if err != nil {
		return info, tracker.Series{}, err
	}
	rules, ok := s.tracker.Rules(info.Kind)
	if !ok {
		return info, tracker.Series{}, fmt.Errorf("worth of game %d: no engine for %q", id, info.Kind)
	}
	var series tracker.Series
	if _, ok := rules.(engine.Measurer); ok {
		if series, err = tracker.MeasureSeries(rules, info.Setup, recs); err != nil {
			return info, tracker.Series{}, fmt.Errorf("worth of game %d: %w", id, err)
		}
	}
	if n := len(recs); n > 0 {
		s.worth.put(id, worthEntry{seq: recs[n-1].Seq, info: info, series: series})
	}
	return info, series, nil
}

// endCharts are a finished game's worth charts for the end screen, drawn
// for v; nothing for a game still being played. They are measured outside
// the game's lock (a replay of the log from the database), before the
// screen is drawn under it. A chart that cannot be drawn (an engine that
// panics while measuring) costs the chart, never the end screen: it is
// logged and left out.
func (s *Server) endCharts(ctx context.Context, id int64, v engine.Viewer) ([]worthChart, error) {
	info, err := s.tracker.Info(ctx, id)
	if err != nil || info.Status != "finished" {
		return nil, err
	}
	info, series, err := s.worthSeries(ctx, id)
	if err != nil {
		s.log.Error("end screen chart", "game", id, "err", err)
		return nil, nil
	}
	return worthCharts(info, series, v, -1), nil
}
