package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/engine"
)

// showTV is the TV screen (/games/N/tv): a fixed 16:9 page for a shared
// screen, drawn from the public view only, whoever asks (the laptop
// included). Its live stream asks for the public view too (data-as), so a TV
// browser needs no host rights and the laptop's TV window shows no more than
// a stranger's TV; only the join corner (the room code, the QR codes) is drawn
// when the laptop itself draws the page or the TV was paired with the join
// code (tv_join.go).
func (s *Server) showTV(c echo.Context, id int64) error {
	if paired, err := s.pairTV(c, id); paired || err != nil {
		return err
	}
	c.Set("tv", true)
	return s.renderGame(c, http.StatusOK, id, engine.Viewer{Seat: engine.Public}, takeToast(c, id))
}

// TVWrap is the class of this game's live region on the TV: its own page's
// (gameScreens.wrap), so the game's look carries over.
func (p gamePage) TVWrap() string { return screens[p.Info.Kind].wrap }

// TVMap says the game is played on a map (RISK, Piecepack Conquers the
// World, Cold Cash Risk's board mode): the TV then lays the screen out
// around the whole map (tv.css, "The map's screen").
func (p gamePage) TVMap() bool {
	return screens[p.Info.Kind].onMap || p.Board != nil
}
