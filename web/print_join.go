package web

import (
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"
)

// printBaseURL is where phones reach this server, for the poster's default
// address: --public-url when given, else the first LAN address, else the
// address this request came to.
func (s *Server) printBaseURL(c echo.Context) string {
	if s.cfg.PublicURL != "" {
		return strings.TrimRight(s.cfg.PublicURL, "/")
	}
	if len(s.lanURLs) > 0 {
		return s.lanURLs[0]
	}
	return c.Scheme() + "://" + c.Request().Host
}

// printJoinURL is the address a game's poster opens. When the phones work
// (join codes) is merged, this should return that game's join URL with its
// code; until then it opens the game's page.
func (s *Server) printJoinURL(c echo.Context, id int64) (string, error) {
	return fmt.Sprintf("%s/games/%d", s.printBaseURL(c), id), nil
}
