package board

import (
	"reflect"
	"testing"
)

func TestFoundTowerThreeTeamsAndMomAndPopChainAbsorbed(t *testing.T) {
	// Siam placed; India and Middle East are a chain of Mom & Pops from it;
	// Indonesia and Egypt are Mom & Pops on the chain; Kamchatka and Peru are
	// not connected to it through Mom & Pops.
	b := lay(t, "siam=mp", "india=mp", "middle-east=mp", "indonesia=mp", "afghanistan=c2:2*", "kamchatka=mp", "egypt=mp", "peru=mp")
	before := snapshot(b)
	nb, f, err := Found(g, b, "siam", "c1", ReachChain)
	if err != nil {
		t.Fatal(err)
	}
	if snapshot(b) != before {
		t.Fatal("Found changed its input")
	}
	holding(t, nb, "siam", Holding{Corp: "c1", Teams: 3})
	for _, ter := range []string{"india", "middle-east", "indonesia", "egypt"} {
		holding(t, nb, ter, Holding{Corp: "c1", Teams: 1})
	}
	for _, ter := range []string{"kamchatka", "peru"} {
		holding(t, nb, ter, Holding{})
	}
	if nb.Towers["c1"] != "siam" {
		t.Fatal("no tower in Siam")
	}
	want := []string{"egypt", "india", "indonesia", "middle-east"}
	if !reflect.DeepEqual(f.Absorbed, want) {
		t.Fatalf("absorbed %v; want %v", f.Absorbed, want)
	}
	if s := SizeOf(g, nb, "c1"); s.Size != 5 {
		t.Fatalf("size %d", s.Size)
	}
}

func TestFoundNextToACorporationIsAllowed(t *testing.T) {
	b := lay(t, "siam=mp", "china=c2:3*")
	if _, _, err := Found(g, b, "siam", "c1", ReachChain); err != nil {
		t.Fatal(err)
	}
}

func TestFoundAtMostSixCorporations(t *testing.T) {
	b := lay(t, "alaska=c1:3*", "peru=c2:3*", "iceland=c3:3*", "egypt=c4:3*", "siam=c5:3*", "japan=c6:3*", "ural=mp")
	before := snapshot(b)
	_, _, err := Found(g, b, "ural", "c7", ReachChain)
	refused(t, err, "six-corporations")
	if o := OptionsAt(g, b, "ural"); o.Found || o.FoundWhy == "" {
		t.Fatalf("options %+v", o)
	}
	if snapshot(b) != before {
		t.Fatal("board changed")
	}
}

func TestFoundRefusesACorporationInPlay(t *testing.T) {
	b := lay(t, "alaska=c1:3*", "siam=mp")
	_, _, err := Found(g, b, "siam", "c1", ReachChain)
	refused(t, err, "corporation-in-play")
	_, _, err = Found(g, b, "india", "c2", ReachChain)
	refused(t, err, "outcome-needs-mom-and-pop")
}

func TestAbsorbPlacingPlayerChoosesAmongBorderingCorporations(t *testing.T) {
	b := lay(t, "siam=mp", "china=c1:3*", "indonesia=c2:3*", "india=mp")
	if o := OptionsAt(g, b, "siam"); !reflect.DeepEqual(o.Bordering, []string{"c1", "c2"}) {
		t.Fatalf("bordering %v", o.Bordering)
	}
	nb, err := Absorb(g, b, "siam", "c2")
	if err != nil {
		t.Fatal(err)
	}
	holding(t, nb, "siam", Holding{Corp: "c2", Teams: 1})
	holding(t, nb, "india", Holding{}) // absorption takes only the placed Mom & Pop
}

func TestAbsorbRefusesACorporationNotBordering(t *testing.T) {
	b := lay(t, "siam=mp", "peru=c1:3*")
	before := snapshot(b)
	_, err := Absorb(g, b, "siam", "c1")
	refused(t, err, "absorb-bordering-only")
	if snapshot(b) != before {
		t.Fatal("board changed")
	}
}

func TestMergeLargerSurvivesTeamsRecolouredTowerRemoved(t *testing.T) {
	b := lay(t, "siam=mp", "china=c1:3*", "mongolia=c1:2", "ural=c1:1", "indonesia=c2:4*")
	m, err := PlanMerger(g, b, "siam", []string{"c2", "c1"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Survivor != "c1" || !reflect.DeepEqual(m.Defunct, []string{"c2"}) || m.Sizes["c2"].Size != 2 {
		t.Fatalf("merger %+v", m)
	}
	nb := Merge(g, b, m)
	holding(t, nb, "siam", Holding{Corp: "c1", Teams: 1})
	holding(t, nb, "indonesia", Holding{Corp: "c1", Teams: 4})
	if nb.InPlay("c2") || nb.Towers["c1"] != "china" {
		t.Fatalf("towers %v", nb.Towers)
	}
}

func TestMergeEqualSizesPlacingPlayerChooses(t *testing.T) {
	b := lay(t, "siam=mp", "china=c1:3*", "indonesia=c2:4*")
	for _, pick := range [][]string{{"c1", "c2"}, {"c2", "c1"}} {
		m, err := PlanMerger(g, b, "siam", pick)
		if err != nil {
			t.Fatal(err)
		}
		if m.Survivor != pick[0] || m.Defunct[0] != pick[1] {
			t.Fatalf("pick %v gave %+v", pick, m)
		}
	}
}

func TestMergeSeveralAtOnceLargestFirstTiesByChoice(t *testing.T) {
	// c1 size 3, c2 and c3 size 2 each, c4 size 4: c4 survives, then c1, then
	// c2/c3 in the order the placing player named them.
	b := lay(t, "ukraine=mp",
		"scandinavia=c1:1*", "iceland=c1:1", "great-britain=c1:1",
		"southern-europe=c2:2*", "northern-europe=c3:1*",
		"ural=c4:1*", "siberia=c4:1", "yakutsk=c4:1", "kamchatka=c4:1")
	m, err := PlanMerger(g, b, "ukraine", []string{"c3", "c2", "c1", "c4"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Survivor != "c4" || !reflect.DeepEqual(m.Defunct, []string{"c1", "c3", "c2"}) {
		t.Fatalf("merger %+v", m)
	}
	nb := Merge(g, b, m)
	if got := nb.Active(); !reflect.DeepEqual(got, []string{"c4"}) {
		t.Fatalf("active %v", got)
	}
	if s := SizeOf(g, nb, "c4").Size; s != 10 {
		t.Fatalf("survivor size %d; want 10", s)
	}
}

func TestMergeSafeCorporationCannotBeAbsorbed(t *testing.T) {
	// c1 holds North America whole: 9 + 5 = size 14, safe. c2 holds 11.
	b := lay(t, "kamchatka=mp",
		"alaska=c1:1*", "alberta=c1:1", "central-america=c1:1", "eastern-united-states=c1:1", "greenland=c1:1",
		"northwest-territory=c1:1", "ontario=c1:1", "quebec=c1:1", "western-united-states=c1:1",
		"japan=c2:1*", "mongolia=c3:1*", "irkutsk=c3:1",
		"china=c2:1", "siam=c2:1", "india=c2:1", "middle-east=c2:1", "afghanistan=c2:1", "ural=c2:1", "siberia=c2:1", "egypt=c2:1", "east-africa=c2:1", "congo=c2:1")
	if s := SizeOf(g, b, "c2").Size; s != 11 {
		t.Fatalf("c2 size %d", s)
	}
	// Kamchatka borders c1 (safe), c2 (safe) and c3: a merger takes all
	// three, and two safe corporations cannot merge, so none is offered.
	_, err := PlanMerger(g, b, "kamchatka", []string{"c1", "c2", "c3"})
	refused(t, err, "safe-size")
	_, err = PlanMerger(g, b, "kamchatka", []string{"c3", "c1"})
	refused(t, err, "merge-all-bordering")
	if o := OptionsAt(g, b, "kamchatka"); o.Merge || o.MergeWhy == "" {
		t.Fatalf("options %+v; no merger may be offered between two safe corporations", o)
	}
	// Without c2 next door, the safe c1 may absorb the small c3.
	b = lay(t, "kamchatka=mp",
		"alaska=c1:1*", "alberta=c1:1", "central-america=c1:1", "eastern-united-states=c1:1", "greenland=c1:1",
		"northwest-territory=c1:1", "ontario=c1:1", "quebec=c1:1", "western-united-states=c1:1",
		"mongolia=c3:1*", "irkutsk=c3:1")
	m, err := PlanMerger(g, b, "kamchatka", []string{"c3", "c1"})
	if err != nil || m.Survivor != "c1" {
		t.Fatalf("merger %+v err %v", m, err)
	}
	if o := OptionsAt(g, b, "kamchatka"); !o.Merge {
		t.Fatalf("options %+v; the safe corporation may absorb the small one", o)
	}
}

// A merger around a Mom & Pop takes in every corporation bordering it, as
// in Acquire: naming only some of them is refused.
func TestMergeTakesEveryBorderingCorporation(t *testing.T) {
	b := lay(t, "ukraine=mp", "scandinavia=c1:2*", "ural=c2:2*", "middle-east=c3:2*")
	_, err := PlanMerger(g, b, "ukraine", []string{"c1", "c2"})
	refused(t, err, "merge-all-bordering")
	m, err := PlanMerger(g, b, "ukraine", []string{"c2", "c1", "c3"})
	if err != nil || m.Survivor != "c2" || len(m.Defunct) != 2 {
		t.Fatalf("merger %+v err %v; want c2 (the placer's choice among equals) absorbing both others", m, err)
	}
}

func TestMergeRefusesCorporationsNotBordering(t *testing.T) {
	b := lay(t, "siam=mp", "china=c1:3*", "peru=c2:3*")
	_, err := PlanMerger(g, b, "siam", []string{"c1", "c2"})
	refused(t, err, "merge-bordering-only")
	_, err = PlanMerger(g, b, "siam", []string{"c1"})
	refused(t, err, "merge-two-or-more")
	_, err = PlanMerger(g, b, "siam", []string{"c1", "c1"})
	refused(t, err, "merge-two-or-more")
	if o := OptionsAt(g, b, "siam"); o.Merge {
		t.Fatal("one bordering corporation cannot merge")
	}
}

// Founding's reach is a setting: every Mom & Pop connected through other
// Mom & Pops (the default), or only those bordering the new tower.
func TestFoundReachChainOrAdjacent(t *testing.T) {
	b := lay(t, "siam=mp", "india=mp", "middle-east=mp")
	nb, f, err := Found(g, b, "siam", "c1", ReachChain)
	if err != nil || !reflect.DeepEqual(f.Absorbed, []string{"india", "middle-east"}) || nb.Owner("middle-east") != "c1" {
		t.Fatalf("chain: absorbed %v err %v; want India and the Middle East beyond it", f.Absorbed, err)
	}
	nb, f, err = Found(g, b, "siam", "c1", ReachAdjacent)
	if err != nil || !reflect.DeepEqual(f.Absorbed, []string{"india"}) || !nb.MomPop("middle-east") {
		t.Fatalf("adjacent: absorbed %v err %v; want India only", f.Absorbed, err)
	}
}
