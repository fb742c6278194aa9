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

// FirstGame is a whole first-game of three seats to play (FirstGameTeaches).
type FirstGame[S engine.State] struct {
	Settings any                // with first-game mode on
	Plain    any                // the same table without it
	Start    string             // the host's command that starts the plain table
	Seed     [2]uint64          // the dice's seeds; the first also seeds the choices
	Choose   func(s *S) Chooser // the test player over the played state
	Over     func(S) bool       // whether the game has ended
	Moves    int                // the most moves the game may take
	Steps    []string           // the steps whose cards must have been taught
	NotNow   bool               // whether the game must have taught a "not now"
}

// FirstGameTeaches plays g's whole game checking every seat's card at every
// step (Teaching); every step in g.Steps must have been taught, and some
// choices (and, with g.NotNow, some "not now" reasons). Then a table
// without first-game mode, once started, teaches no seat.
func FirstGameTeaches[S engine.State](t *testing.T, r engine.Rules, g FirstGame[S]) {
	t.Helper()
	s := New[S](t, r, g.Settings, Names(3)...)
	d := Seeded(g.Seed[0], g.Seed[1])
	var tally Taught
	choose := Teaching(t, r, &s, 3, g.Choose(&s), &tally)
	n := PlayMoves(t, r, &s, Seats(3), func() engine.Dice { return d }, choose, g.Over, g.Seed[0], g.Moves)
	t.Logf("%d moves: %d cards by step %v, %d choice lines, %d not-now reasons", n, tally.Cards, tally.Steps, tally.Does, tally.NotNow)
	for step, lines := range tally.Sample {
		t.Logf("%s:\n  %s", step, strings.Join(lines, "\n  "))
	}
	for _, step := range g.Steps {
		if tally.Steps[step] == 0 {
			t.Errorf("no %q card was taught: %v", step, tally.Steps)
		}
	}
	if tally.Does == 0 || g.NotNow && tally.NotNow == 0 {
		t.Errorf("a whole game taught %d choices and %d not-now reasons", tally.Does, tally.NotNow)
	}
	plain := New[S](t, r, g.Plain, Names(2)...)
	Do(t, r, &plain, Cmd(engine.Host, g.Start, nil), d)
	for seat := range 2 {
		if sh := r.Moves(plain, engine.Viewer{Seat: seat}); sh.Teach != nil {
			t.Fatalf("a table without first-game mode is taught: %+v", sh.Teach)
		}
	}
}
