package web

import "github.com/labstack/echo/v4"

// printJoinURL is the address a game's join poster opens: the game's join
// link with its code, on the address phones reach (see baseURL). The poster
// route is host-only, since the code opens the game's free seats.
func (s *Server) printJoinURL(c echo.Context, id int64) (string, error) {
	code, err := s.seats.GameCode(c.Request().Context(), id)
	if err != nil {
		return "", err
	}
	return s.joinURL(c, id, code), nil
}
