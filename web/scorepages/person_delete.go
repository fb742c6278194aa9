package scorepages

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/tracker/scorelog"
)

// deletePerson removes a player who is in no play (host only); one who is
// in plays is refused with how many, and pointed to merging.
func (s *Pages) deletePerson(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return scoresErr(scorelog.ErrNoPerson)
	}
	if err := s.scores.DeletePerson(c.Request().Context(), id); err != nil {
		return s.personRefused(c, id, err)
	}
	if s.wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]int64{"deleted": id})
	}
	return c.Redirect(http.StatusSeeOther, "/scores/players")
}
