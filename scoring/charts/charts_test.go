package charts

import (
	"strings"
	"testing"

	"tableside/scoring"
)

// The ratings chart draws the top six people, each line named with its
// rating at its end, and nothing when no play was rated.
func TestRatingChartDrawsTheTopSixNamed(t *testing.T) {
	t.Parallel()
	var plays []scoring.Play
	names := []string{"Ana", "Ben", "Cy", "Dee", "Ed", "Flo", "Gus"}
	for i := range 14 {
		p := scoring.Play{Key: "k" + string(rune('a'+i)), Game: "Azul", Date: "2026-01-" + string(rune('1'+i%9)) + "0"}
		for j := range 3 {
			p.Players = append(p.Players, scoring.Player{PersonID: int64((i+j*2)%7 + 1), Name: names[(i+j*2)%7], Rank: j + 1})
		}
		plays = append(plays, p)
	}
	r := scoring.Rate(plays, "")
	svg := string(Ratings("Ratings", r, OwnColours))
	if n := strings.Count(svg, "<polyline"); n != 6 {
		t.Fatalf("%d lines, want the top 6 of 7:\n%s", n, svg)
	}
	for _, row := range r.Rows[:6] {
		if !strings.Contains(svg, ">"+row.Name+" ") {
			t.Errorf("the line of %s is not named", row.Name)
		}
	}
	if strings.Contains(svg, ">"+r.Rows[6].Name+" ") {
		t.Errorf("the seventh person, %s, is drawn", r.Rows[6].Name)
	}
	if Ratings("Ratings", scoring.Rate(nil, ""), OwnColours) != "" {
		t.Error("a chart without rated plays")
	}
}
