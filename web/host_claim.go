package web

import (
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/seating"
)

// hostClaimAge is how long a host link printed at start stays valid: long
// enough to click it in the terminal, short enough that a copy found later
// (a scrolled-back terminal, a shell history) is worth nothing.
const hostClaimAge = 10 * time.Minute

// hostClaims are the one-time host links (--host-token-only): each code makes
// one browser a host screen, once, before it expires. They live in memory
// only: a restart prints a new one.
type hostClaims struct {
	mu    sync.Mutex
	codes map[string]time.Time // code -> expiry
}

// NewHostClaim makes a one-time code for /host/claim?k=CODE, valid for ttl
// (hostClaimAge when 0). The wiring prints it as the laptop's host link.
func (s *Server) NewHostClaim(ttl time.Duration) string {
	if ttl <= 0 {
		ttl = hostClaimAge
	}
	code := seating.NewSecret(16)
	s.claims.mu.Lock()
	defer s.claims.mu.Unlock()
	if s.claims.codes == nil {
		s.claims.codes = map[string]time.Time{}
	}
	now := time.Now()
	for c, exp := range s.claims.codes {
		if now.After(exp) {
			delete(s.claims.codes, c)
		}
	}
	s.claims.codes[code] = now.Add(ttl)
	return code
}

// useClaim spends a code: true only the first time, and only before it expires.
func (s *Server) useClaim(code string) bool {
	s.claims.mu.Lock()
	defer s.claims.mu.Unlock()
	exp, ok := s.claims.codes[code]
	if !ok {
		return false
	}
	delete(s.claims.codes, code)
	return time.Now().Before(exp)
}

// hostClaim makes the browser that opens a one-time host link the host: it
// gets the host token as a cookie and goes to the home page, so the code
// leaves the address bar and the history at once.
func (s *Server) hostClaim(c echo.Context) error {
	k := c.QueryParam("k")
	tok := s.HostToken()
	if k == "" || tok == "" || !s.useClaim(k) {
		return echo.NewHTTPError(http.StatusForbidden, "This host link was already used or has expired: each one works once, for 10 minutes. Restart Tableside for a new one, or add this screen from the host page (/host) of a host screen.")
	}
	setCookie(c, hostCookie, tok, "/", 365*24*time.Hour)
	c.Response().Header().Set("Cache-Control", "no-store")
	s.log.Info("host screen claimed")
	return c.Redirect(http.StatusSeeOther, "/")
}
