// Package scorepages is the score log's screens: the history of plays, a
// play, the players, the games, the ratings, the league link, logging and
// correcting plays, export and import. It is below the web, which makes
// one Pages with what it takes from the server (rendering in the site's
// layout, who is the host, who may log a play) and registers its routes
// (Routes). Handlers are one per file, thin: they read the request, call
// the score log, and render.
package scorepages

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/readmodel"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

// Site is what the pages take from the server that hosts them.
type Site struct {
	// Render draws a page in the site's layout (or its data as JSON when
	// a program asked); refusal is shown above it ("" for none).
	Render func(c echo.Context, code int, name, title, refusal string, data any) error
	// IsHost reports whether the request comes from the host.
	IsHost func(c echo.Context) bool
	// MayLogPlays reports whether the request may log a play (the host, or
	// a phone seated at this table).
	MayLogPlays func(c echo.Context) bool
	// WantsJSON tells programs (and the site's own fetch calls) from
	// browsers.
	WantsJSON func(c echo.Context) bool
	// Viewer is who the request is at a game (its host, a seat, the public).
	Viewer func(c echo.Context, game int64) engine.Viewer
}

// Pages is the score log's screens.
type Pages struct {
	site    Site
	scores  *scorelog.Store
	tracker *tracker.Tracker
	reads   *readmodel.Reader
	league  LeagueLink // nil: no league page
	log     *slog.Logger
}

// New makes the score log's screens over its store, the games' tracker and
// their reader (a play's luck and charts come from its game's log).
func New(site Site, scores *scorelog.Store, t *tracker.Tracker, reads *readmodel.Reader, league LeagueLink, log *slog.Logger) *Pages {
	if log == nil {
		log = slog.Default()
	}
	return &Pages{site: site, scores: scores, tracker: t, reads: reads, league: league, log: log}
}

// page is what a handler renders: its title, a refusal, its data.
type page struct {
	Title string
	Error string
	Data  any
}

func (s *Pages) render(c echo.Context, code int, name string, p page) error {
	return s.site.Render(c, code, name, p.Title, p.Error, p.Data)
}

func (s *Pages) isHost(c echo.Context) bool { return s.site.IsHost(c) }

func (s *Pages) mayLogPlays(c echo.Context) bool { return s.site.MayLogPlays(c) }

func (s *Pages) viewer(c echo.Context, game int64) engine.Viewer { return s.site.Viewer(c, game) }

// playLuck is the luck of the game a play was recorded from (nil: none).
func (s *Pages) playLuck(ctx context.Context, gameID int64) *readmodel.Luck {
	return s.reads.PlayLuck(ctx, gameID)
}

// badRequest is a 400 with a message for people.
func badRequest(format string, args ...any) error {
	return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf(format, args...))
}

func (s *Pages) wantsJSON(c echo.Context) bool { return s.site.WantsJSON(c) }

// NotSeated refuses a play from a phone with no seat here.
const NotSeated = "Only players seated at this table (or the host) can log a play: join a game from its QR code first, or ask the host to log it."
