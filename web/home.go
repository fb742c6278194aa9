package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/tracker"
)

type homeData struct {
	Playing  []tracker.GameInfo
	Finished []tracker.GameInfo
	Kinds    []kindInfo
}

type kindInfo struct {
	Kind, Title        string
	MinSeats, MaxSeats int
}

// home lists the games to resume and offers a new one.
func (s *Server) home(c echo.Context) error {
	games, err := s.tracker.Games(c.Request().Context())
	if err != nil {
		return err
	}
	var d homeData
	for _, g := range games {
		if g.Status == "playing" {
			d.Playing = append(d.Playing, g)
		} else {
			d.Finished = append(d.Finished, g)
		}
	}
	for _, r := range s.tracker.Kinds() {
		d.Kinds = append(d.Kinds, kindInfo{Kind: r.Kind(), Title: r.Title(), MinSeats: r.MinSeats(), MaxSeats: r.MaxSeats()})
	}
	return s.render(c, http.StatusOK, "home", page{Title: "Tableside", Data: d})
}
