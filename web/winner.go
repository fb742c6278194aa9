package web

import (
	"cmp"
	"slices"

	"tableside/engine"
	"tableside/tracker"
)

// resultView is a finished game's standings for the winner screen: every
// seat in rank order, ties sharing a rank, with the score's breakdown.
type resultView struct {
	Winners string // "Ana" or "Ana and Ben"
	Rows    []resultRow
	Luck    *luckView // the dice, measured (luck.go); nil for a game without battles
	// BGStats pushes the play to BG Stats (bgstats_qr.go); nil before the
	// play is in the score log.
	BGStats *bgStatsOffer
}

type resultRow struct {
	Seat      int
	Rank      int
	Name      string
	Points    int
	Winner    bool
	Breakdown []breakdownPart
}

type breakdownPart struct {
	Label  string
	Amount int
}

// standings orders a game's result for people in the one order of a
// finished game (engine.Result.Podium: winners first, then the better score
// in the game's direction, equal places sharing a rank, 1, 2, 2, 4), each
// seat's breakdown in a stable order.
func standings(info tracker.GameInfo, r engine.Result) *resultView {
	podium := r.Podium()
	rows := make([]resultRow, 0, len(podium))
	var winners []string
	for _, sc := range r.Scores {
		if sc.Winner {
			winners = append(winners, setupName(info, sc.Seat))
		}
	}
	for _, p := range podium {
		row := resultRow{Seat: p.Seat, Rank: p.Rank, Name: setupName(info, p.Seat), Points: p.Points, Winner: p.Winner}
		for k, v := range p.Breakdown {
			row.Breakdown = append(row.Breakdown, breakdownPart{Label: k, Amount: v})
		}
		slices.SortFunc(row.Breakdown, func(a, b breakdownPart) int { return cmp.Compare(a.Label, b.Label) })
		rows = append(rows, row)
	}
	return &resultView{Winners: engine.JoinNames(winners), Rows: rows}
}

// setupName is a seat's name in the game's setup, "" for a seat it lacks.
func setupName(info tracker.GameInfo, seat int) string {
	if seat >= 0 && seat < len(info.Setup.Seats) {
		return info.Setup.Seats[seat].Name
	}
	return ""
}
