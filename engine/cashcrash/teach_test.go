package cashcrash

import (
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// In first-game mode, every card of every seat at every step of a whole
// Cash or Crash game (with the doubling rule) teaches
// (enginetest.Teaching): a "Now:" line from the round's numbers, what each
// choice does, and each "not now" (SELL!, DOUBLE!) the game's own refusal
// of that very command. Without the setting no card teaches.
func TestFirstGameTeachesEverySeatAtEveryStep(t *testing.T) {
	t.Parallel()
	s := enginetest.New[*State](t, Rules{}, Settings{Doubling: true, FirstGame: true}, enginetest.Names(3)...)
	d := enginetest.Seeded(1, 3)
	var tally enginetest.Taught
	choose := enginetest.Teaching(t, Rules{}, &s, 3, chooseCashCrash, &tally)
	n := enginetest.PlayMoves(t, Rules{}, &s, enginetest.Seats(3), func() engine.Dice { return d }, choose, func(s *State) bool { return s.Phase == PhaseOver }, 1, 3000)
	t.Logf("%d moves: %d cards by step %v, %d choice lines, %d not-now reasons", n, tally.Cards, tally.Steps, tally.Does, tally.NotNow)
	for step, lines := range tally.Sample {
		t.Logf("%s:\n  %s", step, strings.Join(lines, "\n  "))
	}
	for _, step := range []string{StepStake, StepBid, StepAnswer} {
		if tally.Steps[step] == 0 {
			t.Errorf("no %q card was taught: %v", step, tally.Steps)
		}
	}
	if tally.Does == 0 || tally.NotNow == 0 {
		t.Errorf("a whole game taught %d choices and %d not-now reasons", tally.Does, tally.NotNow)
	}
	plain := enginetest.New[*State](t, Rules{}, Settings{}, enginetest.Names(2)...)
	enginetest.Do(t, Rules{}, &plain, enginetest.Cmd(engine.Host, CmdStart, nil), d)
	for seat := range 2 {
		if sh := (Rules{}).Moves(plain, engine.Viewer{Seat: seat}); sh.Teach != nil {
			t.Fatalf("a table without first-game mode is taught: %+v", sh.Teach)
		}
	}
}
