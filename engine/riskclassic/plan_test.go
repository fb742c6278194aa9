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

// Each blitz on the turn player's sheet carries its exact chance and the
// planner's answer: the fewest armies that win it four times in five, said
// in its note when the territory holds fewer.
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
	if need > 30 {
		t.Fatalf("the planner says %d armies win 6 four times in five; the strong attack holds 30", need)
	}
	seen := map[string]engine.Move{}
	for _, m := range (Rules{}).Moves(tb.s, engine.Viewer{Seat: 0}).Moves {
		for _, from := range []string{"Alaska", "Yakutsk"} {
			if m.ID == fmt.Sprintf("attack-%d-%d", id(from), id("Kamchatka")) {
				seen[from] = m
			}
		}
	}
	if len(seen) != 2 {
		t.Fatalf("the sheet offers %d of the two blitzes on Kamchatka", len(seen))
	}
	short, strong := seen["Alaska"], seen["Yakutsk"]
	for from, c := range map[string]struct {
		m      engine.Move
		armies int
	}{"Alaska": {short, 3}, "Yakutsk": {strong, 30}} {
		odds, err := risk.Compute(risk.Query{Attackers: c.armies, Defenders: []risk.Defender{{Armies: 6}}})
		if err != nil {
			t.Fatal(err)
		}
		if c.m.Chance == nil || *c.m.Chance != odds.Win {
			t.Errorf("the blitz from %s carries chance %v; the exact odds are %v", from, c.m.Chance, odds.Win)
		}
	}
	if !strings.HasSuffix(short.Note, " · 80.0% needs "+strconv.Itoa(need)) {
		t.Errorf("the sheet's blitz from Alaska should say what 80%% needs: %q", short.Note)
	}
	if strings.Contains(strong.Note, "needs") {
		t.Errorf("the sheet's blitz from Yakutsk needs nothing more: %q", strong.Note)
	}
}
