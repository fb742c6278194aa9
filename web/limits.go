package web

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
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
func (s *Server) limiters(l Limits) (join, command, odds, replay echo.MiddlewareFunc) {
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
	odds = middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper:             s.isHost,
		Store:               store(l.OddsPerSecond, l.OddsBurst),
		IdentifierExtractor: func(c echo.Context) (string, error) { return peerIP(c.Request()), nil },
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			return echo.NewHTTPError(http.StatusTooManyRequests, "Too many odds questions from this address: wait a moment and ask again.")
		},
	})
	// A timeline page or a game's record replays the game's log: each
	// costs milliseconds, so a phone that asks for hundreds at once is told
	// to wait, as for odds (the same rates, its own budget).
	replay = middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper:             s.isHost,
		Store:               store(l.OddsPerSecond, l.OddsBurst),
		IdentifierExtractor: func(c echo.Context) (string, error) { return peerIP(c.Request()), nil },
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			return echo.NewHTTPError(http.StatusTooManyRequests, "Too many steps through the game's log from this address: wait a moment and try again.")
		},
	})
	return join, command, odds, replay
}

// peerIP is the socket's address: forwarded headers are not trusted.
func peerIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// positive is d, or 0 (no timeout) when d is negative.
func positive(d time.Duration) time.Duration { return max(d, 0) }

// perAddr counts something open per address (live streams, connections)
// against a cap.
type perAddr struct {
	max  int // 0 or less: no cap
	mu   sync.Mutex
	open map[string]int
}

func newPerAddr(max int) *perAddr { return &perAddr{max: max, open: map[string]int{}} }

// acquire counts one more for addr, unless addr is at the cap.
func (p *perAddr) acquire(addr string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.max > 0 && p.open[addr] >= p.max {
		return false
	}
	p.open[addr]++
	return true
}

func (p *perAddr) release(addr string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.open[addr]--; p.open[addr] <= 0 {
		delete(p.open, addr)
	}
}

// limitListener caps the connections open from one address (perAddr) and
// from all peers together (total, of which the host keeps a reserve): one
// more is closed as soon as it is accepted, before anything is read from
// it, so peers holding sockets open cannot use up the laptop's file limit.
// A connection from the laptop's own address may enter the host's reserve;
// its requests are then answered only for the host (reservedForHost).
func limitListener(ln net.Listener, perAddr, total int, log *slog.Logger) net.Listener {
	return &addrLimitListener{Listener: ln, conns: newPerAddr(perAddr), total: newPool(total), log: log}
}

// LimitListener is the same cap for another server (the league hub):
// perAddr connections from one address, total from all peers.
func LimitListener(ln net.Listener, perAddr, total int, log *slog.Logger) net.Listener {
	return limitListener(ln, perAddr, total, log)
}

type addrLimitListener struct {
	net.Listener
	conns   *perAddr
	total   *pool
	log     *slog.Logger
	refused atomic.Int64
}

func (l *addrLimitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := connIP(c)
		if !l.conns.acquire(addr) {
			l.refuse(c, "too many connections from one address: closing new ones", addr, l.conns.max)
			continue
		}
		reserved := false
		if !l.total.acquire(false) {
			if reserved = laptopAddr(addr) && l.total.acquire(true); !reserved {
				l.conns.release(addr)
				l.refuse(c, "too many connections to the table: closing new ones", addr, l.total.max)
				continue
			}
		}
		return &countedConn{Conn: c, reserved: reserved, release: func() { l.conns.release(addr); l.total.release() }}, nil
	}
}

// refuse closes c unanswered, logging one line per 100 refused so an
// attack cannot flood the log.
func (l *addrLimitListener) refuse(c net.Conn, msg, addr string, limit int) {
	c.Close()
	if n := l.refused.Add(1); n%100 == 1 {
		l.log.Warn(msg, "peer", addr, "cap", limit, "refused", n)
	}
}

func connIP(c net.Conn) string {
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		return c.RemoteAddr().String()
	}
	return host
}

// countedConn gives its place back once, when closed.
type countedConn struct {
	net.Conn
	reserved bool // in the host's reserve: answered for the host only
	once     sync.Once
	release  func()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
