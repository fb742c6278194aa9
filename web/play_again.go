package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/tracker"
)

// playAgain starts a new game of the same kind with the same players and
// settings as a finished one, and opens its host screen. The old game's
// live screens are told where it is: each phone that held a seat may take
// the same seat in the new game in one tap (follow), others join by its QR
// code or room code.
func (s *Server) playAgain(c echo.Context, id int64) error {
	ctx := c.Request().Context()
	old, err := s.tracker.Info(ctx, id)
	if err != nil {
		return err
	}
	if old.Status != tracker.StatusFinished {
		return echo.NewHTTPError(http.StatusConflict, "This game is still being played: finish it before starting the next one.")
	}
	info, err := s.tracker.Create(ctx, old.Kind, old.Name, old.Setup)
	if err != nil {
		return err
	}
	// The old game's phones may follow into the same seats (see follow);
	// a table that cannot be linked still has the new game's QR code.
	if err := s.seats.SetNext(ctx, id, info.ID); err != nil {
		s.log.Warn("link the next game", "game", id, "next", info.ID, "err", err)
	} else {
		s.hub.nextGame(id)
	}
	if wantsJSON(c) {
		return c.JSON(http.StatusCreated, info)
	}
	return c.Redirect(http.StatusSeeOther, gamePath(info.ID))
}
