package engine

import "testing"

// Grouped keeps the ungrouped answers on top, in order, and folds the rest
// by group in the order each group first appears.
func TestGroupedFoldsChoicesByGroupKeepingOrder(t *testing.T) {
	cs := []Choice{{ID: "pass"}, {ID: "m1", Group: "Merges"}, {ID: "x", Group: "Other"}, {ID: "m2", Group: "Merges"}, {ID: "sell"}}
	top, groups := Grouped(cs)
	if len(top) != 2 || top[0].ID != "pass" || top[1].ID != "sell" {
		t.Fatalf("top %+v", top)
	}
	if len(groups) != 2 || groups[0].Name != "Merges" || len(groups[0].Choices) != 2 || groups[0].Choices[1].ID != "m2" || groups[1].Name != "Other" {
		t.Fatalf("groups %+v", groups)
	}
	if top, groups := Grouped(nil); top != nil || groups != nil {
		t.Fatalf("no choices gave %v %v", top, groups)
	}
}
