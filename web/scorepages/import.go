package scorepages

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/tracker/scorelog"
)

// importScores reads an uploaded score log CSV (host only). All or nothing:
// a file with any bad row is refused with a report naming every one.
func (s *Pages) importScores(c echo.Context) error {
	fh, err := c.FormFile("file")
	if err != nil {
		return badRequest("Choose a CSV file to import.")
	}
	f, err := fh.Open()
	if err != nil {
		return fmt.Errorf("import: open upload: %w", err)
	}
	defer f.Close()
	n, err := s.scores.ImportCSV(c.Request().Context(), f)
	var ie *scorelog.ImportError
	if errors.As(err, &ie) {
		if s.wantsJSON(c) {
			return c.JSON(http.StatusUnprocessableEntity, map[string]any{"error": "nothing imported", "problems": ie.Problems})
		}
		d := map[string]any{"File": fh.Filename, "Problems": ie.Problems}
		return s.render(c, http.StatusUnprocessableEntity, "scores_import", page{Title: "Import refused", Data: d})
	}
	if err != nil {
		return err
	}
	if s.wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]int{"imported": n})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/scores?imported=%d", n))
}
