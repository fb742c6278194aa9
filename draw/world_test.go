package draw_test

import (
	"testing"

	"tableside/draw"
	"tableside/engine/risk"
)

// Every territory of the classic map has its own label on the drawn map:
// no two alike (once "EA" stood for both East Africa and Eastern
// Australia), none missing, and none longer than fits under its spot.
func TestClassicMapLabelsAreUniqueAndShort(t *testing.T) {
	m := risk.Classic()
	seen := map[string]string{}
	for _, ter := range m.Territories() {
		l, ok := draw.WorldLabel(ter.Name)
		if !ok {
			t.Fatalf("%s has no label", ter.Name)
		}
		if other, dup := seen[l]; dup {
			t.Fatalf("%s and %s are both labelled %q", other, ter.Name, l)
		}
		if len([]rune(l)) > 7 {
			t.Fatalf("%s's label %q is longer than 7 letters", ter.Name, l)
		}
		seen[l] = ter.Name
	}
	if draw.WorldLabels() != m.Len() {
		t.Fatalf("%d labels for %d territories", draw.WorldLabels(), m.Len())
	}
}
