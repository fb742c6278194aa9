package web

import (
	"fmt"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker"
)

// gamePage is what a game's screen is rendered from.
type gamePage struct {
	Info   tracker.GameInfo
	Viewer engine.Viewer
	View   any
	Seq    int64
	Undo   string   // what the undo button would undo; empty when nothing
	Board  *ccPanel // Cold Cash Risk's map and its moves, in board mode
	Live   string   // the live stream's URL, with the territory selection
}

// showGame renders a game for whoever asks: the host screen, a player's
// phone, or the public view. A game kind with its own template
// ("game_coldcash") gets it; others get the generic page.
func (s *Server) showGame(c echo.Context) error {
	p, err := s.loadGamePage(c)
	if err != nil {
		return err
	}
	name := gameTemplate(s.views, p.Info.Kind)
	return s.render(c, http.StatusOK, name, page{Title: p.Info.Name, Data: p})
}

func (s *Server) loadGamePage(c echo.Context) (gamePage, error) {
	id, err := gameID(c)
	if err != nil {
		return gamePage{}, err
	}
	ctx := c.Request().Context()
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return gamePage{}, err
	}
	v := s.viewer(c, id)
	view, seq, err := s.tracker.View(ctx, id, v)
	if err != nil {
		return gamePage{}, err
	}
	p := gamePage{Info: info, Viewer: v, View: view, Seq: seq, Live: fmt.Sprintf("/games/%d/live", id)}
	if sel, from := c.QueryParam("t"), c.QueryParam("from"); info.Kind == "coldcash" {
		p.Board = coldcashPanel(id, view, v, sel, from)
		if sel != "" || from != "" {
			p.Live += "?" + url.Values{"t": {sel}, "from": {from}}.Encode()
		}
	}
	if v.IsHost() {
		if p.Undo, _, err = s.tracker.UndoPreview(ctx, id); err != nil {
			return gamePage{}, err
		}
	}
	return p, nil
}

// gameView answers a screen's request for its current view as JSON.
func (s *Server) gameView(c echo.Context) error {
	p, err := s.loadGamePage(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, liveMessage{Seq: p.Seq, View: p.View, Undo: p.Undo, Status: p.Info.Status})
}
