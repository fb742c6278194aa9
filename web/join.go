package web

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/skip2/go-qrcode"

	"tableside/tracker"
)

// joinData is the join page: the seats a phone may take.
type joinData struct {
	Info  tracker.GameInfo
	Seats []joinSeat
	Valid bool // the phone showed a working join code
	Only  int  // a hand-over code opens this seat only; -1 for any
}

type joinSeat struct {
	Seat  int
	Name  string
	Taken bool
}

// joinPage is where the QR code leads. With ?k=CODE it checks the code, puts
// it in a cookie and redirects to itself without it, so the secret leaves the
// address bar, the history and the logs at once. Then it offers the seats.
func (s *Server) joinPage(c echo.Context) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return err
	}
	if k := c.QueryParam("k"); k != "" {
		if _, err := s.seats.CheckCode(ctx, id, k); err != nil {
			return err
		}
		setCookie(c, joinCookie, k, fmt.Sprintf("/games/%d/", id), 24*time.Hour)
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/join", id))
	}
	if _, ok := s.seatOf(c, id); ok {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
	}
	d := joinData{Info: info, Only: -1}
	if ck, err := c.Cookie(joinCookie); err == nil {
		if only, err := s.seats.CheckCode(ctx, id, ck.Value); err == nil {
			d.Valid, d.Only = true, only
		}
	}
	holders, err := s.seats.Holders(ctx, id)
	if err != nil {
		return err
	}
	for i, seat := range info.Setup.Seats {
		if d.Only >= 0 && i != d.Only {
			continue
		}
		_, taken := holders[i]
		d.Seats = append(d.Seats, joinSeat{Seat: i, Name: seat.Name, Taken: taken})
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, http.StatusOK, "join", page{Title: "Join " + info.Name, Data: d})
}

// join gives the chosen seat to this phone: a fresh token in a cookie that
// lasts beyond closing the browser.
func (s *Server) join(c echo.Context) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return err
	}
	if _, ok := s.seatOf(c, id); ok {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
	}
	seat, err := strconv.Atoi(c.FormValue("seat"))
	if err != nil {
		return badRequest("Choose a seat to join.")
	}
	ck, err := c.Cookie(joinCookie)
	if err != nil {
		return tracker.ErrBadJoinCode
	}
	token, err := s.seats.Claim(ctx, id, len(info.Setup.Seats), seat, ck.Value, deviceName(c.Request().UserAgent()))
	if err != nil {
		return err
	}
	setCookie(c, seatCookieName(id), token, "/", seatCookieAge)
	setCookie(c, joinCookie, "", fmt.Sprintf("/games/%d/", id), -time.Second)
	s.hub.phonesChanged(id)
	s.log.Info("phone joined", "game", id, "seat", seat)
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]int{"seat": seat})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}

// joinURL is the address in a game's join QR: this server's LAN address, the
// join page and the game's join code.
func (s *Server) joinURL(c echo.Context, id int64, code string) string {
	return fmt.Sprintf("%s/games/%d/join?k=%s", s.baseURL(c), id, url.QueryEscape(code))
}

// joinQR draws the game's join QR code (host only: the code inside opens the seats).
func (s *Server) joinQR(c echo.Context) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if _, err := s.tracker.Info(ctx, id); err != nil {
		return err
	}
	code, err := s.seats.GameCode(ctx, id)
	if err != nil {
		return err
	}
	png, err := qrcode.Encode(s.joinURL(c, id, code), qrcode.Medium, 512)
	if err != nil {
		return fmt.Errorf("draw join QR of game %d: %w", id, err)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, "image/png", png)
}

// qrDataURL draws a QR code as a data: URL, for a code shown once on the host
// screen and never put in an address of its own.
func qrDataURL(text string) (template.URL, error) {
	png, err := qrcode.Encode(text, qrcode.Medium, 512)
	if err != nil {
		return "", err
	}
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png)), nil
}

// seatParam reads :seat and checks it against the game.
func seatParam(c echo.Context, info tracker.GameInfo) (int, error) {
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 0 || seat >= len(info.Setup.Seats) {
		return 0, tracker.ErrNoSuchSeat
	}
	return seat, nil
}

type handoverData struct {
	Info tracker.GameInfo
	Name string
	QR   template.URL
}

// moveSeat moves a seat to another phone (host only): the phone holding it
// is cut off now, and a one-time QR for this seat alone is shown.
func (s *Server) moveSeat(c echo.Context) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return err
	}
	seat, err := seatParam(c, info)
	if err != nil {
		return err
	}
	code, err := s.seats.Handover(ctx, id, len(info.Setup.Seats), seat)
	if err != nil {
		return err
	}
	link := s.joinURL(c, id, code)
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]string{"join": link})
	}
	qr, err := qrDataURL(link)
	if err != nil {
		return fmt.Errorf("draw hand-over QR: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, http.StatusOK, "handover", page{Title: "Move " + info.Setup.Seats[seat].Name,
		Data: handoverData{Info: info, Name: info.Setup.Seats[seat].Name, QR: qr}})
}

// kickSeat sends a seat's phone away (host only); the seat is free again.
func (s *Server) kickSeat(c echo.Context) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return err
	}
	seat, err := seatParam(c, info)
	if err != nil {
		return err
	}
	if err := s.seats.Release(ctx, id, seat); err != nil {
		return err
	}
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]int{"freed": seat})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}

// hostPage adds a second host screen. On the host it shows a QR code holding
// the host token; the device that scans it gets the token as a cookie and is
// redirected away from the address that held it.
func (s *Server) hostPage(c echo.Context) error {
	if k := c.QueryParam("k"); k != "" {
		if s.hostToken == "" || !constantEqual(k, s.hostToken) {
			return echo.NewHTTPError(http.StatusForbidden, "This host link is not valid: scan the code on the laptop's host page again.")
		}
		setCookie(c, hostCookie, k, "/", 365*24*time.Hour)
		return c.Redirect(http.StatusSeeOther, "/")
	}
	if !s.isHost(c) {
		return echo.NewHTTPError(http.StatusForbidden, "Only the host's laptop can do that.")
	}
	if s.hostToken == "" {
		return errors.New("no host token: the database could not store one")
	}
	qr, err := qrDataURL(s.baseURL(c) + "/host?k=" + url.QueryEscape(s.hostToken))
	if err != nil {
		return fmt.Errorf("draw host QR: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, http.StatusOK, "host", page{Title: "Second host screen", Data: map[string]any{"QR": qr}})
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
