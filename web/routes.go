package web

// routes lists every URL the server answers. One handler per file.
func (s *Server) routes() {
	e := s.e
	e.GET("/healthz", s.healthz)
	e.GET("/static/:hash/*", s.static)

	e.GET("/", s.home)
	e.POST("/games", s.createGame, s.hostOnly)
	e.GET("/games/:id", s.showGame)
	e.POST("/games/:id/commands", s.postCommand)
	e.POST("/games/:id/undo", s.undo, s.hostOnly)
	e.POST("/games/:id/redo", s.redo, s.hostOnly)
	e.GET("/games/:id/view", s.gameView)
	e.GET("/games/:id/live", s.live)
	e.GET("/games/:id/log", s.exportLog, s.hostOnly)
	e.GET("/calc", s.calc)
}
