package risk

import "testing"

// chain30x200 is 30 territories holding 200 defenders in all (7 and 6
// in turn), the planner's promised size.
func chain30x200() Query {
	ds := make([]Defender, 30)
	for i := range ds {
		ds[i] = Defender{Armies: 7 - i%3/2}
	}
	return Query{Defenders: ds}
}

// BenchmarkPlanChain30x200 finds the fewest armies for 80% across the
// 30-territory chain of 200 defenders, with its odds and armies left.
func BenchmarkPlanChain30x200(b *testing.B) {
	q := chain30x200()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := MakePlan(q, 0.8, EngineLimits); err != nil {
			b.Fatal(err)
		}
	}
}
