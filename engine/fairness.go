package engine

import (
	"fmt"
	"math"

	"tableside/ledger"
)

// Fairness is a goodness-of-fit test of six-sided faces against fair dice:
// Pearson's chi-square over the six counts (5 degrees of freedom) and the
// chance that fair dice stray at least this far from even (P). A small P
// says the faces are unlike fair dice; anything above a few percent is what
// fair dice do.
type Fairness struct {
	Counts    [6]int  `json:"counts"` // how often each face came up, 1 first
	N         int     `json:"n"`
	ChiSquare float64 `json:"chiSquare"`
	P         float64 `json:"p"`
}

// FairDice tests the given six-sided faces. Faces outside 1..6 are not dice
// of six sides and are ignored.
func FairDice(faces []int) Fairness {
	var f Fairness
	for _, x := range faces {
		if x >= 1 && x <= 6 {
			f.Counts[x-1]++
			f.N++
		}
	}
	if f.N == 0 {
		f.P = 1
		return f
	}
	want := float64(f.N) / 6
	for _, c := range f.Counts {
		d := float64(c) - want
		f.ChiSquare += d * d / want
	}
	f.P = ChiSquareP(f.ChiSquare, 5)
	return f
}

// Words says the test for people: "these 1,204 faces are as fair as dice
// get: p = 0.41".
func (f Fairness) Words() string {
	faces := fmt.Sprintf("these %s faces", ledger.Grouped(f.N))
	if f.N == 1 {
		faces = "this one face"
	}
	p := fmt.Sprintf("p = %.2f", f.P)
	if f.P < 0.01 {
		p = fmt.Sprintf("p = %.4f", f.P)
	}
	switch {
	case f.N < 30:
		return fmt.Sprintf("%s are too few to judge the dice by (%s)", faces, p)
	case f.P >= 0.05:
		return fmt.Sprintf("%s are as fair as dice get: %s", faces, p)
	case f.P >= 0.001:
		return fmt.Sprintf("%s are uneven: fair dice stray this far only %s of the time (%s)", faces, percent(f.P), p)
	}
	return fmt.Sprintf("%s are unlike fair dice: fair dice would stray this far less than once in a thousand evenings (%s)", faces, p)
}

func percent(p float64) string {
	return fmt.Sprintf("%.1f%%", 100*p)
}

// ChiSquareP is the chance that a chi-square variable with dof degrees of
// freedom is at least x: the upper regularized incomplete gamma function
// Q(dof/2, x/2).
func ChiSquareP(x float64, dof int) float64 {
	if x <= 0 {
		return 1
	}
	return GammaQ(float64(dof)/2, x/2)
}

// GammaQ is the upper regularized incomplete gamma function Q(a, x) =
// Γ(a, x) / Γ(a), for a > 0 and x >= 0: by its power series for x < a+1
// (where the series converges fast, Q = 1 - P) and by its continued
// fraction otherwise (evaluated with the modified Lentz method), each to
// full double precision.
func GammaQ(a, x float64) float64 {
	switch {
	case a <= 0 || x < 0 || math.IsNaN(a) || math.IsNaN(x):
		return math.NaN()
	case x == 0:
		return 1
	case math.IsInf(x, 1):
		return 0
	case x < a+1:
		return 1 - gammaPSeries(a, x)
	}
	return gammaQFraction(a, x)
}

const (
	gammaEps   = 1e-16
	gammaIters = 10000
	gammaTiny  = 1e-300
)

// logPrefix is log(x^a e^-x / Γ(a)), the factor both expansions share.
func logPrefix(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	return a*math.Log(x) - x - lg
}

// gammaPSeries is P(a, x) = x^a e^-x / Γ(a+1) * Σ x^n / ((a+1)...(a+n)).
func gammaPSeries(a, x float64) float64 {
	term := 1 / a
	sum := term
	for n := 1; n < gammaIters; n++ {
		term *= x / (a + float64(n))
		sum += term
		if math.Abs(term) < math.Abs(sum)*gammaEps {
			break
		}
	}
	return sum * math.Exp(logPrefix(a, x))
}

// gammaQFraction is Q(a, x) by Legendre's continued fraction
// 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))).
func gammaQFraction(a, x float64) float64 {
	b := x + 1 - a
	c := 1 / gammaTiny
	d := 1 / b
	h := d
	for i := 1; i < gammaIters; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < gammaTiny {
			d = gammaTiny
		}
		c = b + an/c
		if math.Abs(c) < gammaTiny {
			c = gammaTiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < gammaEps {
			break
		}
	}
	return math.Exp(logPrefix(a, x)) * h
}

// FaceTeller is implemented by games whose events show faces of the app's
// dice (a battle's throws), so a check of a log can hold what the table saw
// to what the revealed seed rolled: every face an event shows must be among
// its command's revealed faces. Events a game does not list show none.
type FaceTeller interface {
	Faces(e Event) []int
}
