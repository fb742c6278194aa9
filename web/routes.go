package web

import (
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"tableside/web/oddspages"
	"tableside/web/printpages"
	"tableside/web/rulespages"
	"tableside/web/scorepages"
)

// routes lists every URL the server answers. One handler per file.
func (s *Server) routes() {
	e := s.e
	e.GET("/healthz", s.healthz)
	e.GET("/static/:hash/*", s.static)

	e.GET("/", s.home)
	oddspages.New(s.renderTitled).Routes(e, s.oddsLimit)
	rulespages.New(s.renderTitled).Routes(e)
	e.POST("/games", s.createGame, s.hostOnly)
	e.GET("/games/:id", forGame(s.showGame))
	e.GET("/games/:id/tv", forGame(s.showTV))
	e.POST("/games/:id/commands", forGame(s.postCommand), middleware.BodyLimit(commandBodyLimit), s.commandLimit)
	e.POST("/games/:id/undo", forGame(s.undo), s.hostOnly)
	e.POST("/games/:id/redo", forGame(s.redo), s.hostOnly)
	e.POST("/games/:id/undo-requests", forGame(s.askUndo), middleware.BodyLimit(commandBodyLimit), s.commandLimit)
	e.POST("/games/:id/undo-requests/:ask/approve", forGame(s.answerUndo(true)), s.hostOnly)
	e.POST("/games/:id/undo-requests/:ask/decline", forGame(s.answerUndo(false)), s.hostOnly)
	e.POST("/games/:id/again", forGame(s.playAgain), s.hostOnly)
	e.POST("/games/:id/clock", forGame(s.setClock), middleware.BodyLimit(commandBodyLimit), s.hostOnly)
	e.GET("/games/:id/view", forGame(s.gameView))
	e.GET("/games/:id/live", s.live)
	e.GET("/games/:id/moves", forGame(s.sheetFold))
	e.GET("/games/:id/timeline", forGame(s.timeline), s.replayLimit, s.heavy)
	e.GET("/games/:id/dice", forGame(s.gameDice), s.replayLimit, s.heavy)
	e.GET("/games/:id/log", s.exportLog, s.hostOnly)
	e.POST("/games/:id/log", s.exportLogAnyway, s.hostOnly)
	e.GET("/games/:id/statements/:seat", forGame(s.coldcashStatement), s.heavy)

	// The score log: anyone may read it; the host and phones seated at a
	// game here may log a play (scores_guard.go); the rest is the host's.
	s.scorePages.Routes(e, scorepages.Guards{SeatedOrHost: s.seatedOrHost, PlayLimit: s.playLimiter(), HostOnly: s.hostOnly})

	e.GET("/games/:id/bgstats.png", s.bgStatsQR)
	printpages.New(printpages.Site{Render: s.renderTitled, GameID: gameID, BaseURL: s.baseURL, Poster: s.printPoster}, s.tracker, s.reads).
		Routes(e, printpages.Guards{Heavy: s.heavy, ReplayLimit: s.replayLimit, HostOnly: s.hostOnly})
	// Phones: joining by QR, and the host's seat management.
	e.GET("/games/:id/qr.png", s.joinQR, s.hostOnly)
	e.GET("/join", s.joinRoomPage)
	e.POST("/join", s.joinRoom, middleware.BodyLimit(joinBodyLimit), s.joinLimit)
	e.GET("/games/:id/join", s.joinPage, s.joinLimit)
	e.POST("/games/:id/join", s.join, middleware.BodyLimit(joinBodyLimit), s.joinLimit)
	e.POST("/games/:id/follow", s.follow, middleware.BodyLimit(joinBodyLimit), s.joinLimit)
	e.POST("/games/:id/seats/:seat/move", s.moveSeat, s.hostOnly)
	e.POST("/games/:id/seats/:seat/kick", s.kickSeat, s.hostOnly)
	// A player without a phone plays from the laptop (laptop_hand.go).
	e.POST("/games/:id/seats/:seat/laptop", s.setLaptopSeat, s.hostOnly)
	e.GET("/games/:id/laptop", forGame(s.laptopPanelPage), s.hostOnly)
	e.POST("/games/:id/laptop/hide", forGame(s.hideLaptopHand), s.hostOnly)
	e.POST("/games/:id/laptop/:seat/open", s.openLaptopHand, s.hostOnly)
	e.POST("/games/:id/laptop/:seat/commands", s.laptopCommand, s.hostOnly, middleware.BodyLimit(commandBodyLimit), s.commandLimit)
	e.POST("/games/:id/join-code", s.newJoinCode, s.hostOnly)
	e.POST("/games/:id/lock", s.lockTable, s.hostOnly)
	e.POST("/games/:id/unlock", s.unlockTable, s.hostOnly)
	e.GET("/host", s.hostPage, s.joinLimit)
	e.GET("/host/claim", s.hostClaim, s.joinLimit)
	e.POST("/host/signout", s.signOutHosts, s.hostOnly)
	e.GET("/wifi", s.wifiPage, s.hostOnly)
	e.POST("/wifi", s.saveWiFi, s.hostOnly)
	e.GET("/wifi.png", s.wifiQR, s.hostOnly)
}

// gameHandler answers a request about one game, its id already read.
type gameHandler func(c echo.Context, id int64) error

// forGame reads the :id path parameter once for every route about one game,
// so a handler starts with its game id; a bad id is "no such game" (404).
func forGame(h gameHandler) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := gameID(c)
		if err != nil {
			return err
		}
		return h(c, id)
	}
}
