package readmodel

import (
	"context"

	"tableside/engine"
	"tableside/printables"

	"tableside/draw"
)

// recordChart is the printed record's chart: the game's main measure
// (engine.Measurer's first) after every command, as the public sees it,
// since the record is printed for the whole table; with the game over, a
// Secret measure is open to all (engine.Measure.Seen). Nothing for a game
// that measures nothing, or whose chart cannot be drawn (logged): the
// record prints without it.
func (r *Reader) recordChart(ctx context.Context, id int64) *printables.RecordChart {
	info, series, err := r.Series(ctx, id)
	if err != nil {
		r.log.Error("record chart", "game", id, "err", err)
		return nil
	}
	if len(series.Points) == 0 || len(series.Points[0]) == 0 {
		return nil
	}
	m0 := series.Points[0][0]
	seats := info.Setup.Seats
	c := &printables.RecordChart{Label: m0.Label, Colours: draw.SeatColours(info.Kind, seats), Series: make([][]int, len(m0.Values))}
	if m0.Money {
		c.Label += " ($)"
	}
	for seat := range m0.Values {
		c.Names = append(c.Names, draw.PlayerName(seats, seat))
	}
	for _, pt := range series.Points {
		values, _ := pt[0].Seen(engine.Viewer{Seat: engine.Public}, true)
		for seat := range c.Series {
			if seat < len(values) {
				c.Series[seat] = append(c.Series[seat], values[seat])
			}
		}
	}
	return c
}
