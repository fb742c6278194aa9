package coldcash

import (
	"testing"

	"tableside/engine"
)

// The hand-worked merger above: Imperial (size 8, expensive: $800) absorbs
// Festival (size 6, medium: $700), friendly, so trades go 2 for 1 and the
// sale is at $700. Ben holds 3 Festival and no Imperial; Cy, Imperial's
// founder, shows 1 Imperial.
//
//	as you are: $0, 0 Imperial, none
//	sell all:   3 × $700 = $2,100
//	trade max:  2 for 1 Imperial ($800), keeps 1: tied with Cy at 1
//	keep all:   $0
func TestAdvisorWorksOutEachShortcutForTheHolder(t *testing.T) {
	tb := festivalMerger(t)
	got := tb.s.Advise(1)
	want := []Advice{
		{ID: "now", Label: "As you are", Disposal: Disposal{Seat: 1}, Standing: "none"},
		{ID: ChoiceSellAll, Label: "Sell all", Disposal: Disposal{Seat: 1, Sell: 3}, Cash: 2100, Value: 2100, Standing: "none"},
		{ID: ChoiceTradeMax, Label: "Trade max", Disposal: Disposal{Seat: 1, Trade: 2, Keep: 1}, Gets: 1, GetsWorth: 800, Value: 800, Survivor: 1, Standing: "tied for the most: 1"},
		{ID: ChoiceKeepAll, Label: "Keep all", Disposal: Disposal{Seat: 1, Keep: 3}, Standing: "none"},
	}
	if len(got) != len(want) {
		t.Fatalf("advice %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d: %+v\nwant   %+v", i, got[i], want[i])
		}
	}
	if tb.s.Advise(0) != nil || tb.s.Advise(engine.Host) != nil {
		t.Fatal("advice for a seat the merger does not wait for")
	}
	// Only Ben's own view carries it.
	if v := tb.s.View(engine.Viewer{Seat: 1}); len(v.Merger.Advice) != 4 {
		t.Fatalf("Ben's view has %d advice rows", len(v.Merger.Advice))
	}
	for _, seat := range []int{0, 2, engine.Host, engine.Public} {
		if v := tb.s.View(engine.Viewer{Seat: seat}); v.Merger.Advice != nil {
			t.Fatalf("seat %d sees Ben's advice", seat)
		}
	}
}

// Standing counts what the other holders show: with Cy showing 4 Imperial
// and Ana 2, Ben's 1 traded share is the third most.
func TestAdvisorStandingAmongTheSurvivorsHolders(t *testing.T) {
	tb := festivalInto(t, shares{2, "c6", 3}, shares{0, "c6", 2}, shares{1, "c5", 2})
	rows := tb.s.Advise(1)
	if len(rows) != 4 || rows[2].ID != ChoiceTradeMax || rows[2].Standing != "third most: 1; the most is 4" {
		t.Fatalf("advice %+v; want trade max third most", rows)
	}
}
