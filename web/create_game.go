package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine"
)

// createGameRequest is the new-game form: a game, a name, players, settings.
type createGameRequest struct {
	Kind     string          `json:"kind" form:"kind"`
	Name     string          `json:"name" form:"name"`
	Players  []string        `json:"players" form:"player"`
	Settings json.RawMessage `json:"settings"`
	// Fresh lists the kinds whose remembered setting the host chose not to
	// reuse (the form's "start without it" boxes).
	Fresh []string `json:"fresh" form:"fresh"`
}

// createGame starts a game and opens its host screen.
func (s *Server) createGame(c echo.Context) error {
	var req createGameRequest
	if err := c.Bind(&req); err != nil {
		return badRequest("The new game form could not be read: %v", err)
	}
	setup := engine.Setup{Settings: req.Settings}
	if len(setup.Settings) == 0 {
		setup.Settings = formSettings(c)
	}
	setup.Settings = s.rememberedSettings(c.Request().Context(), req.Kind, setup.Settings, req.Fresh)
	for _, p := range req.Players {
		if p = strings.TrimSpace(p); p != "" {
			setup.Seats = append(setup.Seats, engine.Seat{Name: p})
		}
	}
	info, err := s.tracker.Create(c.Request().Context(), req.Kind, req.Name, setup)
	if err != nil {
		return err
	}
	if wantsJSON(c) {
		return c.JSON(http.StatusCreated, info)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", info.ID))
}

// formSettings gathers "set.NAME" form fields into a settings object. Values
// that read as JSON (numbers, true/false) keep their type; others are strings.
func formSettings(c echo.Context) json.RawMessage {
	form, err := c.FormParams()
	if err != nil {
		return nil
	}
	return fieldsJSON(form, "set.")
}

// fieldsJSON turns the form fields that start with prefix into a JSON object.
func fieldsJSON(form map[string][]string, prefix string) json.RawMessage {
	obj := map[string]json.RawMessage{}
	for k, vs := range form {
		name, ok := strings.CutPrefix(k, prefix)
		if !ok || len(vs) == 0 || name == "" {
			continue
		}
		obj[name] = fieldValue(vs[len(vs)-1])
	}
	if len(obj) == 0 {
		return nil
	}
	b, _ := json.Marshal(obj) // a map of raw JSON values always encodes
	return b
}

func fieldValue(v string) json.RawMessage {
	v = strings.TrimSpace(v)
	if json.Valid([]byte(v)) && !strings.HasPrefix(v, "\"") {
		return json.RawMessage(v)
	}
	b, _ := json.Marshal(v)
	return b
}
