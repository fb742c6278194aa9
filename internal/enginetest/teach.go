package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"tableside/engine"
)

// Taught counts what a played game's sheets taught (Teaching).
type Taught struct {
	Cards, Does, NotNow int
	Steps               map[string]int // cards by step
	// Sample is, for each step, one card's lines as taught (for a test's
	// log: what a reader sees).
	Sample map[string][]string
}

// Teaching wraps choose so that, before each move of a played game
// (PlayMoves), every seat's sheet carries its first-game teaching: a "Now:"
// line, and for each "not now" move the game's own refusal of its exact
// command in the same words, the state unchanged. It counts into tally.
func Teaching[S engine.State](t testing.TB, r engine.Rules, s *S, seats int, choose Chooser, tally *Taught) Chooser {
	return func(rng *rand.Rand, offers []Offer) (Offer, map[string]int) {
		t.Helper()
		CheckTeaching(t, r, *s, seats, tally)
		return choose(rng, offers)
	}
}

// CheckTeaching checks every seat's first-game card in s (Teaching), and
// counts into tally.
func CheckTeaching(t testing.TB, r engine.Rules, s engine.State, seats int, tally *Taught) {
	t.Helper()
	if tally.Steps == nil {
		tally.Steps, tally.Sample = map[string]int{}, map[string][]string{}
	}
	for seat := range seats {
		sh := r.Moves(s, engine.Viewer{Seat: seat})
		if len(sh.Moves) == 0 {
			continue
		}
		tc := sh.Teach
		if tc == nil || !strings.HasPrefix(tc.Now, "Now: ") || len(tc.Now) < 12 {
			t.Fatalf("seat %d's %q card (%q) teaches %+v", seat, sh.Step, sh.Text, tc)
		}
		if _, ok := tally.Sample[sh.Step]; !ok || len(tc.NotNow) > 0 && len(tally.Sample[sh.Step]) < 2 {
			lines := []string{tc.Now}
			for _, d := range tc.Does {
				lines = append(lines, d.Label+": "+d.Does)
			}
			for _, a := range tc.NotNow {
				lines = append(lines, "not now: "+a.Move+": "+a.Why)
			}
			tally.Sample[sh.Step] = lines
		}
		tally.Cards++
		tally.Steps[sh.Step]++
		tally.Does += len(tc.Does)
		for _, d := range tc.Does {
			if d.Does == "" || d.Label == "" {
				t.Fatalf("seat %d's %q card says an empty choice: %+v", seat, sh.Step, d)
			}
		}
		for _, a := range tc.NotNow {
			before, _ := json.Marshal(s)
			_, err := r.Decide(s, a.Try, engine.StillDice{})
			var re *engine.RuleError
			if !errors.As(err, &re) || re.Message != a.Why {
				t.Fatalf("seat %d's not-now %q says %q, but the game answers %v", seat, a.Move, a.Why, err)
			}
			if after, _ := json.Marshal(s); !bytes.Equal(before, after) {
				t.Fatalf("seat %d's not-now %q changed the state", seat, a.Move)
			}
			tally.NotNow++
		}
	}
}
