// Package charts draws the score log's charts from its plays and ratings:
// the table's score pages and the league's hub draw the same ones (package
// draw: inline SVG made on the server, no script, nothing fetched).
package charts

import (
	"fmt"
	"html/template"
	"strings"

	"tableside/draw"
	"tableside/scoring"
)

const (
	// RatingLines is how many people the ratings chart draws: beyond six
	// lines a phone's chart is a tangle; the tables beside it list everyone.
	RatingLines = 6
	// scoreCharts is how many scores-over-time charts a player's page has,
	// most played games first.
	scoreCharts = 4
)

// Named is a chart with the heading shown above it.
type Named struct {
	Title string
	SVG   template.HTML
}

// Ratings draws the top people's conservative ratings after each rated play,
// one line each, named at its end; colour gives the i-th line's colour.
// Nothing is drawn when no play was rated.
func Ratings(title string, r scoring.Ratings, colour func(i int, row scoring.RatedPerson) string) template.HTML {
	var axis draw.RatingAxis
	if n := r.Rated.Len(); n > 0 {
		axis = draw.RatingAxis{Plays: n, First: r.Rated.At(0).Date, Last: r.Rated.Last().Date}
	}
	var lines []draw.RatingLine
	for i, row := range r.Rows[:min(len(r.Rows), RatingLines)] {
		l := draw.RatingLine{Name: row.Name, Colour: colour(i, row), Now: row.Conservative(), Plays: row.Plays}
		l.Points = make([]draw.RatingPoint, row.History.Len())
		for j := range l.Points {
			p := row.History.At(j)
			l.Points[j] = draw.RatingPoint{At: p.At, Value: p.Conservative}
		}
		lines = append(lines, l)
	}
	return draw.Ratings(title, axis, lines)
}

// OwnColours colours each line in its person's own colour (the table's
// score log, where everyone has one).
func OwnColours(_ int, row scoring.RatedPerson) string { return row.Colour }

// PaletteColours colours the lines in the palette's order (the league, whose
// players' colours are each table's own and may clash).
func PaletteColours(i int, _ scoring.RatedPerson) string { return draw.Palette[i%len(draw.Palette)] }

// GameWins draws a player's wins of their plays at each game they played,
// in their colour ("" for the palette's first).
func GameWins(st scoring.PlayerStats, colour string) template.HTML {
	bars := make([]draw.Bar, 0, len(st.Games))
	for _, g := range st.Games {
		bars = append(bars, draw.Bar{Label: g.Game, Value: g.Wins, Of: g.Plays, Colour: colour})
	}
	return draw.Bars(st.Person.Name+"'s wins per game", bars)
}

// Scores draws a person's scores over time at each points game they played
// more than once, most played first (at most four charts).
func Scores(person scoring.Person, st scoring.PlayerStats, plays []scoring.Play) []Named {
	var out []Named
	for _, g := range st.Games {
		if g.Scored < 2 || len(out) == scoreCharts {
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
		out = append(out, Named{Title: title, SVG: draw.Scores(title, pts)})
	}
	return out
}
