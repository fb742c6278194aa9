package hub

import (
	"fmt"
	"html/template"
	"strings"
	"tableside/scoring"

	"tableside/draw"
)

// The hub's charts are the score log's (package draw: inline SVG drawn on
// the server, no script, nothing fetched from elsewhere), over the league's
// plays. They are drawn once per change with the rest of the cached league.
const (
	chartLines  = 6  // rating lines: beyond six a phone's chart is a tangle
	chartBars   = 12 // players in the wins chart: the table lists everyone
	scoreCharts = 4  // a player's scores-over-time charts, most played games first
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
	return leagueCharts{Wins: draw.Bars("Wins per player, of their plays", bars), Ratings: ratingChart(r)}
}

// ratingChart draws the top players' conservative ratings after each rated
// play of the league, one line each, each in its own palette colour and
// named at its end.
func ratingChart(r scoring.Ratings) template.HTML {
	var axis draw.RatingAxis
	if n := r.Rated.Len(); n > 0 {
		axis = draw.RatingAxis{Plays: n, First: r.Rated.At(0).Date, Last: r.Rated.Last().Date}
	}
	var lines []draw.RatingLine
	for i, row := range r.Rows[:min(len(r.Rows), chartLines)] {
		l := draw.RatingLine{Name: row.Name, Colour: draw.Palette[i%len(draw.Palette)], Now: row.Conservative(), Plays: row.Plays}
		l.Points = make([]draw.RatingPoint, row.History.Len())
		for i := range l.Points {
			p := row.History.At(i)
			l.Points[i] = draw.RatingPoint{At: p.At, Value: p.Conservative}
		}
		lines = append(lines, l)
	}
	return draw.Ratings("Ratings over the league's plays", axis, lines)
}

// namedChart is a chart with the heading shown above it.
type namedChart struct {
	Title string
	SVG   template.HTML
}

// playerCharts are a player's wins per game and scores over time at each
// points game they played more than once.
func playerCharts(st scoring.PlayerStats, plays []scoring.Play) (template.HTML, []namedChart) {
	var bars []draw.Bar
	for _, g := range st.Games {
		bars = append(bars, draw.Bar{Label: g.Game, Value: g.Wins, Of: g.Plays})
	}
	wins := draw.Bars(st.Person.Name+"'s wins per game", bars)
	var out []namedChart
	for _, g := range st.Games {
		if g.Scored < 2 || len(out) == scoreCharts {
			continue
		}
		var pts []draw.Point
		for _, p := range plays {
			if !strings.EqualFold(p.Game, g.Game) || p.Scoring != g.Scoring {
				continue
			}
			if pl, ok := p.Has(st.Person.ID); ok && pl.Score != nil {
				pts = append(pts, draw.Point{Date: p.Date, Score: *pl.Score, Won: pl.Winner})
			}
		}
		title := fmt.Sprintf("%s's scores at %s over time", st.Person.Name, g.Game)
		out = append(out, namedChart{Title: title, SVG: draw.Scores(title, pts)})
	}
	return wins, out
}
