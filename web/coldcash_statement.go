package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/tracker"
)

// statementPage is a Cold Cash Risk player's full statement.
type statementPage struct {
	Info      tracker.GameInfo
	Statement coldcash.Statement
	Seq       int64
}

// coldcashStatement shows one player's full statement: to the host, or to
// that player's own phone. The engine decides who may read it.
func (s *Server) coldcashStatement(c echo.Context, id int64) error {
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil {
		return badRequest("The player is a seat number, not %q.", c.Param("seat"))
	}
	v := s.viewer(c, id)
	var p statementPage
	err = s.tracker.SnapshotFor(c.Request().Context(), id, v, 0, func(f tracker.Frame) error {
		info, st, seq := f.Info, f.State, f.Seq
		if info.Kind != (coldcash.Rules{}).Kind() {
			return echo.NewHTTPError(http.StatusNotFound, "Statements belong to Cold Cash Risk games.")
		}
		stmt, err := coldcash.Rules{}.Statement(st, v, seat)
		if err != nil {
			return err
		}
		p = statementPage{Info: info, Statement: stmt, Seq: seq}
		return nil
	})
	if err != nil {
		if engine.IsRefusal(err) { // another player's statement: not yours to read
			return echo.NewHTTPError(http.StatusForbidden, err.Error())
		}
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, http.StatusOK, "coldcash_statement", page{Title: p.Statement.Name + "'s statement", Data: p})
}
