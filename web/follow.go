package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/engine"
)

// follow seats a phone in its table's next game (the host's "Play again
// with the same players") in the seat it held in the game before, in one
// tap and with no new QR code: the phone's seat token for that game is the
// proof, and only the seat it held there opens (seating.Seats.Follow).
// Anyone else is refused and sent back to the old game with the reason.
func (s *Server) follow(c echo.Context) error {
	info, ok, err := s.unseated(c) // already seated: a second tap, or joined by QR
	if !ok {
		return err
	}
	id, ctx := info.ID, c.Request().Context()
	from, err := strconv.ParseInt(c.FormValue("from"), 10, 64)
	if err != nil {
		return badRequest("Say which game this phone played before (the form's \"from\").")
	}
	seat, err := strconv.Atoi(c.FormValue("seat"))
	if err != nil {
		return badRequest("Say which seat this phone held (the form's \"seat\").")
	}
	token := ""
	if ck, err := c.Cookie(seatCookieName(from)); err == nil {
		token = ck.Value
	}
	tok, err := s.seats.Follow(ctx, from, id, len(info.Setup.Seats), seat, token, deviceName(c.Request().UserAgent()))
	if err != nil {
		if engine.IsRefusal(err) && !wantsJSON(c) {
			return refuseBack(c, from, err, "")
		}
		return err
	}
	setCookie(c, seatCookieName(id), tok, "/", seatCookieAge)
	s.hub.seatsChanged(id)
	s.log.Info("phone followed its table", "from", from, "game", id, "seat", seat)
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]int{"seat": seat})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}
