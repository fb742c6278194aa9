package scorepages

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// restorePlay puts a deleted play back in the log (host only).
func (s *Pages) restorePlay(c echo.Context) error {
	key := c.Param("key")
	if err := s.scores.Restore(c.Request().Context(), key); err != nil {
		return scoresErr(err)
	}
	if s.wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]string{"restored": key})
	}
	return c.Redirect(http.StatusSeeOther, "/scores/plays/"+key+"?restored=1")
}
