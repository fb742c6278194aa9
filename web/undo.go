package web

import (
	"bytes"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

// undo reverts the newest command still in force (host only).
func (s *Server) undo(c echo.Context) error { return s.revert(c, false) }

// redo restores the command most recently undone (host only).
func (s *Server) redo(c echo.Context) error { return s.revert(c, true) }

func (s *Server) revert(c echo.Context, redo bool) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	var what string
	if redo {
		what, err = s.tracker.Redo(ctx, id)
	} else {
		what, err = s.tracker.Undo(ctx, id)
	}
	if err != nil {
		return err
	}
	if wantsJSON(c) {
		return c.JSON(http.StatusOK, map[string]string{"reverted": what})
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}

// exportLog downloads a game's whole event log (host only).
func (s *Server) exportLog(c echo.Context) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	// The log is exported in full before anything is sent, so a missing
	// game or a failed read answers with its error status, not a 200 and
	// an empty file.
	var buf bytes.Buffer
	if err := s.tracker.Export(c.Request().Context(), id, &buf); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="tableside-game-%d.json"`, id))
	return c.Blob(http.StatusOK, "application/json", buf.Bytes())
}
