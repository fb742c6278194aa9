package web

import (
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"
)

// Body limits: a command or a join is a few hundred bytes; anything near
// these sizes is a mistake or an attack and is refused before it is read.
const (
	commandBodyLimit = "64K"
	joinBodyLimit    = "4K"
)

// limiters builds the rate limits on joining (per address) and on commands
// (per seat token, else per address). The host is never limited.
func (s *Server) limiters(l Limits) (join, command echo.MiddlewareFunc) {
	deny := func(c echo.Context, _ string, _ error) error {
		return echo.NewHTTPError(http.StatusTooManyRequests, "Too many requests from this phone: wait a moment and try again.")
	}
	store := func(r float64, burst int) middleware.RateLimiterStore {
		return middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate: rate.Limit(r), Burst: burst, ExpiresIn: 10 * time.Minute})
	}
	join = middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper:             s.isHost,
		Store:               store(l.JoinPerSecond, l.JoinBurst),
		IdentifierExtractor: func(c echo.Context) (string, error) { return peerIP(c.Request()), nil },
		DenyHandler:         deny,
	})
	command = middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper: s.isHost,
		Store:   store(l.CommandPerSecond, l.CommandBurst),
		IdentifierExtractor: func(c echo.Context) (string, error) {
			// One limit per seat, so a table of phones behind one hotspot
			// address do not share a budget.
			// A made-up cookie does not resolve, so it cannot buy a fresh budget.
			if id, err := gameID(c); err == nil {
				if h, ok := s.seatOf(c, id); ok {
					return fmt.Sprintf("seat:%d:%d", h.Game, h.Seat), nil
				}
			}
			return "ip:" + peerIP(c.Request()), nil
		},
		DenyHandler: deny,
	})
	return join, command
}

// peerIP is the socket's address: forwarded headers are not trusted.
func peerIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
