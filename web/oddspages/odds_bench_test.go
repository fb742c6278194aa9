package oddspages

import (
	"strings"
	"testing"
)

// The biggest odds questions the web accepts (webOddsMaxArmies,
// webOddsMaxWork): each must cost a few milliseconds at most, since anyone
// on the Wi-Fi may ask them. Run with: go test -run - -bench OddsWorstAccepted ./web/
func BenchmarkOddsWorstAccepted(b *testing.B) {
	for _, c := range []struct {
		name string
		f    oddsForm
	}{
		{"1000v999", oddsForm{A: "1000", D: "999"}},
		{"1000v1", oddsForm{A: "1000", D: "1"}},
		{"chain42x22", oddsForm{A: "1000", D: "22", Chain: chain(41, "22")}},
		{"chain42momPop", oddsForm{A: "1000", D: "m", Chain: chain(41, "m")}},
		{"1000v999stop2leave3", oddsForm{A: "1000", D: "999", Stop: "2", Leave: "3", Dice: "3"}},
	} {
		if _, err := c.f.answer(); err != nil {
			b.Fatalf("%s is refused: %v", c.name, err)
		}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.f.answer(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The biggest odds questions with a plan the web accepts: the odds, and a
// search for the fewest armies up to the page's bounds (planLimits). Run
// with: go test -run - -bench OddsPlanWorstAccepted ./web/
func BenchmarkOddsPlanWorstAccepted(b *testing.B) {
	for _, c := range []struct {
		name string
		f    oddsForm
	}{
		{"1000v999plan80", oddsForm{A: "1000", D: "999", Plan: "80"}},
		{"1000v999plan99.99pastTheBound", oddsForm{A: "1000", D: "999", Plan: "99.99"}},
		{"planAlone999at99.99pastTheBound", oddsForm{D: "999", Plan: "99.99"}},
		{"chain42x22plan80", oddsForm{A: "1000", D: "22", Chain: chain(41, "22"), Plan: "80"}},
		{"chain42momPopPlan99", oddsForm{A: "1000", D: "m", Chain: chain(41, "m"), Plan: "99"}},
	} {
		if _, err := c.f.answer(); err != nil && !strings.Contains(c.name, "pastTheBound") {
			b.Fatalf("%s is refused: %v", c.name, err)
		}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				c.f.answer()
			}
		})
	}
}

// chain is n defenders of d armies each, as the odds form's chain field.
func chain(n int, d string) string { return strings.TrimSuffix(strings.Repeat(d+",", n), ",") }
