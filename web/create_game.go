package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/web/form"
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

// createGame starts a game and opens its host screen. A refused form (two
// players with one name, too few players, a bad setting) comes back with
// the reason and everything the host typed, and nothing is created.
func (s *Server) createGame(c echo.Context) error {
	var req createGameRequest
	if err := c.Bind(&req); err != nil {
		return badRequest("The new game form could not be read: %v", err)
	}
	var values url.Values
	setup := engine.Setup{Settings: req.Settings}
	if !strings.HasPrefix(c.Request().Header.Get(echo.HeaderContentType), echo.MIMEApplicationJSON) {
		values, _ = c.FormParams()
	}
	if len(setup.Settings) == 0 && values != nil {
		setup.Settings = form.Fields(chosenSettings(values, req.Kind), "set.")
	}
	// A new game's settings are strict: a field the game does not know is
	// refused by name (stored games stay lenient, see engine.SettingsChecker).
	if rules, ok := s.tracker.Rules(req.Kind); ok {
		if err := rules.CheckSettings(setup.Settings); err != nil {
			if !wantsJSON(c) {
				return s.homePage(c, http.StatusUnprocessableEntity, refusalText(err), newGameForm{Kind: req.Kind, Name: req.Name, Players: req.Players}, values)
			}
			return err
		}
	}
	setup.Settings = s.rememberedSettings(c.Request().Context(), req.Kind, setup.Settings, req.Fresh)
	for _, p := range req.Players {
		// The form's unused player fields are empty; a program's list is
		// taken as sent, so an empty name there is refused by name.
		if strings.TrimSpace(p) == "" && values != nil {
			continue
		}
		setup.Seats = append(setup.Seats, engine.Seat{Name: p})
	}
	info, err := s.tracker.Create(c.Request().Context(), req.Kind, req.Name, setup)
	if err != nil {
		if engine.IsRefusal(err) && !wantsJSON(c) {
			return s.homePage(c, http.StatusUnprocessableEntity, refusalText(err), newGameForm{Kind: req.Kind, Name: req.Name, Players: req.Players}, values)
		}
		return err
	}
	if wantsJSON(c) {
		return c.JSON(http.StatusCreated, info)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", info.ID))
}
