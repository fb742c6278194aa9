package web

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/tracker"
)

// static serves an embedded file. The hash in the path must match the file's
// content; such responses never change, so browsers may cache them for a year.
func (s *Server) static(c echo.Context) error {
	name := path.Clean(c.Param("*"))
	want, ok := s.views.hashes[name]
	var b []byte
	if !ok && strings.Contains(name, bundleSep) { // a page's joined stylesheets or scripts (page_assets.go)
		bd, err := s.views.bundle(name)
		if err != nil {
			return echo.NewHTTPError(http.StatusNotFound, "No such file.")
		}
		want, b, ok = bd.hash, bd.b, true
	}
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "No such file.")
	}
	if c.Param("hash") != want {
		return c.Redirect(http.StatusFound, "/static/"+want+"/"+name)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	if b == nil {
		var err error
		if b, err = s.views.staticFile(name); err != nil {
			return echo.NewHTTPError(http.StatusNotFound, "No such file.")
		}
	}
	if ct, ok := mediaTypes[path.Ext(name)]; ok {
		return serveMedia(c, name, ct, b)
	}
	return c.Blob(http.StatusOK, mime.TypeByExtension(path.Ext(name)), b)
}

// healthz says whether the server and its database work: the database is
// read and a write is begun (and rolled back, so nothing is written). A
// problem is named ("read-only", "disk-full", "damaged", "unavailable"),
// with a non-200 status, so a monitor or the host sees what is wrong.
func (s *Server) healthz(c echo.Context) error {
	problem, err := s.tracker.DB().Health(c.Request().Context())
	if problem == "" {
		if damaged := s.tracker.Damaged(); len(damaged) > 0 {
			return c.JSON(http.StatusInternalServerError, map[string]any{"status": "error", "database": "ok", "damaged": damaged,
				"message": damagedMessage(damaged)})
		}
		return c.JSON(http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
	}
	s.log.Error("health check", "problem", problem, "db", s.tracker.DB().Path, "err", err)
	return c.JSON(storageCode(problem), map[string]string{"status": "error", "database": problem,
		"message": tracker.StorageMessage(problem)})
}

// damagedMessage says which games hold damaged events, for /healthz.
func damagedMessage(damaged []tracker.DamagedError) string {
	var parts []string
	for _, d := range damaged {
		parts = append(parts, fmt.Sprintf("game %d at event %d (%s): %s", d.Game, d.Seq, d.Type, d.Why))
	}
	return "Damaged data in the database (other games work): " + strings.Join(parts, "; ") + "."
}

// mediaTypes are the static files that are audio or video. Their type is
// said here, not looked up in the system's list (a laptop may have none),
// because iOS Safari plays a video only when it is labelled as one.
var mediaTypes = map[string]string{
	".mp4":  "video/mp4",
	".webm": "video/webm",
}

// serveMedia answers with a media file, honouring Range requests: iOS
// Safari asks for a video in byte ranges and plays none from a server that
// does not answer them (the phone's stay-awake video, nudge.js).
func serveMedia(c echo.Context, name, contentType string, b []byte) error {
	c.Response().Header().Set(echo.HeaderContentType, contentType)
	http.ServeContent(c.Response(), c.Request(), name, time.Time{}, bytes.NewReader(b))
	return nil
}
