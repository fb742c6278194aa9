package board

import "testing"

func TestRestructureOneToThreeMovesThroughOwnLand(t *testing.T) {
	b := lay(t, "siam=c1:5*", "india=c1:1", "middle-east=c1:1", "china=c2:1*", "mongolia=c1:1")
	nb, err := Restructure(g, b, "c1", []Move{{"siam", "india", 3}, {"india", "middle-east", 3}, {"siam", "india", 1}})
	if err != nil {
		t.Fatal(err)
	}
	holding(t, nb, "siam", Holding{Corp: "c1", Teams: 1})
	holding(t, nb, "india", Holding{Corp: "c1", Teams: 2})
	holding(t, nb, "middle-east", Holding{Corp: "c1", Teams: 4})
	before := snapshot(b)
	_, err = Restructure(g, b, "c1", []Move{{"siam", "india", 1}, {"siam", "india", 1}, {"siam", "india", 1}, {"siam", "india", 1}})
	refused(t, err, "restructure-moves")
	_, err = Restructure(g, b, "c1", nil)
	refused(t, err, "restructure-moves")
	// the second move is illegal: the first must not stick either
	_, err = Restructure(g, b, "c1", []Move{{"siam", "india", 1}, {"siam", "mongolia", 1}})
	refused(t, err, "connected-own-land")
	if snapshot(b) != before {
		t.Fatal("a refused restructure changed the board")
	}
}

func TestFreeMoveRefusals(t *testing.T) {
	b := lay(t, "siam=c1:3*", "india=c1:1", "china=c2:4*")
	cases := []struct {
		mv   Move
		rule string
	}{
		{Move{"china", "siam", 1}, "move-own-teams"},
		{Move{"siam", "china", 1}, "move-own-land"},
		{Move{"siam", "siam", 1}, "move-somewhere"},
		{Move{"siam", "india", 3}, "leave-one-team"},
		{Move{"siam", "india", 0}, "leave-one-team"},
	}
	for _, c := range cases {
		_, err := FreeMove(g, b, "c1", c.mv)
		refused(t, err, c.rule)
	}
}

func TestHirePlacesExactlyTheTeamsHired(t *testing.T) {
	b := lay(t, "eastern-australia=c1:3*", "western-australia=c1:1", "indonesia=c1:1", "new-guinea=c1:1", "siam=c2:1*")
	h := HireFor(g, b, "c1", false)
	_, err := PlaceHires(g, b, "c1", h.Teams, map[string]int{"indonesia": 2})
	refused(t, err, "hire-count")
	_, err = PlaceHires(g, b, "c1", h.Teams, map[string]int{"indonesia": 2, "siam": 1})
	refused(t, err, "hire-own-land")
	nb, err := PlaceHires(g, b, "c1", h.Teams, map[string]int{"indonesia": 2, "new-guinea": 1})
	if err != nil {
		t.Fatal(err)
	}
	if nb.Teams("c1") != b.Teams("c1")+3 {
		t.Fatalf("teams %d", nb.Teams("c1"))
	}
	holding(t, nb, "indonesia", Holding{Corp: "c1", Teams: 3})
}

func TestDownsizeRemovesTheHireCountKeepingOneEach(t *testing.T) {
	b := lay(t, "eastern-australia=c1:3*", "western-australia=c1:2", "indonesia=c1:1", "new-guinea=c1:1")
	fire := HireFor(g, b, "c1", false).Teams // 3
	_, err := Downsize(g, b, "c1", fire, map[string]int{"eastern-australia": 3})
	refused(t, err, "keep-one-team")
	_, err = Downsize(g, b, "c1", fire, map[string]int{"eastern-australia": 2})
	refused(t, err, "downsize-count")
	nb, err := Downsize(g, b, "c1", fire, map[string]int{"eastern-australia": 2, "western-australia": 1})
	if err != nil {
		t.Fatal(err)
	}
	if nb.Teams("c1") != 4 {
		t.Fatalf("teams %d; want 7 - 3", nb.Teams("c1"))
	}
}

func TestDownsizeFiresOnlyWhatCanGoWhenShort(t *testing.T) {
	b := lay(t, "eastern-australia=c1:2*", "western-australia=c1:1", "indonesia=c1:1", "new-guinea=c1:1")
	if r := Removable(b, "c1"); r != 1 {
		t.Fatalf("removable %d", r)
	}
	nb, err := Downsize(g, b, "c1", 3, map[string]int{"eastern-australia": 1})
	if err != nil {
		t.Fatal(err)
	}
	if nb.Teams("c1") != 4 {
		t.Fatalf("teams %d", nb.Teams("c1"))
	}
}
