package web

import "github.com/labstack/echo/v4/middleware"

// routes lists every URL the server answers. One handler per file.
func (s *Server) routes() {
	e := s.e
	e.GET("/healthz", s.healthz)
	e.GET("/static/:hash/*", s.static)

	e.GET("/", s.home)
	e.GET("/odds", s.odds)
	e.GET("/api/odds", s.oddsAPI)
	e.POST("/games", s.createGame, s.hostOnly)
	e.GET("/games/:id", s.showGame)
	e.GET("/games/:id/tv", s.showTV)
	e.POST("/games/:id/commands", s.postCommand, middleware.BodyLimit(commandBodyLimit), s.commandLimit)
	e.POST("/games/:id/undo", s.undo, s.hostOnly)
	e.POST("/games/:id/redo", s.redo, s.hostOnly)
	e.GET("/games/:id/view", s.gameView)
	e.GET("/games/:id/live", s.live)
	e.GET("/games/:id/log", s.exportLog, s.hostOnly)
	e.GET("/calc", s.calc)

	// Phones: joining by QR, and the host's seat management.
	e.GET("/games/:id/qr.png", s.joinQR, s.hostOnly)
	e.GET("/games/:id/join", s.joinPage, s.joinLimit)
	e.POST("/games/:id/join", s.join, middleware.BodyLimit(joinBodyLimit), s.joinLimit)
	e.POST("/games/:id/seats/:seat/move", s.moveSeat, s.hostOnly)
	e.POST("/games/:id/seats/:seat/kick", s.kickSeat, s.hostOnly)
	e.GET("/host", s.hostPage, s.joinLimit)
}
