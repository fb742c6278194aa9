package scorepages

import (
	"net/http"
	"sort"

	"github.com/labstack/echo/v4"

	"tableside/scoring"
)

// scoresPlayers lists everyone in the log with their plays, wins and win
// rate, the most wins first.
func (s *Pages) scoresPlayers(c echo.Context) error {
	ctx := c.Request().Context()
	people, err := s.scores.People(ctx)
	if err != nil {
		return err
	}
	plays, err := s.scores.Plays(ctx, scoring.Filter{})
	if err != nil {
		return err
	}
	rows := make([]scoring.PlayerStats, 0, len(people))
	for _, p := range people {
		rows = append(rows, scoring.PlayerStatsOf(p, plays))
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].Wins != rows[j].Wins {
			return rows[i].Wins > rows[j].Wins
		}
		return rows[i].Plays > rows[j].Plays
	})
	return s.render(c, http.StatusOK, "scores_players", page{Title: "Players", Data: rows})
}
