package scorepages

import (
	"context"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
)

// deletePlay takes a play out of the log (host only). It stays restorable:
// the history page it leads to offers Undo.
func (s *Pages) deletePlay(c echo.Context) error {
	return s.changePlay(c, s.scores.Delete, "deleted", func(key string) string { return "/scores?deleted=" + url.QueryEscape(key) })
}

// restorePlay puts a deleted play back in the log (host only).
func (s *Pages) restorePlay(c echo.Context) error {
	return s.changePlay(c, s.scores.Restore, "restored", func(key string) string { return "/scores/plays/" + key + "?restored=1" })
}

// changePlay makes the host's change to the play the path names and answers
// it: what was done and to which play, to a program; the page that follows,
// to a person.
func (s *Pages) changePlay(c echo.Context, change func(context.Context, string) error, done string, next func(key string) string) error {
	key := c.Param("key")
	if err := change(c.Request().Context(), key); err != nil {
		return scoresErr(err)
	}
	if s.wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]string{done: key})
	}
	return c.Redirect(http.StatusSeeOther, next(key))
}
