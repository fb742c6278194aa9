package riskclassic

import (
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
)

// feedOf is what the events of the last command told each reader.
func (tb *table) feedOf() map[int][]string {
	out := map[int][]string{}
	for _, e := range tb.evs {
		for _, l := range (Rules{}).Feed(tb.s, e) {
			out[l.To] = append(out[l.To], l.Text)
		}
	}
	return out
}

// The table reads every battle; the defender's phone reads what it cost
// them, and the why spells out the dice.
func TestFeedTellsTheDefenderWhatTheBattleCost(t *testing.T) {
	tb := attackScenario(t) // Alaska 10 (seat 0) against Kamchatka 2 (seat 1)
	tb.s.Settings.DefendMost = true
	tb.dice = rolled(6, 5, 1, 4, 4)
	tb.do(0, conquest.CmdAttack, map[string]any{"from": id("Alaska"), "to": id("Kamchatka"), "mode": "roll"})
	feed := tb.feedOf()
	ana, ben := tb.s.Players[0].Name, tb.s.Players[1].Name
	want := ana + " took Kamchatka from " + ben + ", attacking from Alaska: " + ana + " lost 0, " + ben + " lost 2."
	if len(feed[engine.Public]) == 0 || feed[engine.Public][0] != want {
		t.Fatalf("table's lines %q; want %q", feed[engine.Public], want)
	}
	if len(feed[1]) != 1 || feed[1][0] != ana+" took Kamchatka from you, attacking from Alaska: you lost 2 armies there (10 against 2; a 1-in-3 result in their favour)" {
		t.Fatalf("defender's lines %q", feed[1])
	}
	if len(feed[0]) != 0 {
		t.Fatalf("the attacker's phone got %q; the table's line is theirs", feed[0])
	}
	for _, e := range tb.evs {
		for _, l := range (Rules{}).Feed(tb.s, e) {
			if l.To == 1 && !strings.Contains(l.Why, "[6 5 1] against [4 4]") {
				t.Fatalf("why %q does not show the dice", l.Why)
			}
		}
	}
}
