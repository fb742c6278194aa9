package scorepages

import (
	"github.com/labstack/echo/v4"

	"tableside/scoring"
)

// updatePlay saves a corrected play (host only).
func (s *Pages) updatePlay(c echo.Context) error {
	key := c.Param("key")
	action := "/scores/plays/" + key
	p, err := readPlay(c)
	if err != nil {
		return s.savePlay(c, p, func(scoring.Play) (scoring.Play, error) { return scoring.Play{}, err }, action, "Edit play", "Save changes")
	}
	p.Key = key
	update := func(p scoring.Play) (scoring.Play, error) { return s.scores.Update(c.Request().Context(), key, p) }
	return s.savePlay(c, p, update, action, "Edit play", "Save changes")
}
