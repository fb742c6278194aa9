package coldcash_test

import (
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/internal/enginetest"
)

// In first-game mode, every sheet of every seat at every step of a whole
// board-mode game carries its teaching: a line saying what to do now, what
// its everyday choices do, and each "not now" reason the very refusal the
// engine gives the move it names. Without the setting no sheet teaches.
func TestFirstGameTeachesEverySeatAtEveryStep(t *testing.T) {
	t.Parallel()
	g := newSheetGame(t, 3, 5, M{"mode": "board", "ending": "short", "firstGame": true})
	g.battles = true
	var tally enginetest.Taught
	for n := 0; !g.over(); n++ {
		if n > 3000 {
			t.Fatalf("the game is not over after %d moves", n)
		}
		enginetest.CheckTeaching(t, coldcash.Rules{}, g.s, g.seats, &tally)
		if !g.step() {
			t.Fatalf("nobody is offered a move after %d moves", n)
		}
	}
	for _, want := range []string{coldcash.StepPlace, coldcash.StepOutcome, coldcash.StepAction, coldcash.SheetEarnings} {
		if tally.Steps[want] == 0 {
			t.Errorf("the game never reached a %q card: %v", want, tally.Steps)
		}
	}
	if tally.NotNow == 0 || tally.Does == 0 {
		t.Errorf("a whole game taught %d choices and %d not-now reasons", tally.Does, tally.NotNow)
	}
	t.Logf("cards by step %v, %d choice lines, %d not-now reasons", tally.Steps, tally.Does, tally.NotNow)
	plain := newSheetGame(t, 3, 5, M{"mode": "board"})
	for seat := range 3 {
		plain.step()
		if sh := (coldcash.Rules{}).Moves(plain.s, engine.Viewer{Seat: seat}); sh.Teach != nil {
			t.Fatalf("a table without first-game mode is taught: %+v", sh.Teach)
		}
	}
}
