package web

import (
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/engine"
)

// setClock is the host pausing or resuming the turn clock for the whole
// table (paused=1 or 0), or setting its soft limit per decision (limit, in
// seconds; 0 for none). Host only (the route's guard, and the tracker
// refuses anyone else too); the form names one change, and anything else
// it sends is refused, changing nothing.
func (s *Server) setClock(c echo.Context, id int64) error {
	form, err := c.FormParams()
	if err != nil {
		return badRequest("The clock's form could not be read.")
	}
	for k := range form {
		if k != "paused" && k != "limit" {
			return badRequest("The clock takes paused or limit, not %q.", k)
		}
	}
	ctx := c.Request().Context()
	set, err := s.tracker.ClockOf(ctx, id)
	if err != nil {
		return err
	}
	if raw, ok := form["paused"]; ok {
		switch raw[0] {
		case "1":
			set.Paused = true
		case "0":
			set.Paused = false
		default:
			return badRequest("Pause the clock with paused=1 and start it with paused=0, not %q.", raw[0])
		}
	}
	if raw, ok := form["limit"]; ok {
		n, err := strconv.Atoi(raw[0])
		if err != nil {
			return badRequest("The limit per decision is a number of seconds, not %q.", raw[0])
		}
		set.Limit = n
	}
	if len(form) == 0 {
		return badRequest("The clock's form says neither paused nor limit.")
	}
	got, err := s.tracker.SetClock(ctx, id, engine.Host, set)
	return s.answerBack(c, id, err, map[string]any{"paused": got.Paused, "limit": got.Limit})
}
