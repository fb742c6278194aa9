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
	if h := HireFor(g, b, "c1", true); h.Teams != 5 {
		t.Fatalf("hire %+v; want max(3, 6/3) + 2 = 5", h)
	}
}

// With classicMin, RISK's minimum of 3 is on territories / 3, before the
// continent bonuses: a whole continent hires max(3, territories/3) + bonus.
func TestHireClassicMinimumAppliesBeforeContinentBonuses(t *testing.T) {
	for _, c := range []struct {
		continent string
		want      int
	}{
		{"australia", 5},     // 4 territories: max(3, 1) + 2
		{"south-america", 5}, // 4: max(3, 1) + 2
		{"africa", 6},        // 6: max(3, 2) + 3
		{"europe", 8},        // 7: max(3, 2) + 5
	} {
		var spec []string
		for i, terr := range g.Members(c.continent) {
			teams := "1"
			if i == 0 {
				teams = "3*"
			}
			spec = append(spec, terr+"=c1:"+teams)
		}
		b := lay(t, spec...)
		if h := HireFor(g, b, "c1", true); h.Teams != c.want {
			t.Errorf("%s held whole with classicMin hires %+v; want %d", c.continent, h, c.want)
		}
		if h := HireFor(g, b, "c1", false); h.Teams != len(spec)/3+g.Bonus(c.continent) {
			t.Errorf("%s without classicMin hires %+v", c.continent, h)
		}
	}
}
