package enginetest

import (
	"testing"

	"tableside/engine/risk"
)

// Plan is the engine's attack plan for q at the wanted chance, within the
// engine's limits: what the odds pages and their API must show.
func Plan(t *testing.T, q risk.Query, chance float64) *risk.Plan {
	t.Helper()
	p, err := risk.MakePlan(q, chance, risk.EngineLimits)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
