package draw

import (
	"regexp"
	"strings"
	"testing"
)

// A win is a square and every other play a circle, each with its number,
// and the chart says in words what it shows: colour is never the only signal.
func TestScoreChartMarksWinsByShapeAndNumber(t *testing.T) {
	t.Parallel()
	svg := string(Scores("Ana's scores", []Point{{"2026-11-01", 61, true}, {"2026-11-02", 50, false}, {"2026-11-03", 66, true}}))
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
	if Scores("empty", nil) != "" {
		t.Errorf("a chart of nothing should be nothing")
	}
}

func TestBarChartWritesEveryNumber(t *testing.T) {
	t.Parallel()
	svg := string(Bars("Wins", []Bar{{"Ana", 1, 4, "#0072b2"}, {"Ben", 3, 3, ""}, {"Cyrano de Bergerac", 0, 1, ""}}))
	for _, want := range []string{">Ana</text>", ">1 of 4 plays (25 %)</text>", ">0 of 1 play (0 %)</text>", `fill="#0072b2"`, "Cyrano de Ber…"} {
		if !strings.Contains(svg, want) {
			t.Errorf("bar chart lacks %s:\n%s", want, svg)
		}
	}
	// A bar is its rate: Ana's 1 in 4 is a quarter of Ben's 3 in 3, not as long.
	widths := regexp.MustCompile(`<rect class="bar"[^>]* width="([0-9.]+)"`).FindAllStringSubmatch(svg, -1)
	if len(widths) != 3 || widths[0][1] != "38.5" || widths[1][1] != "154.0" {
		t.Errorf("bar widths %v; want 38.5 (1 in 4) and 154.0 (3 in 3)", widths)
	}
}
