package scorepages

import (
	"html/template"

	"tableside/draw"
	"tableside/tracker/scorelog"
)

// ratingChartLines is how many people the ratings chart draws: beyond six
// lines a phone's chart is a tangle; the table lists everyone.
const ratingChartLines = 6

// ratingChart draws the top people's conservative ratings over the rated
// plays (draw.Ratings), one line each.
func ratingChart(title string, r scorelog.Ratings) template.HTML {
	dates := make([]string, len(r.Rated))
	for i, p := range r.Rated {
		dates[i] = p.Date
	}
	var lines []draw.RatingLine
	for _, row := range r.Rows[:min(len(r.Rows), ratingChartLines)] {
		l := draw.RatingLine{Name: row.Name, Colour: row.Colour, Now: row.Conservative(), Plays: row.Plays}
		for _, p := range row.History {
			l.Points = append(l.Points, draw.RatingPoint{At: p.At, Value: p.Conservative})
		}
		lines = append(lines, l)
	}
	return draw.Ratings(title, dates, lines)
}
