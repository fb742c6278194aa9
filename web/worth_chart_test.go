package web

import (
	"regexp"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/readmodel"
	"tableside/tracker"
)

// Names at the lines' ends never overlap, even when the lines end at the
// same value, and each line has its own colour and dash.
func TestWorthChartNamesEveryLineApartWithColourAndDash(t *testing.T) {
	seats := []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}
	info := tracker.GameInfo{Kind: "coldcash", Status: "finished", Setup: engine.Setup{Seats: seats}}
	series := readmodel.Series{}
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
