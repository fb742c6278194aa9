package oddspages

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/engine"
)

// oddsAPI answers /api/odds with the same query as the page, as JSON; bad
// input is a 400 whose body says why.
func (s *Pages) oddsAPI(c echo.Context) error {
	a, err := readOddsForm(c).answer()
	var re *engine.RuleError
	if errors.As(err, &re) {
		return c.JSON(http.StatusBadRequest, map[string]string{"error": re.Message, "rule": re.Rule})
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a)
}
