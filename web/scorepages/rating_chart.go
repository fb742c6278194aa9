package scorepages

import (
	"html/template"
	"tableside/scoring"

	"tableside/draw"
)

// ratingChartLines is how many people the ratings chart draws: beyond six
// lines a phone's chart is a tangle; the table lists everyone.
const ratingChartLines = 6

// ratingChart draws the top people's conservative ratings over the rated
// plays (draw.Ratings), one line each.
func ratingChart(title string, r scoring.Ratings) template.HTML {
	var axis draw.RatingAxis
	if n := r.Rated.Len(); n > 0 {
		axis = draw.RatingAxis{Plays: n, First: r.Rated.At(0).Date, Last: r.Rated.Last().Date}
	}
	var lines []draw.RatingLine
	for _, row := range r.Rows[:min(len(r.Rows), ratingChartLines)] {
		l := draw.RatingLine{Name: row.Name, Colour: row.Colour, Now: row.Conservative(), Plays: row.Plays}
		l.Points = make([]draw.RatingPoint, row.History.Len())
		for i := range l.Points {
			p := row.History.At(i)
			l.Points[i] = draw.RatingPoint{At: p.At, Value: p.Conservative}
		}
		lines = append(lines, l)
	}
	return draw.Ratings(title, axis, lines)
}
