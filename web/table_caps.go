package web

import (
	"context"
	"net"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"
)

// Caps across all peers. Every open connection and live screen holds one of
// the process's open files; once they run out, the laptop can open neither
// its database nor the host's next connection. So the table as a whole
// gets caps sized from the file limit, below it, and part of each cap is
// kept for the host: phones together may use the rest.
const (
	filesKept       = 64   // the database and its journal, logs, exports, the listener...
	defaultFiles    = 1024 // the usual limit, when it cannot be read
	maxSizedConns   = 8192 // past this, a laptop's CPU runs out long before its files
	minHostReserved = 8
)

// tableCaps sizes the caps across all peers from the open-file limit:
// connections take what is left after filesKept, live screens half of
// that; the host keeps a sixteenth of each (at least minHostReserved).
func tableCaps(files uint64) (conns, streams int) {
	if files == 0 {
		files = defaultFiles
	}
	conns = int(min(max(files, 2*filesKept)-filesKept, maxSizedConns))
	return conns, conns / 2
}

// hostReserve is the part of a cap kept for the host.
func hostReserve(limit int) int { return max(minHostReserved, limit/16) }

// pool counts something open across all peers (connections, live
// screens) against a cap, part of which only the host may use.
type pool struct {
	max, reserved int // max 0 or less: no cap
	mu            sync.Mutex
	open          int
}

func newPool(max int) *pool {
	if max <= 0 {
		return &pool{}
	}
	return &pool{max: max, reserved: min(hostReserve(max), max/2)}
}

// acquire counts one more, unless the cap (or, for anyone but the host,
// the cap less the host's reserve) is reached.
func (p *pool) acquire(host bool) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.max > 0 && (p.open >= p.max || (!host && p.open >= p.max-p.reserved)) {
		return false
	}
	p.open++
	return true
}

func (p *pool) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.open--
}

// laptopAddr is true for the laptop's own loopback address, where the
// host's browser (or a proxy on the laptop) connects from: only it may open
// a connection in the host's reserve, before anyone knows who is asking.
func laptopAddr(ip string) bool { return ip == "127.0.0.1" || ip == "::1" }

// reservedKey marks a request that came on a connection in the host's reserve.
type reservedKey struct{}

// connContext marks the requests of a reserved connection (http.Server.ConnContext).
func connContext(ctx context.Context, c net.Conn) context.Context {
	if cc, ok := c.(*countedConn); ok && cc.reserved {
		return context.WithValue(ctx, reservedKey{}, true)
	}
	return ctx
}

// reservedForHost answers anyone but the host who arrives on a connection
// in the host's reserve with 503, and closes it: that room is the host's.
func (s *Server) reservedForHost(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Context().Value(reservedKey{}) == nil || s.isHost(c) {
			return next(c)
		}
		c.Response().Header().Set("Connection", "close")
		return echo.NewHTTPError(http.StatusServiceUnavailable, "The table is full: too many screens are connected right now. Try again in a minute.")
	}
}
