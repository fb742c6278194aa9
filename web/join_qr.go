package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/skip2/go-qrcode"
)

// joinURL is the address in a game's join QR: this server's LAN address, the
// join page and the game's join code.
func (s *Server) joinURL(c echo.Context, id int64, code string) string {
	return fmt.Sprintf("%s/games/%d/join?k=%s", s.baseURL(c), id, url.QueryEscape(code))
}

// joinQR draws the game's join QR code (host only: the code inside opens the seats).
func (s *Server) joinQR(c echo.Context) error {
	info, err := s.gameInfo(c)
	if err != nil {
		return err
	}
	id, ctx := info.ID, c.Request().Context()
	code, err := s.seats.GameCode(ctx, id)
	if err != nil {
		return err
	}
	png, err := s.qrs.png(s.joinURL(c, id, code), qrcode.Medium)
	if err != nil {
		return fmt.Errorf("draw join QR of game %d: %w", id, err)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, "image/png", png)
}

// JoinLink is a game's join URL for use outside a request (a printed
// poster, the terminal): --public-url or the best LAN address, the join page
// and the game's code. It is "" when the server knows no address phones can
// reach (listening on loopback only).
func (s *Server) JoinLink(ctx context.Context, id int64) (string, error) {
	base := strings.TrimRight(s.cfg.PublicURL, "/")
	if base == "" {
		base = s.lanURL()
	}
	if base == "" {
		return "", nil
	}
	code, err := s.seats.GameCode(ctx, id)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/games/%d/join?k=%s", base, id, url.QueryEscape(code)), nil
}
