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
	// Seats is how many player fields the new-game form offers: enough for
	// the game that takes the most. The first few show; the rest fold away.
	Seats, Shown int
	// People are the score log's players, suggested as names, so a seat
	// links to the person who comes back game after game.
	People []string
	// Carried lists what a new game of each kind would take from an earlier
	// one (a deck's symbols, a map), shown so nothing is reused unseen.
	Carried []carried
}

// shownSeats is how many player fields show before "More players".
const shownSeats = 6

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
		d.Seats = max(d.Seats, r.MaxSeats())
	}
	d.Shown = min(d.Seats, shownSeats)
	d.Carried = s.carriedOver(c.Request().Context(), d.Kinds)
	people, err := s.scores.People(c.Request().Context())
	if err != nil {
		return err
	}
	for _, p := range people {
		d.People = append(d.People, p.Name)
	}
	return s.render(c, http.StatusOK, "home", page{Title: "Tableside", Data: d})
}
