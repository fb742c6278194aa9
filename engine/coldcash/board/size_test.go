package board

import "testing"

func TestClassicGeographyHas42TerritoriesAndSeaLinks(t *testing.T) {
	if n := len(g.Territories()); n != 42 {
		t.Fatalf("%d territories", n)
	}
	if !g.Borders("alaska", "kamchatka") || !g.Borders("kamchatka", "alaska") {
		t.Fatal("Alaska and Kamchatka must border")
	}
	if g.Borders("alaska", "greenland") {
		t.Fatal("Alaska does not border Greenland")
	}
	if id, ok := g.RiskID("alaska"); !ok || id != 0 {
		t.Fatalf("alaska is risk id %d", id)
	}
}

func TestSizeRulebookExampleAustraliaIsSix(t *testing.T) {
	b := lay(t, "eastern-australia=c1:3*", "western-australia=c1:1", "indonesia=c1:1", "new-guinea=c1:1")
	s := SizeOf(g, b, "c1")
	if s.Size != 6 || s.Bonus != 2 || s.Territories != 4 {
		t.Fatalf("size %+v; want 4 + 2 = 6", s)
	}
	if s.Why != "4 territories + Australia 2 = size 6" {
		t.Fatalf("why %q", s.Why)
	}
}

func TestSizeOneTerritoryCountsTwo(t *testing.T) {
	b := lay(t, "siam=c1:3*")
	if s := SizeOf(g, b, "c1"); s.Size != 2 {
		t.Fatalf("size %+v", s)
	}
	if s := SizeOf(g, b, "c2"); s.Size != 0 {
		t.Fatalf("absent corporation size %+v", s)
	}
}

func TestSizeCountsOnlyContinentsHeldWhole(t *testing.T) {
	b := lay(t, "eastern-australia=c1:3*", "western-australia=c1:1", "indonesia=c1:1", "new-guinea=c2:1*", "siam=c1:1")
	if s := SizeOf(g, b, "c1"); s.Size != 4 || len(s.Continents) != 0 {
		t.Fatalf("size %+v; want 4 without bonus", s)
	}
}

func TestHireRulebookExampleAustraliaGivesThree(t *testing.T) {
	b := lay(t, "eastern-australia=c1:3*", "western-australia=c1:1", "indonesia=c1:1", "new-guinea=c1:1")
	h := HireFor(g, b, "c1", false)
	if h.Teams != 3 {
		t.Fatalf("hire %+v; want 4/3 + 2 = 3", h)
	}
	if h.Why != "4 territories / 3 = 1 + Australia 2: 3 teams" {
		t.Fatalf("why %q", h.Why)
	}
}

func TestHireHasNoMinimumByDefault(t *testing.T) {
	b := lay(t, "siam=c1:3*", "india=c1:1")
	if h := HireFor(g, b, "c1", false); h.Teams != 0 {
		t.Fatalf("hire %+v; want 0", h)
	}
}

func TestHireClassicMinimumThreeSetting(t *testing.T) {
	b := lay(t, "siam=c1:3*", "india=c1:1")
	if h := HireFor(g, b, "c1", true); h.Teams != 3 {
		t.Fatalf("hire %+v; want 3", h)
	}
	b = lay(t, "eastern-australia=c1:3*", "western-australia=c1:1", "indonesia=c1:1", "new-guinea=c1:1", "siam=c1:1", "india=c1:1")
	if h := HireFor(g, b, "c1", true); h.Teams != 4 {
		t.Fatalf("hire %+v; want 6/3 + 2 = 4", h)
	}
}
