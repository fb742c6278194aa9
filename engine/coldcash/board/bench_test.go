package board

import "testing"

// BenchmarkSizeAndHireFullMap prices a company holding half the map: what
// every screen refresh does for each company in play.
func BenchmarkSizeAndHireFullMap(b *testing.B) {
	bd := New()
	for i, t := range g.Territories() {
		c := "c1"
		if i%2 == 1 {
			c = "c2"
		}
		bd.Land[t] = Holding{Corp: c, Teams: 2}
	}
	bd.Towers["c1"], bd.Towers["c2"] = "afghanistan", "alaska"
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		SizeOf(g, bd, "c1")
		HireFor(g, bd, "c1", false)
	}
}

// BenchmarkOptionsAtBusyBorder lists a placement's outcomes next to three
// companies (the merger planning included).
func BenchmarkOptionsAtBusyBorder(b *testing.B) {
	bd := New()
	for _, it := range [][2]string{{"scandinavia", "c1"}, {"ural", "c2"}, {"southern-europe", "c3"}, {"iceland", "c1"}} {
		bd.Land[it[0]] = Holding{Corp: it[1], Teams: 1}
	}
	bd.Towers["c1"], bd.Towers["c2"], bd.Towers["c3"] = "scandinavia", "ural", "southern-europe"
	bd.Land["ukraine"] = Holding{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		OptionsAt(g, bd, "ukraine")
	}
}
