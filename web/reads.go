package web

import (
	"context"

	"tableside/engine"
	"tableside/readmodel"
	"tableside/tracker"
)

// What the screens read from a game's whole log comes from one reader
// (readmodel): one read and one replay per change of the log, whatever
// screens ask. These names are the screens' words for its parts.
type (
	luckView     = readmodel.Luck
	luckRow      = readmodel.LuckRow
	eveningFair  = readmodel.EveningFair
	clockView    = readmodel.ClockView
	standingItem = readmodel.StandingItem
	worthChart   = readmodel.WorthChart
)

var (
	newClockView = readmodel.NewClockView
	standingFor  = readmodel.StandingFor
)

func (s *Server) finishedLuck(ctx context.Context, info tracker.GameInfo) *luckView {
	return s.reads.FinishedLuck(ctx, info)
}

func (s *Server) playLuck(ctx context.Context, gameID int64) *luckView {
	return s.reads.PlayLuck(ctx, gameID)
}

// gameClock is the turn clock now and the seq of the last record it counts.
func (s *Server) gameClock(ctx context.Context, info tracker.GameInfo) (*readmodel.TurnClock, int64) {
	return s.reads.Clock(ctx, info)
}

// endCharts are a finished game's worth charts for the end screen, drawn
// for v; nothing for a game still being played. They are measured outside
// the game's lock (the reader's replay of the log), before the screen is
// drawn under it. A chart that cannot be drawn (an engine that panics
// while measuring) costs the chart, never the end screen: it is logged and
// left out.
func (s *Server) endCharts(ctx context.Context, info tracker.GameInfo, v engine.Viewer) []worthChart {
	if info.Status != tracker.StatusFinished {
		return nil
	}
	id := info.ID
	info, series, err := s.reads.Series(ctx, id)
	if err != nil {
		s.log.Error("end screen chart", "game", id, "err", err)
		return nil
	}
	return worthCharts(info, series, v, -1)
}

// Reader is the one reader of games' whole logs the screens share (tests
// hold the end screen to one read and one replay of the log with its
// counts).
func (s *Server) Reader() *readmodel.Reader { return s.reads }

// worthCharts draws a game's measures for v in the table's colours.
func worthCharts(info tracker.GameInfo, series readmodel.Series, v engine.Viewer, at int) []worthChart {
	return readmodel.Charts(info, series, v, at)
}
