package web

import (
	"net/http"
	"strconv"
	"strings"
	"tableside/tracker"

	"github.com/labstack/echo/v4"
)

// page is what every template receives.
type page struct {
	Title string
	Host  bool // the viewer is the host screen
	// MayLog is set on the score log's pages when the viewer may log a
	// play (the host or a seated phone): "Log a play" is offered only then.
	MayLog bool
	Error  string
	// Reach says, on the host's screens, why no phone can reach this
	// laptop now ("" when one can; see Server.Unreachable).
	Reach string
	Data  any
	// Game is set on a game's screens: the layout draws the seat bar, the
	// turn bar and the host's phones panel from it, for every kind of game.
	Game *gamePage
	// AssetsOf names another page whose stylesheets and scripts this one
	// loads too: the timeline draws a game's screen.
	AssetsOf string
	// Head is the page's stylesheets and scripts, set as it is rendered.
	Head headLinks
}

// render writes a page, or its data as JSON when a program asked.
func (s *Server) render(c echo.Context, code int, name string, p page) error {
	return renderPage(c, code, name, p, s.isHost, s.mayLogPlays, s.Unreachable)
}

// renderPage is render without the server (Alone renders with it too):
// isHost and mayLog read the request's cookies and seats, reach says why
// no phone can reach the laptop.
func renderPage(c echo.Context, code int, name string, p page, isHost, mayLog func(echo.Context) bool, reach func() string) error {
	if wantsJSON(c) {
		return c.JSON(code, p.Data)
	}
	p.Host = isHost(c)
	if p.Host {
		p.Reach = reach()
	}
	if strings.HasPrefix(name, "scores") {
		p.MayLog = mayLog(c)
	}
	return c.Render(code, name, p)
}

// renderTitled writes a page of another package's screens (scorepages).
func (s *Server) renderTitled(c echo.Context, code int, name, title, refusal string, data any) error {
	return s.render(c, code, name, page{Title: title, Error: refusal, Data: data})
}

// gameID reads the :id path parameter.
func gameID(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, echo.NewHTTPError(http.StatusNotFound, "There is no such game.")
	}
	return id, nil
}

// gameInfo reads the :id path parameter and loads that game's description.
func (s *Server) gameInfo(c echo.Context) (tracker.GameInfo, error) {
	id, err := gameID(c)
	if err != nil {
		return tracker.GameInfo{}, err
	}
	return s.tracker.Info(c.Request().Context(), id)
}
