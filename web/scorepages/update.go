package scorepages

import (
	"github.com/labstack/echo/v4"

	"tableside/tracker/scorelog"
)

// updatePlay saves a corrected play (host only).
func (s *Pages) updatePlay(c echo.Context) error {
	key := c.Param("key")
	action := "/scores/plays/" + key
	p, err := readPlay(c)
	if err != nil {
		return s.savePlay(c, p, func(scorelog.Play) (scorelog.Play, error) { return scorelog.Play{}, err }, action, "Edit play", "Save changes")
	}
	p.Key = key
	update := func(p scorelog.Play) (scorelog.Play, error) { return s.scores.Update(c.Request().Context(), key, p) }
	return s.savePlay(c, p, update, action, "Edit play", "Save changes")
}
