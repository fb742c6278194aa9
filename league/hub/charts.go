package hub

import (
	"html/template"

	"tableside/draw"
	"tableside/scoring"
	"tableside/scoring/charts"
)

// The hub's charts are the score log's (package draw: inline SVG drawn on
// the server, no script, nothing fetched from elsewhere), over the league's
// plays. They are drawn once per change with the rest of the cached league.
const (
	chartBars = 12 // players in the wins chart: the table lists everyone
)

// leagueCharts are the standings' and ratings' charts.
type leagueCharts struct {
	Wins    template.HTML // wins and plays per player
	Ratings template.HTML // the top players' ratings over the league's plays
}

func chartsOf(players []scoring.PlayerStats, r scoring.Ratings) leagueCharts {
	var bars []draw.Bar
	for _, p := range players[:min(len(players), chartBars)] {
		bars = append(bars, draw.Bar{Label: p.Person.Name, Value: p.Wins, Of: p.Plays})
	}
	return leagueCharts{Wins: draw.Bars("Wins per player, of their plays", bars), Ratings: charts.Ratings("Ratings over the league's plays", r, charts.PaletteColours)}
}

// playerCharts are a player's wins per game and scores over time at each
// points game they played more than once.
func playerCharts(st scoring.PlayerStats, plays []scoring.Play) (template.HTML, []charts.Named) {
	return charts.GameWins(st, ""), charts.Scores(st.Person, st, plays)
}
