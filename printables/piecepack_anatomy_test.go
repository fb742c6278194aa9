package printables

import "testing"

// The piecepack's four suits in their usual order and inks: Suns red,
// Moons black, Crowns green, Arms blue (REFERENCE.md, the piecepack).
func TestPiecepackSuitsAreSunsRedMoonsBlackCrownsGreenArmsBlue(t *testing.T) {
	want := []struct {
		name string
		main func(RGB) bool
	}{
		{"Suns", func(c RGB) bool { return c.R > c.G && c.R > c.B }},
		{"Moons", func(c RGB) bool { return c.R < 60 && c.G < 60 && c.B < 60 }},
		{"Crowns", func(c RGB) bool { return c.G > c.R && c.G > c.B }},
		{"Arms", func(c RGB) bool { return c.B > c.R && c.B > c.G }},
	}
	if len(Suits) != 4 {
		t.Fatalf("%d suits; want 4", len(Suits))
	}
	for i, s := range Suits {
		if s.String() != want[i].name || !want[i].main(s.Colour()) {
			t.Errorf("suit %d is %s in %+v; want %s in its colour", i, s, s.Colour(), want[i].name)
		}
	}
}
