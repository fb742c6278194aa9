package scorepages

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
)

// deletePlay takes a play out of the log (host only). It stays restorable:
// the history page it leads to offers Undo.
func (s *Pages) deletePlay(c echo.Context) error {
	key := c.Param("key")
	if err := s.scores.Delete(c.Request().Context(), key); err != nil {
		return scoresErr(err)
	}
	if s.wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]string{"deleted": key})
	}
	return c.Redirect(http.StatusSeeOther, "/scores?deleted="+url.QueryEscape(key))
}

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
