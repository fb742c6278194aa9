package scorepages

import (
	"github.com/labstack/echo/v4"

	"tableside/scoring"
)

// createPlay logs a play by hand and opens its page.
func (s *Pages) createPlay(c echo.Context) error {
	p, err := readPlay(c)
	if err != nil {
		return s.savePlay(c, p, func(scoring.Play) (scoring.Play, error) { return scoring.Play{}, err }, "/scores/plays", "Log a play", "Save play")
	}
	add := func(p scoring.Play) (scoring.Play, error) { return s.scores.Add(c.Request().Context(), p) }
	return s.savePlay(c, p, add, "/scores/plays", "Log a play", "Save play")
}
