package hub

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/league"
)

// adminData is the admin page.
type adminData struct {
	Code, PairText string // a code just made, shown once
	Tables         []league.Table
	Players        []league.LeaguePlayer // not merged
	Message        string
}

func (h *Hub) admin(c echo.Context) error { return h.adminPage(c, "") }

// doneMessages are what the admin page says after an admin's change, by
// the key the change's redirect names (?done=): the page shows the hub's
// own words only, never text a link put in the address.
var doneMessages = map[string]string{
	"revoked": "Key revoked",
	"moved":   "Plays moved to the new pairing, the earlier one revoked",
	"merged":  "Players merged",
}

func (h *Hub) adminPage(c echo.Context, code string) error {
	d := adminData{Code: code, Message: doneMessages[c.QueryParam("done")]}
	if code != "" {
		d.PairText = h.pairText(c, code)
	}
	var err error
	if d.Tables, err = h.cfg.Store.Tables(ctx(c)); err != nil {
		return err
	}
	all, err := h.cfg.Store.Players(ctx(c))
	if err != nil {
		return err
	}
	for _, p := range all {
		if p.MergedInto == 0 {
			d.Players = append(d.Players, p)
		}
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return h.render(c, http.StatusOK, "admin", "League admin", d)
}

// revoke stops a table's key for good.
func (h *Hub) revoke(c echo.Context) error {
	id := c.Param("id")
	err := h.cfg.Store.Revoke(ctx(c), id)
	if errors.Is(err, league.ErrNoTable) {
		return echo.NewHTTPError(http.StatusNotFound, "No table "+id+" is paired with this hub.")
	}
	if err != nil {
		return err
	}
	h.log.Info("league: table key revoked", "table", id)
	return c.Redirect(http.StatusSeeOther, "/admin?done=revoked")
}

// takeOver is the hub's half of pairing a table again: the table's new
// pairing takes over its old pairing's plays (the table sends its whole
// score log again under the new id), each play counted once, and the old
// pairing's key is revoked.
func (h *Hub) takeOver(c echo.Context) error {
	into, from := c.FormValue("into"), c.FormValue("from")
	err := h.cfg.Store.MoveTable(ctx(c), from, into)
	switch {
	case errors.Is(err, league.ErrSameTable):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Pick the table's earlier pairing, not the table itself.")
	case errors.Is(err, league.ErrNoTable):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Pick a table paired with this hub.")
	case err != nil:
		return err
	}
	h.log.Info("league: table paired again", "table", into, "was", from)
	h.adminChanged()
	return c.Redirect(http.StatusSeeOther, "/admin?done=moved")
}

// merge makes one league player another (two names for one person).
func (h *Hub) merge(c echo.Context) error {
	from, err1 := strconv.ParseInt(c.FormValue("from"), 10, 64)
	into, err2 := strconv.ParseInt(c.FormValue("into"), 10, 64)
	if err1 != nil || err2 != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "Pick the player to merge and the one they are.")
	}
	err := h.cfg.Store.Merge(ctx(c), from, into)
	switch {
	case errors.Is(err, league.ErrSameMerge):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Pick two different players to merge.")
	case errors.Is(err, league.ErrNoPlayer):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "One of those players is unknown or merged already.")
	case err != nil:
		return err
	}
	h.adminChanged()
	return c.Redirect(http.StatusSeeOther, "/admin?done=merged")
}
