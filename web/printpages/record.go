package printpages

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/printables"
	"tableside/readmodel"
)

// printGameRecord answers a finished game's one-page record as a PDF:
// standings, the measure over the game, its moments and luck. Everything
// on it is public, as on the winner screen.
func (s *Pages) printGameRecord(c echo.Context) error {
	id, err := s.site.GameID(c)
	if err != nil {
		return err
	}
	o, err := printOptions(c)
	if err != nil {
		return err
	}
	rec, err := s.reads.Record(c.Request().Context(), id)
	if errors.Is(err, readmodel.ErrNotOver) {
		return echo.NewHTTPError(http.StatusConflict, "The record prints once the game is over.")
	}
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := printables.WriteRecord(&b, rec, o); err != nil {
		return badRequest("%s.", err)
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fmt.Sprintf("game-%d-record-%s.pdf", id, o.Paper.Name)))
	return c.Blob(http.StatusOK, "application/pdf", b.Bytes())
}
