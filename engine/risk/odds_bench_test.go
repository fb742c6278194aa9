package risk

import "testing"

func benchOdds(b *testing.B, q Query) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(q); err != nil {
			b.Fatal(err)
		}
	}
}

// 1,000 against 1,000: the win chance and both full distributions.
func BenchmarkOdds1000v1000(b *testing.B) {
	benchOdds(b, Query{Attackers: 1000, Defenders: []Defender{{Armies: 1000}}})
}

// 10,000 against 10,000: the win chance.
func BenchmarkOdds10000v10000(b *testing.B) {
	benchOdds(b, Query{Attackers: 10000, Defenders: []Defender{{Armies: 10000}}})
}

// 1,500 attacking a chain of 10 territories of 100 defenders each.
func BenchmarkOddsChain10x100From1500(b *testing.B) {
	ds := make([]Defender, 10)
	for i := range ds {
		ds[i] = Defender{Armies: 100}
	}
	benchOdds(b, Query{Attackers: 1500, Defenders: ds})
}

func BenchmarkOddsMomPop(b *testing.B) {
	benchOdds(b, Query{Attackers: 10, Defenders: []Defender{{MomPop: true}}})
}
