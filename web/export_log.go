package web

import (
	"bytes"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker"
)

// revealAll is the value the export warning's form sends to download the
// full log of a game still in play.
const revealAll = "every-secret"

// exportWarning is the page shown instead of the log of a game in play.
type exportWarning struct {
	Info   tracker.GameInfo
	Reveal string
}

// errSecretLog answers a program asking for the log of a game in play.
var errSecretLog = engine.Refuse("log-holds-secrets",
	"This game is still being played, and its log holds every secret (the deck order, every hand, hidden shares and stakes). Post reveal=%s to /games/N/log to download it anyway, or export it once the game is over.", revealAll)

// exportLog downloads a game's whole event log (host only) once it is
// over, or at any time for a game whose log holds nothing the host's screen
// may not show (engine.OpenLog). The log of any other game in play holds
// every player's secrets, which anyone at the laptop could then read, so it
// gets a warning page instead, whose form downloads it only deliberately
// (exportLogAnyway). The command line's "tableside export" stays complete.
func (s *Server) exportLog(c echo.Context) error {
	info, err := s.storedGameInfo(c)
	if err != nil {
		return err
	}
	if rules, ok := s.tracker.Rules(info.Kind); ok && info.IsPlaying() && !engine.HasOpenLog(rules) {
		if wantsJSON(c) {
			return errSecretLog
		}
		c.Response().Header().Set("Cache-Control", "no-store")
		return s.render(c, http.StatusConflict, "export_warning", page{Title: "Export the log of " + info.Name,
			Data: exportWarning{Info: info, Reveal: revealAll}})
	}
	return s.sendLog(c, info.ID)
}

// exportLogAnyway is the warning page's form: the full log of a game in
// play, secrets and all, for a host who said so.
func (s *Server) exportLogAnyway(c echo.Context) error {
	info, err := s.storedGameInfo(c)
	if err != nil {
		return err
	}
	if c.FormValue("reveal") != revealAll {
		return badRequest("To download a log with every secret in it, send reveal=%s (the warning page's button does).", revealAll)
	}
	s.log.Warn("full log of a game exported with its secrets", "game", info.ID, "status", info.Status)
	return s.sendLog(c, info.ID)
}

// sendLog answers the game's whole log as a download. The log is exported
// in full before anything is sent, so a missing game or a failed read
// answers with its error status, not a 200 and an empty file.
func (s *Server) sendLog(c echo.Context, id int64) error {
	var buf bytes.Buffer
	if err := s.tracker.Export(c.Request().Context(), id, &buf); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="tableside-game-%d.json"`, id))
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, "application/json", buf.Bytes())
}

// storedGameInfo reads the game's row without loading the game, so that a
// game whose log holds a damaged event can still be exported and rescued.
func (s *Server) storedGameInfo(c echo.Context) (tracker.GameInfo, error) {
	id, err := gameID(c)
	if err != nil {
		return tracker.GameInfo{}, err
	}
	return s.tracker.StoredInfo(c.Request().Context(), id)
}
