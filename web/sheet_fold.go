package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// sheetFold answers GET /games/N/moves?step=S&fold=F: the moves of one
// fold of the viewer's move sheet, rendered as the sheet draws them. A live
// frame carries each fold as its summary alone (the rare moves, most of a
// host's sheet, would otherwise go to every screen after every command);
// sheet.js fetches a fold's moves when the player opens it. The viewer is
// found exactly as for the page and its live stream, and the fold is looked
// up in that viewer's own sheet: a phone gets only moves its own sheet
// holds, and a fold it does not have is not found, whoever's it is.
func (s *Server) sheetFold(c echo.Context, id int64) error {
	step, name := c.QueryParam("step"), c.QueryParam("fold")
	var html string
	err := s.withGamePage(c.Request().Context(), id, s.viewer(c, id), func(p *gamePage) error {
		f := p.SheetNow.foldOf(step, name)
		if f == nil {
			return echo.NewHTTPError(http.StatusNotFound, "Your move sheet has no such fold now: the game has moved on.")
		}
		var err error
		html, err = s.views.fragment("game", "sheet-fold", f)
		return err
	})
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store") // one viewer's moves: never cached
	return c.HTML(http.StatusOK, compactHTML(html))
}
