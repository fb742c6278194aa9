package pctw

import (
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/internal/conquestplay"
	"tableside/internal/enginetest"
)

// In first-game mode, every card of every seat at every step of a whole
// PCtW game teaches (enginetest.Teaching): a "Now:" line, the chances of
// its battles, and each "not now" the game's own refusal of that very
// command. Without the setting no card teaches.
func TestFirstGameTeachesEverySeatAtEveryStep(t *testing.T) {
	t.Parallel()
	s := enginetest.New[*conquest.State](t, Rules{}, conquest.Settings{Fortify: true, FirstGame: true}, enginetest.Names(3)...)
	d := enginetest.Seeded(7, 5)
	dice := func() engine.Dice { return d }
	var tally enginetest.Taught
	choose := enginetest.Teaching(t, Rules{}, &s, 3, conquestplay.Keen(&s), &tally)
	n := enginetest.PlayMoves(t, Rules{}, &s, enginetest.Seats(3), dice, choose, func(s *conquest.State) bool { return s.Phase == conquest.PhaseOver }, 7, 3000)
	t.Logf("%d moves: %d cards by step %v, %d choice lines, %d not-now reasons", n, tally.Cards, tally.Steps, tally.Does, tally.NotNow)
	for step, lines := range tally.Sample {
		t.Logf("%s:\n  %s", step, strings.Join(lines, "\n  "))
	}
	for _, step := range []string{conquest.StepPlace, conquest.StepAttack, conquest.StepMove, conquest.StepFortify, conquest.StepDefend} {
		if tally.Steps[step] == 0 {
			t.Errorf("no %q card was taught: %v", step, tally.Steps)
		}
	}
	if tally.Does == 0 || tally.NotNow == 0 {
		t.Errorf("a whole game taught %d choices and %d not-now reasons", tally.Does, tally.NotNow)
	}
	plain := enginetest.New[*conquest.State](t, Rules{}, conquest.Settings{}, enginetest.Names(2)...)
	enginetest.Do(t, Rules{}, &plain, enginetest.Cmd(engine.Host, conquest.CmdStart, nil), d)
	for seat := range 2 {
		if sh := (Rules{}).Moves(plain, engine.Viewer{Seat: seat}); sh.Teach != nil {
			t.Fatalf("a table without first-game mode is taught: %+v", sh.Teach)
		}
	}
}
