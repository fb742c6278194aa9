package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// stepWatch follows the step each phone's sheet shows (its step and its
// card's words, as sheet.js keys it) and checks, whenever a phone's step
// has changed since the test last looked, that the new step's first move is
// on the screen as the page stands: nothing scrolled by the test, so a new
// step drawn off the screen fails, naming where its first move sat.
type stepWatch struct {
	seen    map[*testenv.Tab]string
	changes int // the changes of step checked
}

func newStepWatch() *stepWatch { return &stepWatch{seen: map[*testenv.Tab]string{}} }

// check measures tab's sheet now; where says which tap and phone.
func (w *stepWatch) check(t *testing.T, tab *testenv.Tab, where string) firstScreen {
	t.Helper()
	var f firstScreen
	tab.Run(t, chromedp.Evaluate(firstScreenJS, &f))
	was, seen := w.seen[tab]
	w.seen[tab] = f.Key
	if !seen || f.Key == was || len(f.Moves) == 0 {
		return f
	}
	w.changes++
	if m := f.Moves[0]; m.Top < 0 || m.Bottom > f.H {
		t.Errorf("%s: the new step %q's first move %s sits at y %d..%d of a %d px screen (page scrolled %d px; step before: %q)",
			where, f.Key, m.ID, m.Top, m.Bottom, f.H, f.Y, was)
	}
	return f
}

// checked fails a test whose phones never changed step while watched: a
// watch that measured nothing proves nothing.
func (w *stepWatch) checked(t *testing.T, game string) {
	t.Helper()
	if w.changes == 0 {
		t.Errorf("%s: no change of step was measured on a phone", game)
	}
	t.Logf("%s: %d changes of step measured on the phones, each new step's first move on the screen", game, w.changes)
}
