package engine

import (
	"reflect"
	"testing"
)

// A seat sees its own whole line; the others see the public part, or
// nothing of a secret measure until the game is over.
func TestMeasureSeenShowsOwnLinePublicPartsAndSecretsOnlyAtTheEnd(t *testing.T) {
	public := Measure{Values: []int{10, 20}, Public: []int{7, 20}}
	secret := Measure{Values: []int{10, 20}, Secret: true}
	open := Measure{Values: []int{10, 20}}
	cases := []struct {
		name   string
		m      Measure
		v      Viewer
		over   bool
		values []int
		shown  []bool
	}{
		{"own line whole", public, Viewer{Seat: 0}, false, []int{10, 20}, []bool{true, true}},
		{"other's public part", public, Viewer{Seat: 1}, false, []int{7, 20}, []bool{true, true}},
		{"host public part", public, Viewer{Seat: Host}, false, []int{7, 20}, []bool{true, true}},
		{"public stays public at the end", public, Viewer{Seat: Public}, true, []int{7, 20}, []bool{true, true}},
		{"secret: own only", secret, Viewer{Seat: 1}, false, []int{0, 20}, []bool{false, true}},
		{"secret: nothing for the public", secret, Viewer{Seat: Public}, false, []int{0, 0}, []bool{false, false}},
		{"secret: all at the end", secret, Viewer{Seat: Public}, true, []int{10, 20}, []bool{true, true}},
		{"open", open, Viewer{Seat: Public}, false, []int{10, 20}, []bool{true, true}},
	}
	for _, c := range cases {
		values, shown := c.m.Seen(c.v, c.over)
		if !reflect.DeepEqual(values, c.values) || !reflect.DeepEqual(shown, c.shown) {
			t.Errorf("%s: %v %v; want %v %v", c.name, values, shown, c.values, c.shown)
		}
	}
}
