package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v4"
)

// hostPage adds a second host screen. On the host it shows a QR code holding
// the host token; the device that scans it gets the token as a cookie and is
// redirected away from the address that held it.
func (s *Server) hostPage(c echo.Context) error {
	if k := c.QueryParam("k"); k != "" {
		tok := s.HostToken()
		if tok == "" || !constantEqual(k, tok) {
			return echo.NewHTTPError(http.StatusForbidden, "This host link is not valid: scan the code on the laptop's host page again.")
		}
		setCookie(c, hostCookie, k, "/", 365*24*time.Hour)
		return c.Redirect(http.StatusSeeOther, "/")
	}
	if !s.isHost(c) {
		return echo.NewHTTPError(http.StatusForbidden, "Only the host's laptop can do that.")
	}
	tok := s.HostToken()
	if tok == "" {
		return errors.New("no host token: the database could not store one")
	}
	qr, err := s.qrs.dataURL(s.baseURL(c) + "/host?k=" + url.QueryEscape(tok))
	if err != nil {
		return fmt.Errorf("draw host QR: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, http.StatusOK, "host", page{Title: "Second host screen",
		Data: map[string]any{"QR": qr, "SignedOut": c.QueryParam("signed-out") != ""}})
}
