package web

import (
	"mime"
	"net/http"
	"path"

	"github.com/labstack/echo/v4"
)

// static serves an embedded file. The hash in the path must match the file's
// content; such responses never change, so browsers may cache them for a year.
func (s *Server) static(c echo.Context) error {
	name := path.Clean(c.Param("*"))
	want, ok := s.views.hashes[name]
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "No such file.")
	}
	if c.Param("hash") != want {
		return c.Redirect(http.StatusFound, "/static/"+want+"/"+name)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	b, err := assets.ReadFile("static/" + name)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, "No such file.")
	}
	return c.Blob(http.StatusOK, mime.TypeByExtension(path.Ext(name)), b)
}

// healthz answers when the server and its database are up.
func (s *Server) healthz(c echo.Context) error {
	if err := s.tracker.DB().PingContext(c.Request().Context()); err != nil {
		return echo.NewHTTPError(http.StatusServiceUnavailable, "The database does not answer: "+err.Error())
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}
