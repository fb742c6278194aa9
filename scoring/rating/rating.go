// Package rating is the Weng-Lin Bayesian rating for games of any number of
// players with ranks and ties: the Plackett-Luce model, the default of the
// OpenSkill libraries (openskill.js, openskill.py). Each player is a belief
// about their skill, a normal distribution with mean Mu and deviation Sigma;
// a play's finishing order moves each Mu towards what the order suggests and
// shrinks each Sigma as the evidence grows. It is pure: no clock, no I/O.
//
// The update is the one published by Weng and Lin, "A Bayesian
// Approximation Method for Online Ranking" (JMLR 12, 2011), Algorithm 4,
// with the refinements the OpenSkill libraries use: ties share a place and
// split each place's term between them (A_q), gamma is sigma_i / c, and the
// variance factor is floored at Kappa.
package rating

import (
	"fmt"
	"math"
)

// Rating is one belief about a player's skill.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Conservative is the skill the player has with high confidence, mu - 3
// sigma: a newcomer starts at 0 and rises as they play, so one lucky win
// does not top the table.
func (r Rating) Conservative() float64 { return r.Mu - 3*r.Sigma }

// Model holds the constants of the rating.
type Model struct {
	Mu    float64 // a new player's mean, 25
	Sigma float64 // a new player's deviation, 25/3
	Beta  float64 // the spread of one performance around the skill, Sigma/2
	Kappa float64 // the floor of the variance factor, 0.0001
	// Tau is added (in quadrature) to every Sigma before a play, so skills
	// may drift between evenings; 0, as the reference rate uses by default.
	Tau float64
}

// Default is the OpenSkill default model.
func Default() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001}
}

// New is a new player's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Rate returns the players' ratings after one play. ranks[i] is player i's
// place: smaller finished ahead, equal values tied (1, 2, 2, 4 or 0, 1, 1, 3
// alike). A play needs at least two players, one rank each.
func (m Model) Rate(players []Rating, ranks []int) ([]Rating, error) {
	n := len(players)
	if n < 2 || len(ranks) != n {
		return nil, fmt.Errorf("rate: %d players with %d ranks; a play needs two or more, one rank each", n, len(ranks))
	}
	sig2 := make([]float64, n)
	cSq := 0.0
	for i, p := range players {
		sig2[i] = p.Sigma*p.Sigma + m.Tau*m.Tau
		cSq += sig2[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(cSq)
	ex := make([]float64, n)
	for i, p := range players {
		ex[i] = math.Exp(p.Mu / c)
	}
	// sumQ[q]: the strengths of everyone who did not finish ahead of q;
	// a[q]: how many share q's place.
	sumQ, a := make([]float64, n), make([]float64, n)
	for q := range n {
		for i := range n {
			if ranks[i] >= ranks[q] {
				sumQ[q] += ex[i]
			}
			if ranks[i] == ranks[q] {
				a[q]++
			}
		}
	}
	out := make([]Rating, n)
	for i, p := range players {
		omega, delta := 0.0, 0.0
		for q := range n {
			if ranks[q] > ranks[i] {
				continue
			}
			share := ex[i] / sumQ[q]
			if q == i {
				omega += (1 - share) / a[q]
			} else {
				omega -= share / a[q]
			}
			delta += share * (1 - share) / a[q]
		}
		gamma := math.Sqrt(sig2[i]) / c
		omega *= sig2[i] / c
		delta *= gamma * sig2[i] / cSq
		out[i] = Rating{
			Mu:    p.Mu + omega,
			Sigma: math.Sqrt(sig2[i]) * math.Sqrt(math.Max(1-delta, m.Kappa)),
		}
	}
	return out, nil
}
