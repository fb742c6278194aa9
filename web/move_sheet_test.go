package web

import (
	"strings"
	"testing"

	"tableside/engine"
)

// A sheet groups moves by step, the current step first, and folds the
// Minor ones under "more" (by their choice's group); the current step,
// when it has only Minor moves, shows its first fold open, so its first
// button is never hidden; another step's rare moves stay folded.
func TestMoveSheetGroupsByStepAndFoldsMinorMoves(t *testing.T) {
	sh := engine.Sheet{Step: "attack", Moves: []engine.Move{
		{Choice: engine.Choice{Label: "End the turn"}, Step: "end-turn", Ends: true},
		{Choice: engine.Choice{Label: "Alaska → Kamchatka"}, Step: "attack", From: "Alaska", To: "Kamchatka", Chance: engine.Chance(0.9)},
		{Choice: engine.Choice{Label: "Peru → Brazil"}, Step: "attack", Minor: true},
		{Choice: engine.Choice{Label: "Merge A into B", Group: "Every merge"}, Step: "merge", Minor: true},
	}}
	steps := groupSteps(7, sh, nil)
	if len(steps) != 3 || steps[0].Step != "attack" || steps[1].Step != "end-turn" || steps[2].Step != "merge" {
		t.Fatalf("steps %+v; want attack (the current step), end-turn, merge", steps)
	}
	if a := steps[0]; len(a.Top) != 1 || len(a.More) != 1 || a.More[0].Name != "More" || a.Top[0].GameID != 7 {
		t.Errorf("attack step %+v; want one everyday move and one folded under More", a)
	}
	if m := steps[2]; len(m.Top) != 0 || len(m.More) != 1 {
		t.Errorf("another step of only folded moves shows %+v; want it kept folded", m)
	}
	now := groupSteps(7, engine.Sheet{Step: "merge", Moves: sh.Moves[3:]}, nil)
	if len(now) != 1 || len(now[0].Top) != 1 || len(now[0].More) != 0 {
		t.Errorf("the current step of only folded moves shows %+v; want its first fold open", now)
	}
	if got := steps[0].Top[0].Places; got != "|alaska|kamchatka|" {
		t.Errorf("the attack's places are %q", got)
	}
	if got := steps[0].Top[0].Chance(); got != "90.0%" {
		t.Errorf("a 0.9 chance reads %q", got)
	}
	if got := stepTitle("end-turn"); got != "End turn" {
		t.Errorf("step end-turn is titled %q", got)
	}
}

// A battle's chance on its button never rounds to a certainty it is not.
func TestMoveSheetChanceNeverRoundsToCertainty(t *testing.T) {
	m := sheetMove{M: engine.Move{Chance: engine.Chance(0.99971)}}
	if got := m.Chance(); strings.HasPrefix(got, "100") {
		t.Errorf("a 99.971%% chance reads %q", got)
	}
}

// A decision is drawn from the seat's own sheet: its answers in one step
// named after the decision, a grouped answer folded under its group. The
// public gets no sheet, whatever it is handed, and a sheet with no moves
// draws nothing.
func TestMoveSheetDrawsTheDecisionFromTheSeatsSheet(t *testing.T) {
	moves := engine.Sheet{Step: "conquest.defend", Text: "defend Peru", Moves: []engine.Move{
		{Choice: engine.Choice{Label: "1 die", Type: "defend"}, Step: "conquest.defend", Seat: 1, Decision: true},
		{Choice: engine.Choice{Label: "2 dice", Type: "defend"}, Step: "conquest.defend", Seat: 1, Decision: true},
		{Choice: engine.Choice{Label: "Merge", Type: "merge", Group: "Every merge"}, Step: "conquest.defend", Seat: 1, Minor: true, Decision: true},
	}}
	if sh := sheetFor(engine.Sheet{Step: "conquest.defend", Moves: []engine.Move{}}, engine.Viewer{Seat: 0}, 3, nil); sh != nil {
		t.Errorf("seat 0, with no moves, gets a sheet: %+v", sh)
	}
	if sh := sheetFor(moves, engine.Viewer{Seat: engine.Public}, 3, nil); sh != nil {
		t.Errorf("the public view gets a sheet: %+v", sh)
	}
	sh := sheetFor(moves, engine.Viewer{Seat: 1}, 3, nil)
	if sh == nil || sh.Text != "defend Peru" || len(sh.Steps) != 1 || len(sh.Steps[0].Top) != 2 || len(sh.Steps[0].More) != 1 ||
		sh.Steps[0].More[0].Name != "Every merge" || sh.Steps[0].Step != "conquest.defend" || sh.GameID != 3 {
		t.Fatalf("seat 1's sheet %+v; want the decision's two answers and the merge folded", sh)
	}
	if _, card := sh.Decision(); len(card) != 3 {
		t.Errorf("seat 1's decision card holds %d answers; want 3", len(card))
	}
}

// A step's everyday moves are drawn line by line: moves one after another
// that share a row's key are one line (buy 1 | 2 | 3 of one company), any
// other move a line of its own; a move of another step than the table's
// is drawn aside (secondary), and the table's step has no title of its own.
func TestMoveSheetDrawsRowsAsOneLineEach(t *testing.T) {
	row := func(key, short string) *engine.Row { return &engine.Row{Key: key, Head: key, Short: short} }
	sh := engine.Sheet{Step: "action", Moves: []engine.Move{
		{Choice: engine.Choice{ID: "buy-a-1"}, Step: "action", Row: row("buy-a", "1")},
		{Choice: engine.Choice{ID: "buy-a-2"}, Step: "action", Row: row("buy-a", "2")},
		{Choice: engine.Choice{ID: "buy-b-1"}, Step: "action", Row: row("buy-b", "1")},
		{Choice: engine.Choice{ID: "draw"}, Step: "action", Ends: true},
		{Choice: engine.Choice{ID: "meeting-a"}, Step: "action", Row: row("meeting", "A")},
		{Choice: engine.Choice{ID: "hide-a"}, Step: "shares"},
	}}
	steps := groupSteps(1, sh, nil)
	var got []string
	for _, l := range steps[0].Lines() {
		var ids []string
		for _, m := range l.Moves {
			ids = append(ids, m.M.ID)
		}
		got = append(got, strings.Join(ids, "|"))
	}
	if strings.Join(got, " ") != "buy-a-1|buy-a-2 buy-b-1 draw meeting-a" {
		t.Fatalf("lines %v; want buy-a's two segments, buy-b's one, the card alone, the meeting", got)
	}
	if !steps[0].Current || steps[1].Current || !steps[1].Top[0].Aside || steps[0].Top[0].Aside {
		t.Errorf("the table's step is current and its moves primary; the shares' step aside: %+v", steps)
	}
}
