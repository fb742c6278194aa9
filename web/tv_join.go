package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

// A TV that is not the laptop shows the join corner (the room code and the
// join QR) once it proves it knows the game's join code, as a phone does:
// the join page keeps a scanned or typed code in its cookie (joinCookie),
// so "Just watch" there pairs that browser's TV, and /games/N/tv?k=CODE
// does the same in one step. The corner is drawn while the cookie holds the
// game's current code: "New join code" on the host unpairs every TV with the
// old one. A stranger who opens /games/N/tv never sees the code, and the
// public live stream never carries it.

// pairTV keeps a valid join code given in ?k= in this browser and answers
// with the TV's own address, without the code; ok is false when there was
// nothing to pair (no ?k=), and the TV is drawn as it is. A wrong or stale
// code pairs nothing: the TV is drawn without the corner.
func (s *Server) pairTV(c echo.Context, id int64) (bool, error) {
	k := c.QueryParam("k")
	if k == "" {
		return false, nil
	}
	code, err := s.seats.GameCode(c.Request().Context(), id)
	if err != nil {
		return false, err
	}
	if constantEqual(k, code) {
		setCookie(c, joinCookie, k, fmt.Sprintf("/games/%d/", id), joinCookieAge)
	}
	return true, c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/tv", id))
}

// tvPaired reports whether this browser holds the game's current join code
// (see pairTV).
func (s *Server) tvPaired(c echo.Context, id int64) bool {
	ck, err := c.Cookie(joinCookie)
	if err != nil || ck.Value == "" {
		return false
	}
	code, err := s.seats.GameCode(c.Request().Context(), id)
	return err == nil && constantEqual(ck.Value, code)
}

// tvCorner fills the TV's join corner: the join QR and the room code while
// a seat is free and the table is not locked, pointing at an address a
// phone can reach, and the table's Wi-Fi when the laptop itself draws the
// TV (its password never leaves the laptop otherwise).
func (s *Server) tvCorner(c echo.Context, p *gamePage, laptop bool) error {
	ctx := c.Request().Context()
	id := p.Info.ID
	if err := s.tvSeatsFree(ctx, p); err != nil {
		return err
	}
	if p.Free > 0 {
		code, err := s.seats.GameCode(ctx, id)
		if err != nil {
			return err
		}
		if p.JoinQR, err = s.qrs.dataURL(s.joinURL(c, id, code)); err != nil {
			return fmt.Errorf("draw the TV's join QR of game %d: %w", id, err)
		}
		if p.Room, err = s.seats.RoomCode(ctx, p.Info); err != nil {
			return err
		}
		p.JoinAt = shortAddr(s.baseURL(c)) + "/join"
	}
	if !laptop {
		return nil
	}
	w, ok, err := s.seats.WiFi(ctx)
	if err != nil {
		return err
	}
	if ok {
		p.WiFi = w.SSID
	}
	return nil
}

// tvSeatsFree counts the seats a phone may still take: none once the
// table is locked.
func (s *Server) tvSeatsFree(ctx context.Context, p *gamePage) error {
	locked, err := s.seats.Locked(ctx, p.Info.ID)
	if err != nil || locked {
		return err
	}
	free, err := s.seats.FreeSeats(ctx, p.Info.ID, len(p.Info.Setup.Seats))
	if err != nil {
		return err
	}
	p.Free = len(free)
	return nil
}

// tvCornerEvent is a TV's join corner, rendered, as an SSE event: sent to
// the laptop's TV and to paired TVs whenever the phones change (a seat
// taken or freed, the table locked, a new join code). It is empty once no
// seat is open, and for a TV no longer paired.
func (s *Server) tvCornerEvent(c echo.Context, id int64, laptop bool) ([]byte, error) {
	info, err := s.tracker.Info(c.Request().Context(), id)
	if err != nil {
		return nil, err
	}
	p := &gamePage{Info: info}
	if info.IsPlaying() && (laptop || s.tvPaired(c, id)) {
		if err := s.tvCorner(c, p, laptop); err != nil {
			return nil, err
		}
	}
	html, err := s.views.fragment("game", "tv-corner", p)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(map[string]string{"html": html})
	if err != nil {
		return nil, err
	}
	return fmt.Appendf(nil, "event: corner\ndata: %s\n\n", b), nil
}
