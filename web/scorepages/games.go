package scorepages

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/scoring"
)

// scoresGames shows every game's leaderboard, the most played game first.
func (s *Pages) scoresGames(c echo.Context) error {
	plays, err := s.scores.Plays(c.Request().Context(), scoring.Filter{})
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "scores_games", page{Title: "Leaderboards", Data: scoring.GameStatsOf(plays)})
}
