package scorepages

import (
	"fmt"
	"html/template"
	"strings"
	"tableside/scoring"

	"tableside/draw"
)

// playerScoreCharts draws a person's scores over time at each points game
// they played more than once, most played first (at most four).
func playerScoreCharts(person scoring.Person, st scoring.PlayerStats, plays []scoring.Play) []namedChart {
	var out []namedChart
	for _, g := range st.Games {
		if g.Scored < 2 || len(out) == 4 {
			continue
		}
		var pts []draw.Point
		for _, p := range plays {
			if !strings.EqualFold(p.Game, g.Game) || p.Scoring != g.Scoring {
				continue
			}
			if pl, ok := p.Has(person.ID); ok && pl.Score != nil {
				pts = append(pts, draw.Point{Date: p.Date, Score: *pl.Score, Won: pl.Winner})
			}
		}
		title := fmt.Sprintf("%s's scores at %s over time", person.Name, g.Game)
		out = append(out, namedChart{Title: title, SVG: draw.Scores(title, pts)})
	}
	return out
}

// namedChart is a chart with the heading shown above it.
type namedChart struct {
	Title string
	SVG   template.HTML
}
