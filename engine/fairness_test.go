package engine

import (
	"math"
	"strings"
	"testing"
)

// The chi-square tail is checked against published table values (the 5-dof
// critical values and median) and against closed forms of Q: Q(1, x) = e^-x
// and Q(1/2, x) = erfc(sqrt x), on both sides of the series/fraction switch.
func TestChiSquarePMatchesPublishedValues(t *testing.T) {
	cases := []struct {
		x, want float64
		dof     int
	}{
		{11.0705, 0.05, 5},  // 5 dof, 95th percentile
		{15.0863, 0.01, 5},  // 99th
		{20.5150, 0.001, 5}, // 99.9th
		{1.1455, 0.95, 5},   // 5th
		{4.35146, 0.5, 5},   // median
		{3.8415, 0.05, 1},
		{5.9915, 0.05, 2},
		{0, 1, 5},
	}
	for _, c := range cases {
		if got := ChiSquareP(c.x, c.dof); math.Abs(got-c.want) > 5e-5*math.Max(c.want, 0.01)*10 {
			t.Errorf("ChiSquareP(%v, %d) = %.6f; want %.6f", c.x, c.dof, got, c.want)
		}
	}
	for _, x := range []float64{0.01, 0.3, 1, 1.9, 2.1, 5, 30, 200} {
		if got, want := GammaQ(1, x), math.Exp(-x); math.Abs(got-want) > 1e-13*math.Max(want, 1e-300)+1e-300 {
			t.Errorf("GammaQ(1, %v) = %g; want %g", x, got, want)
		}
		if got, want := GammaQ(0.5, x), math.Erfc(math.Sqrt(x)); math.Abs(got-want) > 1e-12*want {
			t.Errorf("GammaQ(0.5, %v) = %g; want %g", x, got, want)
		}
	}
	// Q(a, x) for whole a is a Poisson tail: sum_{k<a} e^-x x^k / k!.
	for _, x := range []float64{0.5, 2.5, 3.5, 9} {
		want, term := 0.0, math.Exp(-x)
		for k := range 3 {
			if k > 0 {
				term *= x / float64(k)
			}
			want += term
		}
		if got := GammaQ(3, x); math.Abs(got-want) > 1e-13 {
			t.Errorf("GammaQ(3, %v) = %.15f; want %.15f", x, got, want)
		}
	}
	if !math.IsNaN(GammaQ(0, 1)) || !math.IsNaN(GammaQ(1, -1)) || GammaQ(2, math.Inf(1)) != 0 {
		t.Error("GammaQ outside its domain")
	}
}

// Even faces fit fair dice perfectly; faces all on one number do not; the
// words say which, with the count grouped in thousands.
func TestFairDiceSaysHowFairTheFacesAre(t *testing.T) {
	var even, loaded []int
	for i := range 1200 {
		even = append(even, 1+i%6)
		loaded = append(loaded, 6)
	}
	f := FairDice(even)
	if f.N != 1200 || f.ChiSquare != 0 || f.P != 1 {
		t.Fatalf("even faces: %+v", f)
	}
	if w := f.Words(); w != "these 1,200 faces are as fair as dice get: p = 1.00" {
		t.Errorf("even faces: %q", w)
	}
	l := FairDice(loaded)
	if l.ChiSquare != 6000 || l.P > 1e-100 {
		t.Fatalf("loaded faces: %+v", l)
	}
	if w := l.Words(); !strings.Contains(w, "unlike fair dice") {
		t.Errorf("loaded faces: %q", w)
	}
	// 60 faces, 16 sixes: chi-square = 4*(10-x)... worked by hand:
	// counts 8,9,9,9,9,16 -> (4+1+1+1+1+36)/10 = 4.4, p ~ 0.4934.
	var some []int
	for face, n := range []int{8, 9, 9, 9, 9, 16} {
		for range n {
			some = append(some, face+1)
		}
	}
	s := FairDice(some)
	if math.Abs(s.ChiSquare-4.4) > 1e-12 || math.Abs(s.P-0.4934) > 5e-4 {
		t.Fatalf("60 faces: %+v", s)
	}
	if w := FairDice([]int{3, 4}).Words(); !strings.Contains(w, "too few") {
		t.Errorf("two faces: %q", w)
	}
}
