package web

import (
	"strings"
	"testing"
)

// A win is a square and every other play a circle, each with its number,
// and the chart says in words what it shows: colour is never the only signal.
func TestScoreChartMarksWinsByShapeAndNumber(t *testing.T) {
	t.Parallel()
	svg := string(scoreChart("Ana's scores", []chartPoint{{"2026-11-01", 61, true}, {"2026-11-02", 50, false}, {"2026-11-03", 66, true}}))
	if n := strings.Count(svg, `<rect class="mark won"`); n != 3 { // two wins and the legend's square
		t.Errorf("%d win squares, want 2 and the legend's", n)
	}
	if n := strings.Count(svg, `<circle class="mark"`); n != 2 { // one other play and the legend's circle
		t.Errorf("%d circles, want 1 and the legend's", n)
	}
	for _, want := range []string{">61</text>", ">50</text>", ">66</text>", "<title>Ana&#39;s scores</title>", "2026-11-02: 50;", "(won)", ">won</text>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("chart lacks %s:\n%s", want, svg)
		}
	}
	if strings.Contains(svg, "style=") {
		t.Errorf("chart uses a style attribute, which the Content-Security-Policy blocks")
	}
	if scoreChart("empty", nil) != "" {
		t.Errorf("a chart of nothing should be nothing")
	}
}

func TestBarChartWritesEveryNumber(t *testing.T) {
	t.Parallel()
	svg := string(barChart("Wins", []bar{{"Ana", 2, "#0072b2", "of 3 plays"}, {"Cyrano de Bergerac", 0, "", "of 1 play"}}))
	for _, want := range []string{">Ana</text>", ">2 of 3 plays</text>", ">0 of 1 play</text>", `fill="#0072b2"`, "Cyrano de Ber…"} {
		if !strings.Contains(svg, want) {
			t.Errorf("bar chart lacks %s:\n%s", want, svg)
		}
	}
}
