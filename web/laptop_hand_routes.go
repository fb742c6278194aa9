package web

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/seating"
)

// The laptop's routes for a player without a phone (host only, see
// laptop_hand.go): the panel, opening and hiding a hand, a move sent as
// the open hand's seat, and the per-seat "plays on the laptop" setting.

// laptopPanelPage answers the host's panel as it stands now, drawn.
func (s *Server) laptopPanelPage(c echo.Context, id int64) error {
	return s.answerLaptop(c, id)
}

// answerLaptop sends the panel to a fetch (JSON: its HTML and the seconds
// the open hand has left), or sends a form's browser back to the game.
func (s *Server) answerLaptop(c echo.Context, id int64) error {
	if !wantsJSON(c) {
		return c.Redirect(http.StatusSeeOther, gamePath(id))
	}
	p, err := s.laptopPanelFor(c.Request().Context(), id)
	if err != nil {
		return err
	}
	html, err := s.views.fragment("game", "laptop-hand", p)
	if err != nil {
		return err
	}
	open, left := -1, 0
	if p.Hand != nil {
		open, left = p.Hand.Seat, p.Hand.Left
	}
	c.Response().Header().Set("Cache-Control", "no-store") // an open hand is never kept by a cache
	return c.JSON(http.StatusOK, map[string]any{"html": template.HTML(html), "open": open, "left": left})
}

// openLaptopHand opens the hand of a seat the table waits for. A seat the
// host set to play on the laptop opens with this one tap; a seat with no
// phone yet only with the form's confirmation. A seat a phone holds never
// opens here: the laptop answers for it only through its fold on the
// host's sheet (answerFor), the one way to act for a phone's seat.
func (s *Server) openLaptopHand(c echo.Context) error {
	info, seat, err := s.gameSeat(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	name := info.Setup.Seats[seat].Name
	if !info.IsPlaying() {
		return engine.Refuse("laptop-hand-game-over", "The game is over: no hand opens on the laptop.")
	}
	if err := s.refuseOnPhone(ctx, info.ID, seat, name); err != nil {
		return err
	}
	on, err := s.seats.LaptopSeats(ctx, info.ID)
	if err != nil {
		return err
	}
	if !on[seat] && c.FormValue("confirm") != "yes" {
		return engine.Refuse("laptop-hand-confirm", "%s does not play on the laptop: confirm before showing %s's hand here.", name, name)
	}
	waited, _, err := s.waitedSeats(ctx, info.ID)
	if err != nil {
		return err
	}
	if !slices.Contains(waited, seat) {
		return engine.Refuse("laptop-hand-not-their-move", "The table is not waiting for %s: a hand opens on the laptop only on its own move.", name)
	}
	s.laptop.set(info.ID, seat, time.Now())
	s.log.Info("laptop hand opened", "game", info.ID, "seat", seat)
	return s.answerLaptop(c, info.ID)
}

// refuseOnPhone refuses the laptop's hand for a seat a phone holds, saying
// why and where the laptop answers for it instead.
func (s *Server) refuseOnPhone(ctx context.Context, id int64, seat int, name string) error {
	holders, err := s.seats.Holders(ctx, id)
	if err != nil {
		return err
	}
	if _, ok := holders[seat]; ok {
		return engine.Refuse("laptop-hand-on-phone", "%s plays on a phone: the laptop answers for %s only under \"%s\" on the move sheet (or send %s's phone away with Kick first).",
			name, name, answerFor(map[int]string{seat: name}, seat), name)
	}
	return nil
}

// hideLaptopHand closes whatever hand is open.
func (s *Server) hideLaptopHand(c echo.Context, id int64) error {
	if _, err := s.tracker.Info(c.Request().Context(), id); err != nil {
		return err
	}
	s.laptop.close(id, -1)
	return s.answerLaptop(c, id)
}

// laptopCommand sends a move of the open hand's sheet as that seat: the
// engine then applies exactly the rules it applies to that seat's own
// phone, so every move the sheet offered is accepted. Without the seat's
// hand open (closed, timed out, another seat's) it is refused and nothing
// is sent; a move sent keeps the hand open for another laptopHandFor.
func (s *Server) laptopCommand(c echo.Context) error {
	info, seat, err := s.gameSeat(c)
	if err != nil {
		return err
	}
	req, err := readCommand(c)
	if err != nil {
		return err
	}
	name := info.Setup.Seats[seat].Name
	if err := s.refuseOnPhone(c.Request().Context(), info.ID, seat, name); err != nil {
		s.laptop.close(info.ID, seat) // opened before the phone claimed the seat
		return err
	}
	h, ok := s.laptop.get(info.ID, time.Now())
	if !ok || h.seat != seat {
		return engine.Refuse("laptop-hand-closed", "%s's hand is not open on the laptop: tap \"Show %s's hand\" first.", name, name)
	}
	out, err := s.tracker.Do(c.Request().Context(), info.ID, engine.Command{Type: req.Type, Seat: seat, Data: req.Data}, req.Idem)
	if err != nil {
		if wantsJSON(c) || !engine.IsRefusal(err) {
			return err
		}
		return refuseBack(c, info.ID, err, "")
	}
	s.laptop.set(info.ID, seat, time.Now())
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]any{"seq": out.Seq, "repeat": out.Repeat})
	}
	return c.Redirect(http.StatusSeeOther, gamePath(info.ID))
}

// setLaptopSeat sets whether a seat plays on the laptop (form field "on":
// "yes" or "no"). Turning it off closes that seat's open hand.
func (s *Server) setLaptopSeat(c echo.Context) error {
	info, seat, err := s.gameSeat(c)
	if err != nil {
		return err
	}
	var on bool
	switch c.FormValue("on") {
	case "yes":
		on = true
	case "no":
	default:
		return badRequest("Say on=yes or on=no: whether %s plays on the laptop.", info.Setup.Seats[seat].Name)
	}
	var held *seating.SeatOnPhone
	if err := s.seats.SetLaptopSeat(c.Request().Context(), info.ID, seat, on); errors.As(err, &held) {
		name := info.Setup.Seats[seat].Name
		return engine.Refuse("seat-on-phone", "%s's seat is on a phone (%s, since %s): tap Kick beside %s to send that phone away first, then set %s to play on the laptop.",
			name, held.Holder.Device, held.Holder.Since.Local().Format("15:04"), name, name)
	} else if err != nil {
		return fmt.Errorf("laptop seat: %w", err)
	}
	if !on {
		s.laptop.close(info.ID, seat)
	}
	s.hub.phonesChanged(info.ID) // the seat is taken, or free again: the join corners count it
	return s.answerLaptop(c, info.ID)
}
