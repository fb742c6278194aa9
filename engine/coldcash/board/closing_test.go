package board

import (
	"reflect"
	"testing"
)

func TestClosingBellOneCorporationSize22(t *testing.T) {
	b := New()
	b.Towers["c1"] = "alaska"
	for _, c := range []string{"north-america", "south-america", "africa"} { // 19 territories + 10 = 29
		for _, ter := range g.Members(c) {
			b.Land[ter] = Holding{Corp: "c1", Teams: 1}
		}
	}
	b.Land["siam"], b.Towers["c2"] = Holding{Corp: "c2", Teams: 1}, "siam"
	if ok, why := MayClose(g, b, ids); !ok {
		t.Fatalf("refused: %s", why)
	}
	if err := CheckDeclare(g, b, ids); err != nil {
		t.Fatal(err)
	}
}

func TestClosingBellAllCorporationsSize11(t *testing.T) {
	b := New()
	b.Towers["c1"], b.Towers["c2"] = "alaska", "siam"
	for _, ter := range g.Members("north-america") { // 9 + 5 = 14
		b.Land[ter] = Holding{Corp: "c1", Teams: 1}
	}
	for _, ter := range g.Members("asia")[:10] { // 10: too small
		b.Land[ter] = Holding{Corp: "c2", Teams: 1}
	}
	b.Land["siam"] = Holding{Corp: "c2", Teams: 1}
	refused(t, CheckDeclare(g, b, ids), "closing-bell-sizes")
	b.Land["egypt"] = Holding{Corp: "c2", Teams: 1}
	if ok, why := MayClose(g, b, ids); !ok {
		t.Fatalf("refused: %s", why)
	}
	refused(t, CheckDeclare(g, New(), ids), "closing-bell-sizes")
}

func TestLongGameEndsWhenOneCorporationHoldsTheWholeMap(t *testing.T) {
	b := New()
	for _, ter := range g.Territories() {
		b.Land[ter] = Holding{Corp: "c3", Teams: 1}
	}
	if c, ok := WholeMap(g, b); !ok || c != "c3" {
		t.Fatalf("whole map %q %v", c, ok)
	}
	b.Land["siam"] = Holding{}
	if _, ok := WholeMap(g, b); ok {
		t.Fatal("a Mom & Pop remains")
	}
}

func TestVariableTurnOrderIsAPermutation(t *testing.T) {
	o := DrawOrder(4, &seqDice{n: []int{1, 0, 1}})
	if !reflect.DeepEqual(o, []int{2, 3, 0, 1}) {
		t.Fatalf("order %v", o)
	}
	seen := map[int]bool{}
	for _, s := range o {
		seen[s] = true
	}
	if len(seen) != 4 {
		t.Fatalf("order %v is not a permutation", o)
	}
}

// ids names corporations by their ids, for tests.
func ids(c string) string { return c }

// The closing bell's one rule, as bank and board mode both read it: one
// company of 22 or more, or every company in play 11 or more.
func TestClosingBellRingsAtOneOf22OrEveryOneOf11(t *testing.T) {
	for _, c := range []struct {
		inPlay []Sized
		ok     bool
	}{
		{nil, false},
		{[]Sized{{"Tower", 22}, {"Luxor", 2}}, true},
		{[]Sized{{"Tower", 21}, {"Luxor", 10}}, false},
		{[]Sized{{"Tower", 11}, {"Luxor", 11}}, true},
	} {
		ok, why := ClosingBell(c.inPlay)
		if ok != c.ok || why == "" {
			t.Errorf("%v: got %v %q, want %v with a reason", c.inPlay, ok, why, c.ok)
		}
		if err := RefuseClosing(ok, why); (err == nil) != c.ok {
			t.Errorf("%v: refusal %v disagrees with the rule", c.inPlay, err)
		}
	}
}
