package pctw

import "testing"

// A layout typed at the table either builds a map whose borders are
// symmetric and whose continents hold every tile, or is refused; it never panics.
func FuzzParseLayout(f *testing.F) {
	f.Add(DefaultLayout, "x")
	f.Add("S0 S1 / S2 S3", "xy")
	f.Add("A0 . A1\nA2 A3 A4", "none")
	f.Add("S0 S0", "x")
	f.Add("Z9", "q")
	f.Fuzz(func(t *testing.T, layout, wrap string) {
		b, err := Parse(layout, wrap)
		if err != nil {
			return
		}
		n := 0
		for _, c := range b.Map.Continents() {
			n += len(c.Territories)
		}
		if n != b.Map.Len() || len(b.Grid.Cells) != b.Map.Len() {
			t.Fatalf("%d tiles in continents, %d cells, %d territories", n, len(b.Grid.Cells), b.Map.Len())
		}
		for _, br := range b.Map.Borders() {
			if !b.Map.Adjacent(br[1], br[0]) {
				t.Fatalf("border %v is one-way", br)
			}
		}
	})
}
