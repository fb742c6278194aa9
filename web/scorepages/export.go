package scorepages

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// exportScores downloads the score log: ?format=csv (the default; one row
// per player per play, docs/scores-csv.md) or ?format=json (everything).
func (s *Pages) exportScores(c echo.Context) error {
	format := c.QueryParam("format")
	if format == "" {
		format = "csv"
	}
	if format != "csv" && format != "json" {
		return badRequest("The export format %q is not csv or json.", format)
	}
	name := fmt.Sprintf("tableside-scores-%s.%s", time.Now().Format("2006-01-02"), format)
	h := c.Response().Header()
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s"`, name))
	if format == "json" {
		h.Set(echo.HeaderContentType, echo.MIMEApplicationJSONCharsetUTF8)
		c.Response().WriteHeader(http.StatusOK)
		return s.scores.ExportJSON(c.Request().Context(), c.Response())
	}
	h.Set(echo.HeaderContentType, "text/csv; charset=utf-8")
	c.Response().WriteHeader(http.StatusOK)
	return s.scores.ExportCSV(c.Request().Context(), c.Response())
}
