package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"

	"tableside/seating"
	"tableside/web/scorepages"
)

// Who may write to the score log. Reading it is open to the table; logging a
// play needs the host or a phone seated in a game on this server, so someone
// on the Wi-Fi who never joined a game cannot fill the log with made-up
// plays and people. The host corrects, deletes, merges and imports
// (hostOnly).

// maxSeatCookies bounds how many seat cookies one request may make the
// server look up: a phone at one table holds a handful.
const maxSeatCookies = 16

// anySeat finds a seat the request's phone holds in any game on this server,
// from its seat cookies. A made-up cookie resolves to nothing.
func (s *Server) anySeat(c echo.Context) (seating.Holder, bool) {
	tried := 0
	for _, ck := range c.Cookies() {
		rest, ok := strings.CutPrefix(ck.Name, seatCookiePrefix)
		if !ok {
			continue
		}
		if tried++; tried > maxSeatCookies {
			break
		}
		id, err := strconv.ParseInt(rest, 10, 64)
		if err != nil {
			continue
		}
		if h, ok := s.seatOf(c, id); ok {
			return h, true
		}
	}
	return seating.Holder{}, false
}

// seatedOrHost refuses a score-log write from anyone but the host or a
// phone holding a seat at this table.
func (s *Server) seatedOrHost(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !s.mayLogPlays(c) {
			return echo.NewHTTPError(http.StatusForbidden, scorepages.NotSeated)
		}
		return next(c)
	}
}

// mayLogPlays reports whether the request may log a play.
func (s *Server) mayLogPlays(c echo.Context) bool {
	if s.isHost(c) {
		return true
	}
	_, ok := s.anySeat(c)
	return ok
}

// playLimiter bounds how fast one seated phone logs plays, so a phone that
// holds a seat still cannot fill the log. The host is not limited; the
// limit is per seat (a seat is what a phone proved it holds).
func (s *Server) playLimiter() echo.MiddlewareFunc {
	l := s.limits
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper: s.isHost,
		Store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate: rate.Limit(l.PlayPerSecond), Burst: l.PlayBurst, ExpiresIn: 10 * time.Minute}),
		IdentifierExtractor: func(c echo.Context) (string, error) {
			if h, ok := s.anySeat(c); ok {
				return fmt.Sprintf("seat:%d:%d", h.Game, h.Seat), nil
			}
			return "ip:" + peerIP(c.Request()), nil
		},
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			return echo.NewHTTPError(http.StatusTooManyRequests, "That is a lot of plays at once from this phone: wait a minute and log the next one.")
		},
	})
}
