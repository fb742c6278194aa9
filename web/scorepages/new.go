package scorepages

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/scoring"
)

// newPlay shows the form to log a play by hand, today's date filled in. A
// ?game= link (from a game's page) fills in the game and its usual scoring.
func (s *Pages) newPlay(c echo.Context) error {
	p := scoring.Play{Date: today(), Scoring: scoring.High, Game: c.QueryParam("game")}
	if p.Game != "" {
		plays, err := s.scores.Plays(c.Request().Context(), scoring.Filter{Game: p.Game})
		if err != nil {
			return err
		}
		if n := len(plays); n > 0 {
			last := plays[n-1]
			p.Game, p.Scoring, p.Place = last.Game, last.Scoring, last.Place
			for _, pl := range last.Players {
				p.Players = append(p.Players, scoring.Player{Name: pl.Name})
			}
		}
	}
	f, err := s.newPlayForm(c, p, "/scores/plays", "Log a play", "Save play")
	if err != nil {
		return err
	}
	pg := page{Title: "Log a play", Data: f}
	if !s.mayLogPlays(c) {
		// Say so before the form is filled in, not after.
		pg.Error = NotSeated
	}
	return s.render(c, http.StatusOK, "scores_form", pg)
}
