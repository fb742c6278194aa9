package riskclassic

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
)

// Each attack in the turn player's list carries the planner's answer: the
// fewest armies that win it four times in five, said in the label when the
// territory holds fewer; the move sheet's blitz says it too.
func TestAttackListSaysTheArmiesNeededForEightyPercent(t *testing.T) {
	tb := reinforceScenario(t, conquest.Settings{})
	tb.board(0)
	tb.own(1, 6, "Kamchatka")
	tb.own(0, 3, "Alaska")
	tb.own(0, 30, "Yakutsk")
	tb.s.Pool, tb.s.Phase, tb.s.Turn = 0, conquest.PhaseAttack, 0
	need, err := risk.FewestArmies(risk.Query{Defenders: []risk.Defender{{Armies: 6}}}, 0.8, risk.EngineLimits)
	if err != nil {
		t.Fatal(err)
	}
	v := Rules{}.View(tb.s, engine.Viewer{Seat: 0}).(conquest.View)
	seen := map[string]conquest.AttackOption{}
	for _, a := range v.Attacks {
		if a.To == id("Kamchatka") {
			seen[risk.Classic().Name(risk.TerritoryID(a.From))] = a
		}
	}
	short, strong := seen["Alaska"], seen["Yakutsk"]
	if short.Need != need || strong.Need != need {
		t.Fatalf("need from Alaska %d, from Yakutsk %d; the planner says %d", short.Need, strong.Need, need)
	}
	if !strings.HasSuffix(short.Label, "; 80.0% needs "+strconv.Itoa(need)) {
		t.Errorf("3 against 6 should say what 80%% needs: %q", short.Label)
	}
	if strings.Contains(strong.Label, "needs") {
		t.Errorf("30 against 6 needs nothing more: %q", strong.Label)
	}
	found := 0
	for _, m := range (Rules{}).Moves(tb.s, engine.Viewer{Seat: 0}).Moves {
		if m.ID == fmt.Sprintf("attack-%d-%d", id("Alaska"), id("Kamchatka")) || m.ID == fmt.Sprintf("attack-%d-%d", id("Yakutsk"), id("Kamchatka")) {
			found++
		}
		if m.ID == fmt.Sprintf("attack-%d-%d", id("Alaska"), id("Kamchatka")) && !strings.HasSuffix(m.Note, "; 80.0% needs "+strconv.Itoa(need)) {
			t.Errorf("the sheet's blitz from Alaska should say what 80%% needs: %q", m.Note)
		}
		if m.ID == fmt.Sprintf("attack-%d-%d", id("Yakutsk"), id("Kamchatka")) && strings.Contains(m.Note, "needs") {
			t.Errorf("the sheet's blitz from Yakutsk needs nothing more: %q", m.Note)
		}
	}
	if found != 2 {
		t.Fatalf("the sheet offers %d of the two blitzes on Kamchatka", found)
	}
}
