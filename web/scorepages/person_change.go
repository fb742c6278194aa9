package scorepages

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/engine"
)

// updatePerson renames a player or changes their colour (host only).
func (s *Pages) updatePerson(c echo.Context, id int64) error {
	p, err := s.scores.UpdatePerson(c.Request().Context(), id, c.FormValue("name"), c.FormValue("colour"))
	if err != nil {
		return s.personRefused(c, id, err)
	}
	if s.wantsJSON(c) {
		return c.JSON(http.StatusOK, p)
	}
	return c.Redirect(http.StatusSeeOther, "/scores/players/"+strconv.FormatInt(id, 10))
}

// mergePerson makes every play of one player a play of another, and
// removes the first (host only): "Ana B." and "Ana" were one person all along.
func (s *Pages) mergePerson(c echo.Context, id int64) error {
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

// deletePerson removes a player who is in no play (host only); one who is
// in plays is refused with how many, and pointed to merging.
func (s *Pages) deletePerson(c echo.Context, id int64) error {
	if err := s.scores.DeletePerson(c.Request().Context(), id); err != nil {
		return s.personRefused(c, id, err)
	}
	if s.wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]int64{"deleted": id})
	}
	return c.Redirect(http.StatusSeeOther, "/scores/players")
}
