package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker"
)

// faultMessage heads the host's rescue screen.
const faultMessage = "Tableside hit a fault in this game's rules while drawing this screen."

// renderFault answers the host's game screen when the game's engine panics
// drawing it (a log an older version wrote, before commands were tried on
// every screen's reads): the host still gets the undo and redo buttons, which
// are drawn without the engine's view, and Export log, so a game is never
// wedged. Anyone else gets the fault as it is.
func (s *Server) renderFault(c echo.Context, id int64, v engine.Viewer, cause error) error {
	if !v.IsHost() || wantsJSON(c) || !errors.Is(cause, tracker.ErrEngineFault) {
		return cause
	}
	ctx := c.Request().Context()
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return cause
	}
	rv, err := s.tracker.UndoPreview(ctx, id)
	if err != nil {
		return cause
	}
	p := gamePage{Info: info, Viewer: v, Undo: rv.Undo.What, UndoCmd: rv.Undo.Cmd, Redo: rv.Redo.What, RedoCmd: rv.Redo.Cmd,
		Toast: faultMessage}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.render(c, http.StatusUnprocessableEntity, "rescue", page{Title: info.Name, Host: true, Data: p})
}
