package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/printables"
	"tableside/tracker"
)

// printGameRecord answers a finished game's one-page record as a PDF:
// standings, the measure over the game, its moments and luck. Everything
// on it is public, as on the winner screen.
func (s *Server) printGameRecord(c echo.Context) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	o, err := printOptions(c)
	if err != nil {
		return err
	}
	rec, err := s.gameRecord(c.Request().Context(), id)
	if err != nil {
		return err
	}
	rec.Chart = s.recordChart(c.Request().Context(), id)
	var b bytes.Buffer
	if err := printables.WriteRecord(&b, rec, o); err != nil {
		return badRequest("%s.", err)
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fmt.Sprintf("game-%d-record-%s.pdf", id, o.Paper.Name)))
	return c.Blob(http.StatusOK, "application/pdf", b.Bytes())
}

// gameRecord gathers a finished game's record from its engine.
func (s *Server) gameRecord(ctx context.Context, id int64) (printables.Record, error) {
	var rec printables.Record
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return rec, err
	}
	luck := s.finishedLuck(ctx, info) // read before the game's lock is taken
	err = s.tracker.Snapshot(ctx, id, func(info tracker.GameInfo, st engine.State, _ int64, _ tracker.Reverts) error {
		rules, ok := s.tracker.Rules(info.Kind)
		if !ok {
			return fmt.Errorf("game %d: no engine for %q", id, info.Kind)
		}
		f, ok := rules.(engine.Finisher)
		var res engine.Result
		var over bool
		if ok {
			res, over = f.Result(st)
		}
		if !over {
			return echo.NewHTTPError(http.StatusConflict, "The record prints once the game is over.")
		}
		rec = printables.Record{Game: rules.Title(), Title: info.Name, When: playedWhen(info)}
		for _, r := range standings(info, res).Rows {
			rec.Standings = append(rec.Standings, printables.RecordRow{Rank: r.Rank, Name: r.Name, Winner: r.Winner,
				Score: engine.Thousands(r.Points), Breakdown: breakdownWords(r.Breakdown)})
		}
		if h, ok := rules.(engine.Highlighter); ok {
			rec.Highlights = h.Highlights(st)
		}
		var moments []string
		rec.Luck, moments = luck.record()
		rec.Highlights = append(rec.Highlights, moments...)
		return nil
	})
	return rec, err
}

// playedWhen says when a game was played: "20 November 2026, 20:05 to 23:10".
func playedWhen(info tracker.GameInfo) string {
	start := info.Created.Local()
	out := start.Format("2 January 2006, 15:04")
	if info.Finished != nil {
		end := info.Finished.Local()
		if end.YearDay() == start.YearDay() && end.Year() == start.Year() {
			out += " to " + end.Format("15:04")
		} else {
			out += " to " + end.Format("2 January 2006, 15:04")
		}
	}
	return out
}

// breakdownWords says a score's parts: "bonuses 6,000 + cash 30,000".
func breakdownWords(parts []breakdownPart) string {
	var out []string
	for _, p := range parts {
		out = append(out, p.Label+" "+engine.Thousands(p.Amount))
	}
	return strings.Join(out, " + ")
}
