package scorepages

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/league"
)

// LeagueLink is the table's link to a league hub (league/table wires it):
// a line for the host about what waits, the pairing, pairing again with a
// new code (a revoked key, another hub) and unpairing.
type LeagueLink interface {
	LeagueLine(ctx context.Context) (line string, paired bool, err error)
	PairLeague(ctx context.Context, hub, code, name string) error
	RepairLeague(ctx context.Context, hub, code, name string) error
	UnpairLeague(ctx context.Context) error
	// The plays the league refused for what they hold, each kept out of
	// the pushes (the others go on) until the host fixes it (an edit sends
	// a new version), sends it again or leaves it out.
	LeagueSetAside(ctx context.Context) ([]league.SetAside, error)
	ResendLeaguePlay(ctx context.Context, key string) error
	DropLeaguePlay(ctx context.Context, key string) error
}

// leagueData is the league page.
type leagueData struct {
	Line   string
	Paired bool
	Aside  []league.SetAside
	Hub    string // what the host typed, kept after a refusal
	Name   string
}

// scoresLeague shows the host what waits for the league and, until the
// table is paired, the form for the hub's pairing code (host only).
func (s *Pages) scoresLeague(c echo.Context) error {
	return s.leaguePage(c, http.StatusOK, "", leagueData{Name: "Our table"})
}

func (s *Pages) leaguePage(c echo.Context, code int, msg string, d leagueData) error {
	if s.league == nil {
		return echo.NewHTTPError(http.StatusNotFound, "This Tableside has no league.")
	}
	line, paired, err := s.league.LeagueLine(c.Request().Context())
	if err != nil {
		return err
	}
	d.Line, d.Paired = line, paired
	if paired {
		if d.Aside, err = s.league.LeagueSetAside(c.Request().Context()); err != nil {
			return err
		}
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, code, "scores_league", page{Title: "League", Error: msg, Data: d})
}

// pairLeague trades the code the hub's admin page shows for the table's key
// (with again=1, a paired table's new key: its old link goes).
func (s *Pages) pairLeague(c echo.Context) error {
	if s.league == nil {
		return echo.NewHTTPError(http.StatusNotFound, "This Tableside has no league.")
	}
	d := leagueData{Hub: c.FormValue("hub"), Name: c.FormValue("name")}
	pair := s.league.PairLeague
	if c.FormValue("again") == "1" {
		pair = s.league.RepairLeague
	}
	err := pair(c.Request().Context(), d.Hub, c.FormValue("code"), d.Name)
	return s.afterLeagueChange(c, err, d)
}

// unpairLeague ends the table's link with its hub (the score log stays; the
// next pairing is sent all of it).
func (s *Pages) unpairLeague(c echo.Context) error {
	if s.league == nil {
		return echo.NewHTTPError(http.StatusNotFound, "This Tableside has no league.")
	}
	return s.afterLeagueChange(c, s.league.UnpairLeague(c.Request().Context()), leagueData{Name: "Our table"})
}

// setAsidePlay sends a set-aside play again (do=resend) or leaves it out
// of the league (do=drop).
func (s *Pages) setAsidePlay(c echo.Context) error {
	if s.league == nil {
		return echo.NewHTTPError(http.StatusNotFound, "This Tableside has no league.")
	}
	act := s.league.DropLeaguePlay
	switch c.FormValue("do") {
	case "drop":
	case "resend":
		act = s.league.ResendLeaguePlay
	default:
		return s.leaguePage(c, http.StatusUnprocessableEntity, "Choose to send the play again or to leave it out of the league.", leagueData{Name: "Our table"})
	}
	return s.afterLeagueChange(c, act(c.Request().Context(), c.Param("key")), leagueData{Name: "Our table"})
}

// afterLeagueChange shows a refusal on the league page, or goes back to it.
func (s *Pages) afterLeagueChange(c echo.Context, err error, d leagueData) error {
	var r *engine.RuleError
	if errors.As(err, &r) {
		return s.leaguePage(c, http.StatusUnprocessableEntity, r.Message, d)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/scores/league")
}
