package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/engine"
)

// lockTable closes joining (host only) once every seat has its phone or
// plays on the laptop: the
// game's join code opens no seat, so nobody can take a seat that is freed
// later without the host (who can still hand a seat over). Watching is
// still open to anyone.
func (s *Server) lockTable(c echo.Context) error {
	info, err := s.gameInfo(c)
	if err != nil {
		return err
	}
	open, err := s.seats.FreeSeats(c.Request().Context(), info.ID, len(info.Setup.Seats))
	if err != nil {
		return err
	}
	var free []string
	for _, seat := range open {
		free = append(free, info.Setup.Seats[seat].Name)
	}
	if len(free) > 0 {
		verb := "have"
		if len(free) == 1 {
			verb = "has"
		}
		return engine.Refuse("lock-table", "%s still %s no phone: lock the table once every seat is taken.", engine.JoinNames(free), verb)
	}
	return s.setLocked(c, info.ID, true)
}

// unlockTable opens joining again with the game's join code (host only).
func (s *Server) unlockTable(c echo.Context) error {
	info, err := s.gameInfo(c)
	if err != nil {
		return err
	}
	return s.setLocked(c, info.ID, false)
}

func (s *Server) setLocked(c echo.Context, id int64, locked bool) error {
	if err := s.seats.SetLocked(c.Request().Context(), id, locked); err != nil {
		return err
	}
	s.hub.phonesChanged(id)
	s.log.Info("table lock", "game", id, "locked", locked)
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]bool{"locked": locked})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}
