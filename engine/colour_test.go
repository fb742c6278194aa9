package engine

import "testing"

// Text on a colour takes whichever of black and white contrasts more.
func TestInkPicksTheHigherContrast(t *testing.T) {
	for colour, want := range map[string]string{
		"#f0e442": "#000", // yellow
		"#0072b2": "#fff", // blue
		"#009E73": "#000", // bluish green
		"#000000": "#fff",
		"#FFFFFF": "#000",
		"":        "#fff",
		"#zzzzzz": "#fff",
	} {
		if got := Ink(colour); got != want {
			t.Errorf("Ink(%q) = %s, want %s", colour, got, want)
		}
	}
}
