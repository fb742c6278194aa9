package web

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/tracker"
)

// The axis top is the next round number at or above the highest value, so
// the lines use most of the chart's height.
func TestWorthAxisTopIsTheNextRoundNumber(t *testing.T) {
	for x, want := range map[int]int{0: 0, 3: 3, 7: 8, 11: 12, 22600: 25000, 17270: 20000, 42: 50, 100: 100, 101: 120} {
		if got := niceCeil(x); got != want {
			t.Errorf("niceCeil(%d) = %d; want %d", x, got, want)
		}
	}
}

// A line breaks where its viewer may not see it, and a flat stretch keeps
// only its ends.
func TestWorthLineBreaksAtHiddenStepsAndDropsFlatMiddles(t *testing.T) {
	values := []int{5, 5, 5, 5, 7, 0, 0, 9}
	shown := []bool{true, true, true, true, true, false, false, true}
	got := segments(values, shown)
	want := [][]int{{0, 3, 4}, {7}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("segments = %v; want %v", got, want)
	}
}

// Names at the lines' ends never overlap, even when the lines end at the
// same value, and each line has its own colour and dash.
func TestWorthChartNamesEveryLineApartWithColourAndDash(t *testing.T) {
	seats := []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}
	info := tracker.GameInfo{Kind: "coldcash", Status: "finished", Setup: engine.Setup{Seats: seats}}
	series := tracker.Series{}
	for k := range 4 {
		series.Points = append(series.Points, []engine.Measure{{Label: "Net worth", Money: true, Values: []int{6000 + k, 6000 + k, 6000 + k}}})
	}
	ch := worthCharts(info, series, engine.Viewer{Seat: engine.Public}, 2)
	if len(ch) != 1 || len(ch[0].Legend) != 3 || ch[0].Legend[1].Value != "$6,002" {
		t.Fatalf("charts %+v; want one with three keys, Ben at $6,002 at step 2", ch)
	}
	svg := string(ch[0].SVG)
	ys := regexp.MustCompile(`<text class="who" x="[0-9.]+" y="([0-9.]+)">`).FindAllStringSubmatch(svg, -1)
	if len(ys) != 3 || ys[0][1] == ys[1][1] || ys[1][1] == ys[2][1] {
		t.Fatalf("the names' heights %v overlap", ys)
	}
	for _, want := range []string{`stroke="#0072b2"/>`, `stroke="#d55e00" stroke-dasharray="8 4"`, `stroke="#009e73" stroke-dasharray="2 3"`, `class="now"`} {
		if !strings.Contains(svg, want) {
			t.Fatalf("the chart lacks %s:\n%s", want, svg)
		}
	}
	if strings.Contains(svg, "style=") {
		t.Fatal("the chart carries a style attribute, which the Content-Security-Policy forbids")
	}
}

// Axis labels are short and exact: "$12.5k", not "$12k" for $12,500.
func TestWorthAxisLabelsAreShortAndExact(t *testing.T) {
	money := engine.Measure{Money: true}
	for x, want := range map[int]string{0: "$0", 4000: "$4,000", 12500: "$12.5k", 25000: "$25k", -3000: "-$3,000"} {
		if got := shortMeasure(money, x); got != want {
			t.Errorf("shortMeasure(%d) = %q; want %q", x, got, want)
		}
	}
	if got := shortMeasure(engine.Measure{}, 42); got != "42" {
		t.Errorf("shortMeasure(42) = %q", got)
	}
}
