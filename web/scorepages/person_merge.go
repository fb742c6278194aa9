package scorepages

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker/scorelog"
)

// mergePerson makes every play of one player a play of another, and
// removes the first (host only): "Ana B." and "Ana" were one person all along.
func (s *Pages) mergePerson(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return scoresErr(scorelog.ErrNoPerson)
	}
	into, err := strconv.ParseInt(c.FormValue("into"), 10, 64)
	if err != nil {
		return s.personRefused(c, id, engine.Refuse("person-merge-into", "Pick the player to merge into."))
	}
	p, err := s.scores.MergePerson(c.Request().Context(), id, into)
	if err != nil {
		return s.personRefused(c, id, err)
	}
	if s.wantsJSON(c) {
		return c.JSON(http.StatusOK, p)
	}
	return c.Redirect(http.StatusSeeOther, "/scores/players/"+strconv.FormatInt(into, 10))
}

// personRefused answers a refused change to a person: their page with the
// message, or the error for programs and for what is not a refusal.
func (s *Pages) personRefused(c echo.Context, id int64, err error) error {
	if engine.IsRefusal(err) && !s.wantsJSON(c) {
		return s.renderPlayer(c, http.StatusUnprocessableEntity, id, err.Error())
	}
	return scoresErr(err)
}
