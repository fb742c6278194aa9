package web

import (
	"log/slog"

	"github.com/labstack/echo/v4"
)

// Alone makes e serve pages as the server does, without the rest of the
// server: the site's real layout and templates (e.Renderer) and its one
// error page (e.HTTPErrorHandler). It returns the renderer a sub-package's
// screens take (web/scorepages, web/oddspages, web/printpages), which
// draws a page as the server's does for a request that isHost and mayLog
// say is the host's or may log a play (the server reads them from the
// request's cookies and seats; here a test says). The sub-packages' own
// tests serve their routes on it with a fake of the rest of the web; what
// crosses packages (the guards, the games) is tested with the whole
// server.
func Alone(e *echo.Echo, log *slog.Logger, isHost, mayLog func(echo.Context) bool) func(c echo.Context, code int, name, title, refusal string, data any) error {
	e.Renderer = sharedViews()
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		writeError(log, func() string { return "" }, err, c)
	}
	reach := func() string { return "" } // no laptop: nothing to reach
	return func(c echo.Context, code int, name, title, refusal string, data any) error {
		return renderPage(c, code, name, page{Title: title, Error: refusal, Data: data}, isHost, mayLog, reach)
	}
}
