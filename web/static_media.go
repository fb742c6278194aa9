package web

import (
	"bytes"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

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
