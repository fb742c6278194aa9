package web

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// signOutHosts replaces the host token (host only): every other host screen
// stops being host at once, its open live streams end, and the old /host
// QR stops working. The screen that asked gets the new token, so it stays
// host (the laptop itself stays host by being the laptop, unless
// --host-token-only).
func (s *Server) signOutHosts(c echo.Context) error {
	tok, err := s.seats.RotateSecret(c.Request().Context(), "host")
	if err != nil {
		return err
	}
	s.hostToken.Store(&tok)
	setCookie(c, hostCookie, tok, "/", 365*24*time.Hour)
	s.hub.hostSignedOut()
	s.log.Info("host token replaced: other host screens signed out")
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]bool{"signedOut": true})
	}
	return c.Redirect(http.StatusSeeOther, "/host?signed-out=1")
}
