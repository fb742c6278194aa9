package coldcash_test

import (
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/risk"
)

// moveByID finds one move of a sheet.
func moveByID(t *testing.T, sh engine.Sheet, id string) engine.Move {
	t.Helper()
	for _, m := range sh.Moves {
		if m.ID == id {
			return m
		}
	}
	t.Fatalf("no move %s on the sheet", id)
	return engine.Move{}
}

// An attack on a corporation's territory that is not its tower says the
// exact chance of fighting on to the tower along the cheapest path through
// its land (Congo 1, East Africa 1, Egypt 3, from North Africa's 4), from
// engine/risk's chain odds; an attack on the tower itself says only its own.
func TestTakeoverAttackSaysTheChanceOfReachingTheHeadquarters(t *testing.T) {
	g := takeoverOnEgypt(t, M{})
	g.expect("congo=c5:1", "east-africa=c5:1")
	sh := g.s.Moves(engine.Viewer{Seat: 1})
	want, err := risk.Compute(risk.Query{Attackers: 4, Defenders: []risk.Defender{{Armies: 1}, {Armies: 1}, {Armies: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	m := moveByID(t, sh, "attack-north-africa-congo")
	if wantNote := "HQ Egypt " + risk.Percent(want.Win) + " in 3 battles"; m.Note != wantNote {
		t.Fatalf("attack on Congo says %q; want %q", m.Note, wantNote)
	}
	if m := moveByID(t, sh, "attack-north-africa-egypt"); m.Note != "" || m.Chance == nil {
		t.Fatalf("attack on the tower itself: note %q, chance %v", m.Note, m.Chance)
	}
}

// The defending CEO's sheet names the attacker, both territories and both
// sides' teams, and each answer its exact chance of holding: one roll of 3
// dice against 1 never takes Egypt's 3 teams; against 2 it keeps every team
// 2,275 times in 7,776 (risk.OneRoll).
func TestDefendingCEOReadsTheAttackAndTheChanceOfHolding(t *testing.T) {
	g := takeoverOnEgypt(t, M{})
	g.must(1, "attack", M{"from": "north-africa", "to": "egypt", "dice": 3})
	sh := g.s.Moves(engine.Viewer{Seat: 0})
	for _, want := range []string{"Ben attacks Egypt (Festival, 3 teams) with American from North Africa (4 teams)", "1 die or 2"} {
		if !strings.Contains(sh.Text, want) {
			t.Fatalf("Ana's sheet says %q; want %q", sh.Text, want)
		}
	}
	if m := moveByID(t, sh, "defend-1"); !strings.HasPrefix(m.Note, "holds this roll 100.0%") {
		t.Fatalf("1 die: %q", m.Note)
	}
	r, _ := risk.OneRoll(3, 2)
	none := risk.Percent(float64(r.Ways[2]) / float64(r.Of))
	if m := moveByID(t, sh, "defend-2"); !strings.HasSuffix(m.Note, "loses no team "+none) || !strings.HasPrefix(m.Note, "holds this roll 100.0%") {
		t.Fatalf("2 dice: %q; want no loss %s", m.Note, none)
	}
	if w := g.s.Where(); !strings.Contains(w, "Waiting for Ana to defend Egypt") || !strings.Contains(w, "Ben's American") {
		t.Fatalf("the table reads %q", w)
	}
}
