package draw

import (
	"reflect"
	"strings"
	"testing"

	"tableside/engine"
)

// The axis top is the next round number at or above the highest value, so
// the lines use most of the chart's height.
func TestWorthAxisTopIsTheNextRoundNumber(t *testing.T) {
	for x, want := range map[int]int{0: 0, 3: 3, 7: 8, 11: 12, 22600: 25000, 17270: 20000, 42: 50, 100: 100, 101: 120} {
		if got := NiceCeil(x); got != want {
			t.Errorf("NiceCeil(%d) = %d; want %d", x, got, want)
		}
	}
}

// A line breaks where its viewer may not see it, and a flat stretch keeps
// only its ends.
func TestWorthLineBreaksAtHiddenStepsAndDropsFlatMiddles(t *testing.T) {
	values := []int{5, 5, 5, 5, 7, 0, 0, 9}
	shown := []bool{true, true, true, true, true, false, false, true}
	got := Segments(values, shown)
	want := [][]int{{0, 3, 4}, {7}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("segments = %v; want %v", got, want)
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

// A chart of one measure names each line at its end, gives each seat its
// own dash, and says every line's first and last value in words.
func TestWorthDrawsEveryLineNamedDashedAndDescribed(t *testing.T) {
	seats := []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}
	values := [][]int{{6000, 7000, 9000}, {6000, 5000, 4000}}
	shown := [][]bool{{true, false, true}, {true, true, true}}
	svg := string(Worth(engine.Measure{Label: "Net worth", Money: true}, seats, Palette, values, shown, 1))
	for _, want := range []string{">Ana</text>", ">Ben</text>", `stroke-dasharray="8 4"`, "Ana: $6,000 at command 0, $9,000 at command 2", `class="now"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("the chart lacks %s:\n%s", want, svg)
		}
	}
	if strings.Contains(svg, "style=") {
		t.Error("the chart carries a style attribute, which the Content-Security-Policy forbids")
	}
}
