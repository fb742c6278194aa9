package scorepages

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// editPlay shows a play's form filled in, to correct it.
func (s *Pages) editPlay(c echo.Context) error {
	p, err := s.scores.Play(c.Request().Context(), c.Param("key"))
	if err != nil {
		return scoresErr(err)
	}
	f, err := s.newPlayForm(c, p, "/scores/plays/"+p.Key, "Edit play", "Save changes")
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "scores_form", page{Title: "Edit play", Data: f})
}
