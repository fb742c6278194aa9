package web

import (
	"context"
	"strings"

	"tableside/draw"
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

func (s *Server) gameClock(ctx context.Context, info tracker.GameInfo) *tracker.TurnClock {
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

// SeatColours is each seat's line colour in a game's charts (the chart
// palette; RISK's army colours), for a record printed outside the server.
func SeatColours(kind string, seats []engine.Seat) []string { return seatColours(kind, seats) }

// worthCharts draws a game's measures for v in the table's colours.
func worthCharts(info tracker.GameInfo, series tracker.Series, v engine.Viewer, at int) []worthChart {
	return readmodel.Charts(seatColours, info, series, v, at)
}

// seatColours picks each seat's line colour: the chart palette, told apart
// for colour-blind eyes too; RISK games use their map colours instead, so a
// player is one colour everywhere.
func seatColours(kind string, seats []engine.Seat) []string {
	conquestDefaults := []string{"red", "blue", "green", "yellow", "black", "pink"}
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = draw.Palette[i%len(draw.Palette)]
		switch {
		case kind == "risk" || kind == "pctw":
			c := s.Colour
			if c == "" {
				c = conquestDefaults[i%len(conquestDefaults)]
			}
			if hex, ok := draw.OwnerColours[c]; ok {
				out[i] = hex
			}
		case strings.HasPrefix(s.Colour, "#") && len(s.Colour) == 7:
			out[i] = s.Colour
		}
	}
	return out
}
