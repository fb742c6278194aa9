package scorepages

import (
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"tableside/tracker/scorelog"
)

// playBodyLimit bounds a posted play: 20 players and 2,000 characters of
// notes fit many times over.
const playBodyLimit = "64K"

// Guards are the web's middleware the score log's routes take: who may
// write at all (the host, or a phone seated at a game here), how fast one
// seated phone logs plays, and what only the host may do.
type Guards struct {
	SeatedOrHost, PlayLimit, HostOnly echo.MiddlewareFunc
}

// Routes registers the score log's screens on the web's router. Anyone may
// read the score log; the host and phones seated at a game here may log a
// play; the host corrects, deletes, restores, merges and deletes people,
// pairs the league and imports.
func (s *Pages) Routes(e *echo.Echo, g Guards) {
	e.GET("/scores", s.scoresHistory)
	e.GET("/scores/new", s.newPlay)
	e.POST("/scores/plays", s.createPlay, g.SeatedOrHost, g.PlayLimit, middleware.BodyLimit(playBodyLimit))
	e.GET("/scores/plays/:key", s.showPlay)
	e.GET("/scores/plays/:key/edit", s.editPlay, g.HostOnly)
	e.POST("/scores/plays/:key", s.updatePlay, g.HostOnly)
	e.POST("/scores/plays/:key/delete", s.deletePlay, g.HostOnly)
	e.POST("/scores/plays/:key/restore", s.restorePlay, g.HostOnly)
	e.GET("/scores/players", s.scoresPlayers)
	e.GET("/scores/players/:id", forPerson(s.scoresPlayer))
	e.POST("/scores/players/:id", forPerson(s.updatePerson), g.HostOnly)
	e.POST("/scores/players/:id/merge", forPerson(s.mergePerson), g.HostOnly)
	e.POST("/scores/players/:id/delete", forPerson(s.deletePerson), g.HostOnly)
	e.GET("/scores/games", s.scoresGames)
	e.GET("/scores/game", s.scoresGame)
	e.GET("/scores/ratings", s.scoresRatings)
	e.GET("/scores/league", s.scoresLeague, g.HostOnly)
	e.POST("/scores/league", s.pairLeague, g.HostOnly)
	e.POST("/scores/league/unpair", s.unpairLeague, g.HostOnly)
	e.POST("/scores/league/aside/:key", s.setAsidePlay, g.HostOnly)
	e.GET("/scores/export", s.exportScores)
	e.POST("/scores/import", s.importScores, g.HostOnly)
}

// forPerson reads the :id path parameter once for every route about one
// person; an id that is not a number is no such person.
func forPerson(h func(c echo.Context, id int64) error) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := strconv.ParseInt(c.Param("id"), 10, 64)
		if err != nil {
			return scoresErr(scorelog.ErrNoPerson)
		}
		return h(c, id)
	}
}
