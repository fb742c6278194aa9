package web

import (
	"github.com/labstack/echo/v4"

	"tableside/printables"
	"tableside/tracker"
	"tableside/web/printpages"
)

// sheetPages is how many pages a sheet prints (a template function).
var sheetPages = printpages.SheetPages

// printPoster fills in a game's join poster for the print shop
// (web/printpages): the address it opens, the game's join link with its
// code on the address phones reach (see baseURL), the room code to type at
// /join, and the table's Wi-Fi. The poster route is host-only, since the
// code opens the game's free seats.
func (s *Server) printPoster(c echo.Context, info tracker.GameInfo, o *printables.Options) error {
	ctx := c.Request().Context()
	code, err := s.seats.GameCode(ctx, info.ID)
	if err != nil {
		return err
	}
	o.URL, o.Table = s.joinURL(c, info.ID, code), info.Name
	if o.Room, err = s.seats.RoomCode(ctx, info); err != nil {
		return err
	}
	o.JoinAt = shortAddr(s.baseURL(c)) + "/join"
	w, ok, err := s.seats.WiFi(ctx)
	if err != nil {
		return err
	}
	if ok {
		o.WiFi, o.WiFiName = wifiQRText(w), w.SSID
	}
	return nil
}
