package coldcash_test

import (
	"errors"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// In first-game mode, every sheet of every seat at every step of a whole
// board-mode game carries its teaching: a line saying what to do now, what
// its everyday choices do, and each "not now" reason the very refusal the
// engine gives the move it names. Without the setting no sheet teaches.
func TestFirstGameTeachesEverySeatAtEveryStep(t *testing.T) {
	t.Parallel()
	g := newSheetGame(t, 3, 5, M{"mode": "board", "ending": "short", "firstGame": true})
	g.battles = true
	steps, notNow, does := map[string]int{}, 0, 0
	for n := 0; !g.over(); n++ {
		if n > 3000 {
			t.Fatalf("the game is not over after %d moves", n)
		}
		for seat := range g.seats {
			sh := coldcash.Rules{}.Moves(g.s, engine.Viewer{Seat: seat})
			if len(sh.Moves) == 0 {
				continue
			}
			steps[sh.Step]++
			if sh.Teach == nil || !strings.HasPrefix(sh.Teach.Now, "Now: ") || len(sh.Teach.Now) < 12 {
				t.Fatalf("move %d: seat %d's %q card teaches %+v", n, seat, sh.Step, sh.Teach)
			}
			does += len(sh.Teach.Does)
			for _, a := range sh.Teach.NotNow {
				notNow++
				_, err := coldcash.Rules{}.Decide(g.s, a.Try, nil)
				var re *engine.RuleError
				if !errors.As(err, &re) || re.Message != a.Why {
					t.Fatalf("move %d: seat %d's not-now %q says %q, but the engine answers %v", n, seat, a.Move, a.Why, err)
				}
			}
		}
		if !g.step() {
			t.Fatalf("nobody is offered a move after %d moves", n)
		}
	}
	for _, want := range []string{coldcash.StepPlace, coldcash.StepOutcome, coldcash.StepAction, coldcash.SheetEarnings} {
		if steps[want] == 0 {
			t.Errorf("the game never reached a %q card: %v", want, steps)
		}
	}
	if notNow == 0 || does == 0 {
		t.Errorf("a whole game taught %d choices and %d not-now reasons", does, notNow)
	}
	t.Logf("cards by step %v, %d choice lines, %d not-now reasons", steps, does, notNow)
	plain := newSheetGame(t, 3, 5, M{"mode": "board"})
	for seat := range 3 {
		plain.step()
		if sh := (coldcash.Rules{}).Moves(plain.s, engine.Viewer{Seat: seat}); sh.Teach != nil {
			t.Fatalf("a table without first-game mode is taught: %+v", sh.Teach)
		}
	}
}
