package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
)

// liveMessage is what a live stream sends: the viewer's whole view at seq.
// Sending the whole view (tens of KB at most) means a screen that missed
// messages is right again with the next one: nothing to replay, nothing lost.
type liveMessage struct {
	Seq    int64  `json:"seq"`
	Status string `json:"status"`
	Undo   string `json:"undo,omitempty"`
	View   any    `json:"view"`
	HTML   string `json:"html,omitempty"` // the page's live region, rendered for this viewer
}

// live streams a game's changes to one screen as server-sent events. Each
// message is built for this viewer alone. A screen that reconnects sends
// Last-Event-ID and receives the current view at once if it missed anything.
func (s *Server) live(c echo.Context) error {
	id, err := gameID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	updates, stop, err := s.tracker.Subscribe(ctx, id)
	if err != nil {
		return err
	}
	defer stop()
	// The page says which seq it was rendered at (?after=N); a reconnecting
	// EventSource says what it saw last (Last-Event-ID). Either way, only
	// newer views are sent.
	last, _ := strconv.ParseInt(c.QueryParam("after"), 10, 64)
	if id := c.Request().Header.Get("Last-Event-ID"); id != "" {
		last, _ = strconv.ParseInt(id, 10, 64)
	}
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 1000\n\n")
	w.Flush()
	if last, err = s.sendIfNewer(c, id, last); err != nil {
		return nil // the screen went away
	}
	s.log.Debug("live stream open", "game", id, "after", last)
	ping := time.NewTicker(20 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.closing:
			fmt.Fprint(w, "event: bye\ndata: {}\n\n")
			w.Flush()
			return nil
		case <-ping.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return nil
			}
			w.Flush()
		case <-updates:
			if last, err = s.sendIfNewer(c, id, last); err != nil {
				return nil
			}
		}
	}
}

// sendIfNewer sends the viewer's current view when it is newer than last.
func (s *Server) sendIfNewer(c echo.Context, id, last int64) (int64, error) {
	p, err := s.loadGamePage(c)
	if err != nil {
		return last, err
	}
	if p.Seq <= last {
		return last, nil
	}
	html, err := s.views.fragment(gameTemplate(s.views, p.Info.Kind), "live", page{Title: p.Info.Name, Host: p.Viewer.IsHost(), Data: p})
	if err != nil {
		return last, err
	}
	b, err := json.Marshal(liveMessage{Seq: p.Seq, Status: p.Info.Status, Undo: p.Undo, View: p.View, HTML: html})
	if err != nil {
		return last, err
	}
	w := c.Response()
	if _, err := fmt.Fprintf(w, "id: %d\nevent: view\ndata: %s\n\n", p.Seq, b); err != nil {
		return last, err
	}
	w.Flush()
	return p.Seq, nil
}
