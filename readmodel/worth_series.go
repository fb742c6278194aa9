package web

import (
	"context"
	"fmt"

	"tableside/engine"
	"tableside/tracker"
)

// worthEntry is a game's measure series with the description it was made
// for, as the worth cache keeps it.
type worthEntry struct {
	info   tracker.GameInfo
	series tracker.Series // shared: read only
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
		s.worth.put(id, recs[n-1].Seq, worthEntry{info: info, series: series})
	}
	return info, series, nil
}

// endCharts are a finished game's worth charts for the end screen, drawn
// for v; nothing for a game still being played. They are measured outside
// the game's lock (a replay of the log from the database), before the
// screen is drawn under it. A chart that cannot be drawn (an engine that
// panics while measuring) costs the chart, never the end screen: it is
// logged and left out.
func (s *Server) endCharts(ctx context.Context, info tracker.GameInfo, v engine.Viewer) []worthChart {
	if info.Status != "finished" {
		return nil
	}
	id := info.ID
	info, series, err := s.worthSeries(ctx, id)
	if err != nil {
		s.log.Error("end screen chart", "game", id, "err", err)
		return nil
	}
	return worthCharts(info, series, v, -1)
}
