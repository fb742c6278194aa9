package web

import (
	"crypto/subtle"
	"net"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/engine"
)

// hostCookie holds the host token on a second host screen (another laptop or
// a tablet the host trusts). The laptop itself needs none: loopback is host.
const hostCookie = "tableside_host"

// isHost reports whether the request comes from the host: the laptop itself
// (a loopback peer; the socket's address, never a forwarded header) or a
// browser holding the host token.
func (s *Server) isHost(c echo.Context) bool {
	host, _, err := net.SplitHostPort(c.Request().RemoteAddr)
	if err == nil {
		if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
			return true
		}
	}
	ck, err := c.Cookie(hostCookie)
	return err == nil && s.hostToken != "" && subtle.ConstantTimeCompare([]byte(ck.Value), []byte(s.hostToken)) == 1
}

// hostOnly refuses table administration to anyone but the host.
func (s *Server) hostOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !s.isHost(c) {
			return echo.NewHTTPError(http.StatusForbidden, "Only the host's laptop can do that.")
		}
		return next(c)
	}
}

// viewer says who is looking at a game: the host, a seated player, or the public.
func (s *Server) viewer(c echo.Context, gameID int64) engine.Viewer {
	if s.isHost(c) && c.QueryParam("as") != "public" {
		return engine.Viewer{Seat: engine.Host}
	}
	if seat, ok := s.seatOf(c, gameID); ok {
		return engine.Viewer{Seat: seat}
	}
	return engine.Viewer{Seat: engine.Public}
}

// seatOf finds the seat a phone holds in a game. Seats are given by joining
// (phones); until a phone has joined it is a spectator.
func (s *Server) seatOf(c echo.Context, gameID int64) (int, bool) {
	if s.seats == nil {
		return 0, false
	}
	return s.seats.SeatOf(c, gameID)
}

// SeatResolver maps a request to the seat it holds in a game.
type SeatResolver interface {
	SeatOf(c echo.Context, gameID int64) (int, bool)
}
