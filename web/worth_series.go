package web

import (
	"context"
	"fmt"

	"tableside/engine"
	"tableside/tracker"
)

// worthSeries measures a game after every command of its log, in one
// replay, for the end screen's and the score log's charts. A game whose
// engine measures nothing gives an empty series.
func (s *Server) worthSeries(ctx context.Context, id int64) (tracker.GameInfo, tracker.Series, error) {
	info, recs, err := s.tracker.Records(ctx, id)
	if err != nil {
		return info, tracker.Series{}, err
	}
	rules, ok := s.tracker.Rules(info.Kind)
	if !ok {
		return info, tracker.Series{}, fmt.Errorf("worth of game %d: no engine for %q", id, info.Kind)
	}
	if _, ok := rules.(engine.Measurer); !ok {
		return info, tracker.Series{}, nil
	}
	series, err := tracker.MeasureSeries(rules, info.Setup, recs)
	if err != nil {
		return info, tracker.Series{}, fmt.Errorf("worth of game %d: %w", id, err)
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
