package oddspages

import (
	"strings"
	"testing"

	"tableside/engine/risk"
)

// The chart reads without hover: bars with room carry their chance, every
// ending is listed in words, the axis names the tallest bar's chance, and a
// chain that stopped after taking a territory is drawn as what it is, not
// as a loss.
func TestOddsChartLabelsEveryEndingAndColoursChainsByMeaning(t *testing.T) {
	o, err := risk.Compute(risk.Query{Attackers: 8, Defenders: []risk.Defender{{Armies: 2}, {Armies: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	c := chartOf(o)
	kinds := map[string]int{}
	labels := 0
	for _, b := range c.Bars {
		kinds[b.Kind]++
		if b.Label != "" {
			labels++
			if !strings.HasSuffix(b.Title, ": "+b.Label) {
				t.Errorf("bar %q is labelled %q", b.Title, b.Label)
			}
		}
		if b.Kind == "hold" && !strings.Contains(b.Title, "at territory 1") {
			t.Errorf("bar %q is drawn as a loss at the first territory", b.Title)
		}
	}
	if kinds["win"] == 0 || kinds["part"] == 0 || kinds["hold"] == 0 {
		t.Fatalf("kinds %v; a chain of two has wins, stops after the first and holds at the first", kinds)
	}
	if labels == 0 || len(c.Endings) != len(c.Bars) || c.Top == "" {
		t.Fatalf("%d labels, %d endings for %d bars, top %q", labels, len(c.Endings), len(c.Bars), c.Top)
	}
}
