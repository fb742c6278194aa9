package web

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker"
)

// undo reverts the command the host's undo button names (host only).
func (s *Server) undo(c echo.Context, id int64) error { return s.revert(c, id, false) }

// redo restores the command the host's redo button names (host only).
func (s *Server) redo(c echo.Context, id int64) error { return s.revert(c, id, true) }

// revertRequest is what an undo or redo form (or a program) sends: the
// command it takes, and an idempotency key so a double tap counts once.
type revertRequest struct {
	Cmd  int64  `json:"cmd"`
	Idem string `json:"idem"`
}

func (s *Server) revert(c echo.Context, id int64, redo bool) error {
	req, err := readRevert(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	var out tracker.Reverted
	if redo {
		out, err = s.tracker.Redo(ctx, id, req.Cmd, req.Idem)
	} else {
		out, err = s.tracker.Undo(ctx, id, req.Cmd, req.Idem)
	}
	if wantsJSON(c) {
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"reverted": out.What, "cmd": out.Cmd, "repeat": out.Repeat})
	}
	if err != nil && engine.IsRefusal(err) {
		return refuseBack(c, id, err, "")
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, gamePath(id))
}

// readRevert reads the undo or redo form, or its JSON (by its Content-Type:
// a form may ask for a JSON answer). The target is
// required: an undo that does not say what it takes back could take back a
// command made after the button was drawn.
func readRevert(c echo.Context) (revertRequest, error) {
	var req revertRequest
	if strings.HasPrefix(c.Request().Header.Get("Content-Type"), "application/json") {
		dec := json.NewDecoder(c.Request().Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			return req, badRequest("The request could not be read: %v. Send {\"cmd\": N, \"idem\": \"key\"}.", err)
		}
	} else {
		raw := c.FormValue("cmd")
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil && raw != "" {
			return req, badRequest("The command to take back is a number, not %q.", raw)
		}
		req.Cmd, req.Idem = n, c.FormValue("idem")
	}
	if req.Cmd <= 0 {
		return req, badRequest("The request does not say which command to take back; reload the page and tap the button again.")
	}
	var err error
	req.Idem, err = idemKey(c, req.Idem)
	return req, err
}
