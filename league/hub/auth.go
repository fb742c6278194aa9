package hub

import (
	"crypto/subtle"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// adminCookie holds the admin token on the admin's browser.
const adminCookie = "league_admin"

// isAdmin reports whether the request carries the admin token.
func (h *Hub) isAdmin(c echo.Context) bool {
	ck, err := c.Cookie(adminCookie)
	return err == nil && h.cfg.AdminToken != "" && subtle.ConstantTimeCompare([]byte(ck.Value), []byte(h.cfg.AdminToken)) == 1
}

// adminOnly refuses the admin pages to anyone without the token.
func (h *Hub) adminOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !h.isAdmin(c) {
			return echo.NewHTTPError(http.StatusForbidden, "Only the league's admin can do that: open the admin link `tableside hub` printed when it started.")
		}
		return next(c)
	}
}

// claim moves the admin token from the link `tableside hub` prints into a
// cookie and leaves the address bar at once, like the table's host link.
func (h *Hub) claim(c echo.Context) error {
	tok := c.QueryParam("token")
	if h.cfg.AdminToken == "" || subtle.ConstantTimeCompare([]byte(tok), []byte(h.cfg.AdminToken)) != 1 {
		return echo.NewHTTPError(http.StatusForbidden, "That admin link is not this hub's.")
	}
	c.SetCookie(&http.Cookie{Name: adminCookie, Value: tok, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: h.overHTTPS(c), Expires: h.cfg.Now().Add(365 * 24 * time.Hour)})
	return c.Redirect(http.StatusSeeOther, "/admin")
}

// overHTTPS reports whether the admin's browser reached the hub over HTTPS:
// served with TLS, named https in --public-url, or behind a proxy that says
// so (a false claim only makes the cookie stricter). The cookie then never
// travels over plain HTTP.
func (h *Hub) overHTTPS(c echo.Context) bool {
	return c.Request().TLS != nil || strings.HasPrefix(h.cfg.PublicURL, "https://") || c.Scheme() == "https"
}
