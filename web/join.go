package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/seating"
	"tableside/tracker"
)

// joinCookieAge is how long a browser keeps a game's join code: an evening.
const joinCookieAge = 24 * time.Hour

// joinData is the join page: the seats a phone may take.
type joinData struct {
	Info  tracker.GameInfo
	Seats []joinSeat
	Valid bool // the phone showed a working join code
	Only  int  // a hand-over code opens this seat only; -1 for any
	// Locked: the code is the game's, but the host locked the table.
	Locked string
}

type joinSeat struct {
	Seat  int
	Name  string
	Taken bool
	// Laptop: taken because the seat plays on the laptop (the host moves it to a phone).
	Laptop bool
}

// unseated is the game of a join or follow request from a phone that holds
// no seat in it; ok is false once a phone that holds one was sent back to
// it, whatever the link says: scanning the QR again, on a locked or
// finished table too, is coming back, never "taken" or "locked".
func (s *Server) unseated(c echo.Context) (info tracker.GameInfo, ok bool, err error) {
	if info, err = s.gameInfo(c); err != nil {
		return info, false, err
	}
	if _, held := s.seatOf(c, info.ID); held {
		return info, false, c.Redirect(http.StatusSeeOther, gamePath(info.ID))
	}
	return info, true, nil
}

// joinPage is where the QR code leads. With ?k=CODE it checks the code, puts
// it in a cookie and redirects to itself without it, so the secret leaves the
// address bar, the history and the logs at once. Then it offers the seats.
func (s *Server) joinPage(c echo.Context) error {
	info, ok, err := s.unseated(c)
	if !ok {
		return err
	}
	id, ctx := info.ID, c.Request().Context()
	if k := c.QueryParam("k"); k != "" {
		if _, err := s.seats.CheckCode(ctx, id, k); errors.Is(err, seating.ErrTableLocked) {
			// Refused, with the way to watch still on the page.
			c.Response().Header().Set("Cache-Control", "no-store")
			return s.render(c, http.StatusUnprocessableEntity, "join", page{Title: "Join " + info.Name,
				Data: joinData{Info: info, Only: -1, Locked: seating.ErrTableLocked.Message}})
		} else if err != nil {
			return err
		}
		setCookie(c, joinCookie, k, fmt.Sprintf("/games/%d/", id), joinCookieAge)
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/join", id))
	}
	d := joinData{Info: info, Only: -1}
	if ck, err := c.Cookie(joinCookie); err == nil {
		only, err := s.seats.CheckCode(ctx, id, ck.Value)
		switch {
		case err == nil:
			d.Valid, d.Only = true, only
		case errors.Is(err, seating.ErrTableLocked):
			d.Locked = seating.ErrTableLocked.Message
		}
	}
	free, err := s.seats.FreeSeats(ctx, id, len(info.Setup.Seats))
	if err != nil {
		return err
	}
	holders, err := s.seats.Holders(ctx, id)
	if err != nil {
		return err
	}
	laptop, err := s.seats.LaptopSeats(ctx, id)
	if err != nil {
		return err
	}
	for i, seat := range info.Setup.Seats {
		if d.Only >= 0 && i != d.Only {
			continue
		}
		taken := !slices.Contains(free, i)
		if d.Only == i {
			// A hand-over code opens its one seat, even one that plays on
			// the laptop: the host chose to move it to this phone.
			_, taken = holders[i]
		}
		d.Seats = append(d.Seats, joinSeat{Seat: i, Name: seat.Name, Taken: taken, Laptop: taken && laptop[i]})
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, http.StatusOK, "join", page{Title: "Join " + info.Name, Data: d})
}

// join gives the chosen seat to this phone: a fresh token in a cookie that
// lasts beyond closing the browser.
func (s *Server) join(c echo.Context) error {
	info, ok, err := s.unseated(c)
	if !ok {
		return err
	}
	id, ctx := info.ID, c.Request().Context()
	seat, err := strconv.Atoi(c.FormValue("seat"))
	if err != nil {
		return badRequest("Choose a seat to join.")
	}
	ck, err := c.Cookie(joinCookie)
	if err != nil {
		return seating.ErrBadJoinCode
	}
	token, err := s.seats.Claim(ctx, id, len(info.Setup.Seats), seat, ck.Value, deviceName(c.Request().UserAgent()))
	if err != nil {
		return err
	}
	setCookie(c, seatCookieName(id), token, "/", seatCookieAge)
	setCookie(c, joinCookie, "", fmt.Sprintf("/games/%d/", id), -time.Second)
	s.laptop.close(id, seat) // a seat moved from the laptop plays on its phone now
	s.hub.seatsChanged(id)
	s.log.Info("phone joined", "game", id, "seat", seat)
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]int{"seat": seat})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}

// deviceName is a short guess at what a phone is, from its user agent, so the
// host can tell two phones apart in the list.
func deviceName(ua string) string {
	for _, d := range []string{"iPhone", "iPad", "Android", "Windows", "Macintosh", "Linux"} {
		if strings.Contains(ua, d) {
			if d == "Macintosh" {
				return "Mac"
			}
			return d
		}
	}
	return "phone"
}
