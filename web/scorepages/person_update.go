package scorepages

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker/scorelog"
)

// updatePerson renames a player or changes their colour (host only).
func (s *Pages) updatePerson(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return scoresErr(scorelog.ErrNoPerson)
	}
	p, err := s.scores.UpdatePerson(c.Request().Context(), id, c.FormValue("name"), c.FormValue("colour"))
	if err != nil {
		if engine.IsRefusal(err) && !s.wantsJSON(c) {
			return s.renderPlayer(c, http.StatusUnprocessableEntity, id, err.Error())
		}
		return scoresErr(err)
	}
	if s.wantsJSON(c) {
		return c.JSON(http.StatusOK, p)
	}
	return c.Redirect(http.StatusSeeOther, "/scores/players/"+strconv.FormatInt(id, 10))
}
