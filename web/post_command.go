package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/web/form"
)

// commandRequest is a command as a screen sends it.
type commandRequest struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
	Idem string          `json:"idem"`
}

// postCommand hands a command to the tracker on behalf of the asking seat.
// A form post gets the game page back (with the refusal, if any); a fetch
// gets JSON.
func (s *Server) postCommand(c echo.Context, id int64) error {
	req, err := readCommand(c)
	if err != nil {
		return err
	}
	v := s.viewer(c, id)
	if v.Seat == engine.Public {
		return echo.NewHTTPError(http.StatusForbidden, "Join the game first: spectators can only watch.")
	}
	out, err := s.tracker.Do(c.Request().Context(), id, engine.Command{Type: req.Type, Seat: v.Seat, Data: req.Data}, req.Idem)
	if wantsJSON(c) {
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"seq": out.Seq, "repeat": out.Repeat})
	}
	if err != nil && engine.IsRefusal(err) {
		return refuseBack(c, id, err, keepSelection(c))
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, gamePath(id)+keepSelection(c))
}

// keepSelection carries a map screen's selection (the form's "keep":
// "?from=X&t=Y") over the redirect, so an attacker can roll again with one
// tap. Only the two known fields pass, re-encoded.
func keepSelection(c echo.Context) string {
	k := c.FormValue("keep")
	if !strings.HasPrefix(k, "?") {
		return ""
	}
	q, err := url.ParseQuery(k[1:])
	if err != nil {
		return ""
	}
	out := url.Values{}
	for _, f := range []string{"from", "t"} {
		if v := q.Get(f); v != "" {
			out.Set(f, v)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "?" + out.Encode() + "#panel"
}

// readCommand reads JSON, or a form (form.ReadCommand: "type", an optional
// "data" JSON field, and "d.NAME" and "t.NAME" fields merged into the data).
func readCommand(c echo.Context) (commandRequest, error) {
	var req commandRequest
	if wantsJSON(c) {
		dec := json.NewDecoder(c.Request().Body)
		dec.DisallowUnknownFields() // {"tpye": ...} is a mistake to say, not to ignore
		if err := dec.Decode(&req); err != nil {
			return req, badRequest("The command could not be read: %v", err)
		}
		if _, err := dec.Token(); err != io.EOF {
			return req, badRequest("The command has more after its JSON object; send one object with type, data and idem.")
		}
	} else {
		values, err := c.FormParams()
		if err != nil {
			return req, badRequest("The form could not be read: %v", err)
		}
		cmd, err := form.ReadCommand(values)
		if err != nil {
			return req, badRequest("%s", err)
		}
		req.Type, req.Data, req.Idem = cmd.Type, cmd.Data, cmd.Idem
	}
	if req.Type == "" {
		return req, badRequest("The command has no type.")
	}
	var err error
	req.Idem, err = idemKey(c, req.Idem)
	return req, err
}

// idemKey is a request's idempotency key: the one its body gives, else its
// Idempotency-Key header; at most 100 characters.
func idemKey(c echo.Context, given string) (string, error) {
	if given == "" {
		given = c.Request().Header.Get("Idempotency-Key")
	}
	if len(given) > 100 {
		return "", badRequest("The idempotency key is longer than 100 characters.")
	}
	return given, nil
}
