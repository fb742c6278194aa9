package takeover

import (
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// In first-game mode, every card of every seat at every step of a whole
// Takeover game teaches (enginetest.Teaching): a "Now:" line, what each
// coin, stock choice and merge is worth, and each "not now" the game's own
// refusal of that very merge. Without the setting no card teaches.
func TestFirstGameTeachesEverySeatAtEveryStep(t *testing.T) {
	t.Parallel()
	s := enginetest.New[*State](t, Rules{}, Settings{FirstGame: true}, enginetest.Names(3)...)
	d := enginetest.Seeded(3, 9)
	var tally enginetest.Taught
	choose := enginetest.Teaching(t, Rules{}, &s, 3, chooseTakeover, &tally)
	n := enginetest.PlayMoves(t, Rules{}, &s, enginetest.Seats(3), func() engine.Dice { return d }, choose, func(s *State) bool { return s.Phase == PhaseOver }, 3, 400)
	t.Logf("%d moves: %d cards by step %v, %d choice lines, %d not-now reasons", n, tally.Cards, tally.Steps, tally.Does, tally.NotNow)
	for step, lines := range tally.Sample {
		t.Logf("%s:\n  %s", step, strings.Join(lines, "\n  "))
	}
	for _, step := range []string{StepDraft, StepConceal, StepPlay} {
		if tally.Steps[step] == 0 {
			t.Errorf("no %q card was taught: %v", step, tally.Steps)
		}
	}
	if tally.Does == 0 {
		t.Errorf("a whole game taught no choice")
	}
	plain := enginetest.New[*State](t, Rules{}, Settings{}, enginetest.Names(2)...)
	enginetest.Do(t, Rules{}, &plain, enginetest.Cmd(engine.Host, CmdDeal, nil), d)
	for seat := range 2 {
		if sh := (Rules{}).Moves(plain, engine.Viewer{Seat: seat}); sh.Teach != nil {
			t.Fatalf("a table without first-game mode is taught: %+v", sh.Teach)
		}
	}
}
