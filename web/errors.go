package web

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker"
)

// handleError is the one place errors become responses: a friendly page for
// people, JSON for programs. Rule refusals are the player's to fix (422);
// anything unexpected is logged and shown without its internals.
func (s *Server) handleError(err error, c echo.Context) {
	writeError(s.log, func() string { return s.tracker.DB().Path }, err, c)
}

// writeError is handleError without the server (Alone serves it too): log
// is where the unexpected goes, dbPath names the database a storage
// problem is about.
func writeError(log *slog.Logger, dbPath func() string, err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	code, msg, rule := http.StatusInternalServerError, "Something went wrong on the laptop. The table's game is safe; try again.", ""
	var he *echo.HTTPError
	var re *engine.RuleError
	var de *tracker.DamagedError
	switch {
	case errors.As(err, &de): // the laptop's data, named: which game, which event
		code, msg, rule = http.StatusInternalServerError, de.Message(), "damaged-data"
		log.Error("damaged data", "game", de.Game, "event", de.Seq, "type", de.Type, "why", de.Why, "path", c.Request().URL.Path)
	case errors.Is(err, tracker.ErrConflict) && errors.As(err, &re): // a key spent on another command, a stale undo
		code, msg, rule = http.StatusConflict, re.Message, re.Rule
	case errors.As(err, &re):
		code, msg, rule = http.StatusUnprocessableEntity, re.Message, re.Rule
	case errors.Is(err, tracker.ErrNoGame):
		code, msg = http.StatusNotFound, "There is no such game."
	case errors.As(err, &he):
		code = he.Code
		if m, ok := he.Message.(string); ok {
			msg = m
		} else {
			msg = http.StatusText(code)
		}
		if code == http.StatusRequestEntityTooLarge && msg == http.StatusText(code) {
			msg = tooLargeMessage // the body-limit middleware's own words
		}
	case storageProblem(err) != "":
		// A full disk or a read-only file is the laptop's to fix: say so.
		rule = storageProblem(err)
		code, msg = storageCode(rule), tracker.StorageMessage(rule)
		log.Error("storage", "problem", rule, "db", dbPath(), "path", c.Request().URL.Path, "err", err)
	default:
		log.Error("request failed", "path", c.Request().URL.Path, "id", c.Response().Header().Get(echo.HeaderXRequestID), "err", err)
	}
	if c.Request().Method == http.MethodHead {
		c.NoContent(code)
		return
	}
	if wantsJSON(c) {
		c.JSON(code, map[string]string{"error": msg, "rule": rule})
		return
	}
	c.Render(code, "error", page{Title: http.StatusText(code), Data: map[string]any{"Code": code, "Message": msg}})
}

// storageProblem names the database problem behind err ("" for none).
func storageProblem(err error) string {
	p, _ := tracker.StorageProblem(err)
	return p
}

// storageCode is the status for a storage problem: 507 for a full disk,
// 503 (the server cannot save anything now) for the others.
func storageCode(problem string) int {
	if problem == tracker.ProblemFull {
		return http.StatusInsufficientStorage
	}
	return http.StatusServiceUnavailable
}

// tooLargeMessage answers a request body over its route's limit.
const tooLargeMessage = "That is far more than any Tableside screen sends, so it was refused and nothing was saved."

// crossSiteMessage answers a form post or fetch that came from another site.
const crossSiteMessage = "This came from another web site, so it was refused and nothing was changed: use Tableside's own pages."

// denyCrossSite answers a request the standard library's cross-origin check
// refused, with the app's own page or JSON like every other refusal.
func (s *Server) denyCrossSite(w http.ResponseWriter, r *http.Request) {
	s.handleError(echo.NewHTTPError(http.StatusForbidden, crossSiteMessage), s.e.NewContext(r, w))
}

// wantsJSON tells programs (and our own fetch calls) from browsers.
func wantsJSON(c echo.Context) bool {
	r := c.Request()
	return strings.Contains(r.Header.Get("Accept"), "application/json") ||
		strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") ||
		strings.HasPrefix(r.URL.Path, "/api/")
}

// badRequest is a refusal of malformed input (400) that names the problem.
func badRequest(format string, args ...any) error {
	return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf(format, args...))
}
