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
}

type resultRow struct {
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

// standings orders a game's result for people: highest first, equal scores
// sharing a rank (1, 2, 2, 4), each seat's breakdown in a stable order.
func standings(info tracker.GameInfo, r engine.Result) *resultView {
	rows := make([]resultRow, 0, len(r.Scores))
	var winners []string
	for _, sc := range r.Scores {
		name := ""
		if sc.Seat >= 0 && sc.Seat < len(info.Setup.Seats) {
			name = info.Setup.Seats[sc.Seat].Name
		}
		row := resultRow{Name: name, Points: sc.Points, Winner: sc.Winner}
		for k, v := range sc.Breakdown {
			row.Breakdown = append(row.Breakdown, breakdownPart{Label: k, Amount: v})
		}
		slices.SortFunc(row.Breakdown, func(a, b breakdownPart) int { return cmp.Compare(a.Label, b.Label) })
		if sc.Winner {
			winners = append(winners, name)
		}
		rows = append(rows, row)
	}
	slices.SortStableFunc(rows, func(a, b resultRow) int {
		if a.Winner != b.Winner {
			if a.Winner {
				return -1
			}
			return 1
		}
		return cmp.Compare(b.Points, a.Points)
	})
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && rows[i].Points == rows[i-1].Points && rows[i].Winner == rows[i-1].Winner {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	return &resultView{Winners: engine.JoinNames(winners), Rows: rows}
}
