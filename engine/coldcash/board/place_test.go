package board

import "testing"

func TestPlaceOnlyIntoEmptyTerritory(t *testing.T) {
	b := lay(t, "siam=mp")
	before := snapshot(b)
	_, err := Place(g, b, []string{"siam"}, true, "siam", "siam")
	refused(t, err, "empty-territory-only")
	_, err = Place(g, b, nil, false, "", "siam")
	refused(t, err, "empty-territory-only")
	if snapshot(b) != before {
		t.Fatal("a refused placement changed the board")
	}
}

func TestPlaceRefusesACardThePlayerDoesNotHold(t *testing.T) {
	b := New()
	_, err := Place(g, b, []string{"siam", "peru"}, true, "india", "india")
	refused(t, err, "card-not-held")
	_, err = Place(g, b, []string{"siam"}, true, "wild-1", "india")
	refused(t, err, "card-not-held")
	if len(b.Land) != 0 {
		t.Fatal("board changed")
	}
}

func TestPlaceTerritoryCardOnlyInItsTerritory(t *testing.T) {
	_, err := Place(g, New(), []string{"siam"}, true, "siam", "india")
	refused(t, err, "card-must-match")
}

func TestPlaceWildCardAnyEmptyTerritory(t *testing.T) {
	nb, err := Place(g, New(), []string{"wild-2"}, true, "wild-2", "brazil")
	if err != nil {
		t.Fatal(err)
	}
	if !nb.MomPop("brazil") {
		t.Fatal("no Mom & Pop in Brazil")
	}
}

func TestPlaceTableDeckTakesTheHostsWord(t *testing.T) {
	nb, err := Place(g, New(), nil, false, "", "peru")
	if err != nil || !nb.MomPop("peru") {
		t.Fatalf("err %v", err)
	}
	_, err = Place(g, New(), nil, false, "", "atlantis")
	refused(t, err, "no-such-territory")
}

func TestUsableCardsSkipOccupiedTerritories(t *testing.T) {
	b := lay(t, "siam=mp", "peru=c1:3*")
	got := Usable(g, b, []string{"siam", "peru", "india"})
	if len(got) != 1 || got[0] != "india" {
		t.Fatalf("usable %v", got)
	}
	if u := Usable(g, b, []string{"siam", "wild-1"}); len(u) != 1 || u[0] != "wild-1" {
		t.Fatalf("usable %v", u)
	}
	full := New()
	for _, t := range g.Territories() {
		full.Land[t] = Holding{}
	}
	if u := Usable(g, full, []string{"wild-1"}); len(u) != 0 {
		t.Fatalf("a wild card is usable on a full map: %v", u)
	}
}
