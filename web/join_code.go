package web

import (
	"fmt"
	"net/http"
	"sync/atomic"

	"github.com/labstack/echo/v4"
)

// newJoinCode replaces a game's join code (host only): the old QR, link and
// code are refused from now on (a kicked phone or a photo of the poster
// cannot claim a free seat); phones already seated keep their seats.
func (s *Server) newJoinCode(c echo.Context) error {
	info, err := s.gameInfo(c)
	if err != nil {
		return err
	}
	code, err := s.seats.NewGameCode(c.Request().Context(), info.ID)
	if err != nil {
		return err
	}
	n, _ := s.codeTags.LoadOrStore(info.ID, new(atomic.Int64))
	n.(*atomic.Int64).Add(1)
	s.hub.phonesChanged(info.ID) // host screens draw the new QR
	s.log.Info("new join code", "game", info.ID)
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]string{"join": s.joinURL(c, info.ID, code)})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", info.ID))
}

// joinCodeTag counts the game's new join codes since start: the QR's
// address carries it, so a host screen whose panel is redrawn live loads the
// new image instead of showing the one it has. It says nothing of the code.
func (s *Server) joinCodeTag(id int64) int {
	if n, ok := s.codeTags.Load(id); ok {
		return int(n.(*atomic.Int64).Load())
	}
	return 0
}
