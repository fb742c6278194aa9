package scorepages

import (
	"fmt"
	"html/template"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/draw"
	"tableside/scoring"
)

// gameStatsPage is one game's record and its full leaderboard.
type gameStatsPage struct {
	Stats    scoring.GameStats
	WinsBars template.HTML
}

// scoresGame shows one game (?g=TITLE): plays, record score, who wins most,
// the leaderboard and a chart of wins per player.
func (s *Pages) scoresGame(c echo.Context) error {
	title := c.QueryParam("g")
	plays, err := s.scores.Plays(c.Request().Context(), scoring.Filter{Game: title})
	if err != nil {
		return err
	}
	st, ok := scoring.GameStatsFor(title, plays)
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, fmt.Sprintf("The score log has no plays of %q.", title))
	}
	var bars []draw.Bar
	for _, r := range st.Leaderboard {
		bars = append(bars, draw.Bar{Label: r.Name, Value: r.Wins, Of: r.Plays, Colour: r.Colour})
	}
	d := gameStatsPage{Stats: st, WinsBars: draw.Bars("Wins per player at "+st.Game, bars)}
	return s.render(c, http.StatusOK, "scores_game", page{Title: st.Game, Data: d})
}
