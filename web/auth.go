package web

import (
	"crypto/subtle"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/seating"
)

// Cookies. All are HttpOnly (no script reads them) and SameSite=Lax (another
// site cannot post with them).
const (
	// hostCookie holds the host token on a second host screen (another laptop
	// or a tablet the host trusts). The laptop itself needs none: loopback is host.
	hostCookie = "tableside_host"
	// seatCookiePrefix + game id holds a phone's seat token for that game.
	seatCookiePrefix = "tableside_seat_"
	// joinCookie holds a game's join code between scanning the QR and tapping
	// a seat, so the code leaves the URL (and the logs) at once.
	joinCookie = "tableside_join"
)

// seatCookieAge keeps a seat through a whole evening and the next one:
// closing the browser or the phone sleeping does not lose it.
const seatCookieAge = 30 * 24 * time.Hour

// isHost reports whether the request comes from the host: the laptop itself
// (a loopback peer; the socket's address, never a forwarded header) unless
// the server was told otherwise, or a browser holding the host token.
func (s *Server) isHost(c echo.Context) bool {
	if !s.cfg.NoLoopbackHost && isLoopback(c.Request()) {
		return true
	}
	return s.hostByToken(c)
}

// hostByToken reports whether the request carries the current host token.
func (s *Server) hostByToken(c echo.Context) bool {
	ck, err := c.Cookie(hostCookie)
	tok := s.HostToken()
	return err == nil && tok != "" && subtle.ConstantTimeCompare([]byte(ck.Value), []byte(tok)) == 1
}

func isLoopback(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
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
// ?as=public shows anyone the public view (the TV window on the laptop).
func (s *Server) viewer(c echo.Context, gameID int64) engine.Viewer {
	if c.QueryParam("as") == "public" {
		return engine.Viewer{Seat: engine.Public}
	}
	if s.isHost(c) {
		return engine.Viewer{Seat: engine.Host}
	}
	if h, ok := s.seatOf(c, gameID); ok {
		return engine.Viewer{Seat: h.Seat}
	}
	return engine.Viewer{Seat: engine.Public}
}

// seatOf finds the seat a phone holds in a game, from its seat cookie.
func (s *Server) seatOf(c echo.Context, gameID int64) (seating.Holder, bool) {
	ck, err := c.Cookie(seatCookieName(gameID))
	if err != nil {
		return seating.Holder{}, false
	}
	h, ok, err := s.seats.Lookup(c.Request().Context(), ck.Value)
	if err != nil {
		s.log.Error("look up seat", "game", gameID, "err", err)
		return seating.Holder{}, false
	}
	if !ok || h.Game != gameID {
		return seating.Holder{}, false
	}
	return h, true
}

func seatCookieName(gameID int64) string { return seatCookiePrefix + strconv.FormatInt(gameID, 10) }

// setCookie writes a cookie the way every Tableside cookie is written.
func setCookie(c echo.Context, name, value, path string, age time.Duration) {
	c.SetCookie(&http.Cookie{Name: name, Value: value, Path: path, MaxAge: int(age.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

func constantEqual(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }
