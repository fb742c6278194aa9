package web

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/seating"
	"tableside/tracker"
)

// gameSeat reads the game and its :seat, checked against the game's seats.
func (s *Server) gameSeat(c echo.Context) (tracker.GameInfo, int, error) {
	info, err := s.gameInfo(c)
	if err != nil {
		return info, 0, err
	}
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 0 || seat >= len(info.Setup.Seats) {
		return info, 0, seating.ErrNoSuchSeat
	}
	return info, seat, nil
}

type handoverData struct {
	Info tracker.GameInfo
	Name string
	QR   template.URL
}

// moveSeat moves a seat to another phone (host only): the phone holding it
// is cut off now, and a one-time QR for this seat alone is shown.
func (s *Server) moveSeat(c echo.Context) error {
	info, seat, err := s.gameSeat(c)
	if err != nil {
		return err
	}
	id, ctx := info.ID, c.Request().Context()
	code, err := s.seats.Handover(ctx, id, len(info.Setup.Seats), seat)
	if err != nil {
		return err
	}
	link := s.joinURL(c, id, code)
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]string{"join": link})
	}
	qr, err := s.qrs.dataURL(link)
	if err != nil {
		return fmt.Errorf("draw hand-over QR: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, http.StatusOK, "handover", page{Title: "Move " + info.Setup.Seats[seat].Name,
		Data: handoverData{Info: info, Name: info.Setup.Seats[seat].Name, QR: qr}})
}

// kickSeat sends a seat's phone away (host only); the seat is free again.
func (s *Server) kickSeat(c echo.Context) error {
	info, seat, err := s.gameSeat(c)
	if err != nil {
		return err
	}
	id, ctx := info.ID, c.Request().Context()
	if err := s.seats.Release(ctx, id, seat); err != nil {
		return err
	}
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]int{"freed": seat})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}
