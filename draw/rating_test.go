package draw

import (
	"strings"
	"testing"
)

// Each person's line is named with its rating at its end, on one time axis
// from the first rated play's date to the last; no plays draw nothing.
func TestRatingsNamesEachLineOnOneTimeAxis(t *testing.T) {
	lines := []RatingLine{
		{Name: "Ana", Colour: "#0072b2", Now: 4.2, Plays: 2, Points: []RatingPoint{{0, 1}, {2, 4.2}}},
		{Name: "Ben", Now: -1.5, Plays: 1, Points: []RatingPoint{{1, -1.5}}},
	}
	svg := string(Ratings("Ratings", RatingAxis{Plays: 3, First: "2026-11-01", Last: "2026-11-15"}, lines))
	for _, want := range []string{">Ana 4.2</text>", ">Ben -1.5</text>", ">2026-11-01</text>", ">2026-11-15</text>", `stroke="#555555"`, "Ana: 4.2 after 2 plays"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the chart lacks %s:\n%s", want, svg)
		}
	}
	if n := strings.Count(svg, "<polyline"); n != 2 {
		t.Errorf("%d lines, want 2", n)
	}
	if Ratings("Ratings", RatingAxis{}, lines) != "" || Ratings("Ratings", RatingAxis{Plays: 1, First: "2026-11-01", Last: "2026-11-01"}, nil) != "" {
		t.Error("a chart without plays or lines draws something")
	}
}
