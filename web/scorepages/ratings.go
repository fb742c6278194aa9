package scorepages

import (
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/scoring"
	"tableside/scoring/charts"
)

// ratingsPage is the table's ratings: every game's or one game's, over a
// season, with the chart of the top ratings over time.
type ratingsPage struct {
	Game    string // "" for every game
	Games   []string
	Season  season
	Ratings scoring.Ratings
	Chart   template.HTML
}

// scoresRatings shows the players' skill ratings (?game=TITLE for one game,
// ?season=YEAR or ?from=&to= for a season), recomputed from the plays.
func (s *Pages) scoresRatings(c echo.Context) error {
	ctx := c.Request().Context()
	se, err := readSeason(c)
	if err != nil {
		return err
	}
	d := ratingsPage{Game: strings.TrimSpace(c.QueryParam("game")), Season: se}
	if d.Games, err = s.scores.GameTitles(ctx); err != nil {
		return err
	}
	if d.Game != "" && !hasTitle(d.Games, d.Game) {
		return echo.NewHTTPError(http.StatusNotFound, fmt.Sprintf("The score log has no plays of %.80q.", d.Game))
	}
	plays, err := s.scores.Plays(ctx, scoring.Filter{From: se.From, To: se.To})
	if err != nil {
		return err
	}
	d.Ratings = scoring.Rate(plays, d.Game)
	title := "Ratings over every game"
	if d.Game != "" {
		title = "Ratings at " + d.Game
	}
	d.Chart = charts.Ratings(title+", "+se.Words(), d.Ratings, charts.OwnColours)
	return s.render(c, http.StatusOK, "scores_ratings", page{Title: title, Data: d})
}

// hasTitle reports whether titles holds title, compared without case.
func hasTitle(titles []string, title string) bool {
	for _, t := range titles {
		if strings.EqualFold(t, title) {
			return true
		}
	}
	return false
}
