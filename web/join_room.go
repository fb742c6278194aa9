package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/seating"
)

// roomData is the "join by code" page.
type roomData struct {
	Typed   string
	Problem string
	Length  int
}

// joinRoomPage shows the box where a phone types a table's room code.
func (s *Server) joinRoomPage(c echo.Context) error {
	return s.render(c, http.StatusOK, "join_room", page{Title: "Join a table", Data: roomData{Length: seating.RoomLength}})
}

// joinRoom takes a typed room code to that table's seats, as its QR code
// does; a wrong code gets the box back, saying so. Every code of the right
// length is paid for from the guess budget (room_guesses.go), per address
// and across all addresses, so codes cannot be found by trying them.
func (s *Server) joinRoom(c echo.Context) error {
	typed := c.FormValue("room")
	host, addr := s.isHost(c), peerIP(c.Request())
	paid := !host && len(seating.NormalRoom(typed)) == seating.RoomLength
	if paid && !s.guesses.take(addr) {
		s.log.Warn("room code refused: guess budget spent", "peer", addr)
		return errGuessing
	}
	game, code, err := s.seats.ByRoom(c.Request().Context(), typed)
	if paid {
		s.guesses.settle(addr, err == nil)
	}
	if errors.Is(err, seating.ErrBadRoomCode) || errors.Is(err, seating.ErrTableLocked) {
		return s.render(c, http.StatusUnprocessableEntity, "join_room", page{Title: "Join a table",
			Data: roomData{Typed: seating.NormalRoom(typed), Problem: refusalText(err), Length: seating.RoomLength}})
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/join?k=%s", game, url.QueryEscape(code)))
}

// joinAt is where a phone types a room code, said short for a screen or a
// poster: "192.168.1.20:8080/join" (--public-url or the best LAN address;
// just "/join" on a laptop that only listens on loopback).
func (s *Server) joinAt() string {
	base := strings.TrimRight(s.cfg.PublicURL, "/")
	if base == "" {
		base = s.lanURL()
	}
	return shortAddr(base) + "/join"
}

// shortAddr is an address said short: no "http://".
func shortAddr(base string) string {
	return strings.TrimPrefix(strings.TrimPrefix(base, "http://"), "https://")
}
