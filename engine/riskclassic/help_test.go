package riskclassic

import (
	"strings"
	"testing"

	"tableside/engine/conquest"
)

// The in-app help states the house rules' numbers as the rules hold them:
// start armies, continent bonuses and set worths come from the tables the
// game plays by.
func TestHelpReadsTheNumbersFromTheRules(t *testing.T) {
	h := strings.Join(Help(conquest.Settings{}), "\n")
	for _, want := range []string{
		"Start armies: 2 players 40, 3 players 35, 4 players 30, 5 players 25, 6 players 20 (rampaging neutrals count as players).",
		"plus each whole continent (Africa 3, Asia 7, Australia 2, Europe 5, North America 5, South America 2).",
		"Sets never grow: 3 artillery 10, 3 cavalry 8, 3 infantry 6, one of each 8; a joker",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("help lacks %q:\n%s", want, h)
		}
	}
	// A changed table changes the help.
	old := StartTable[2]
	StartTable[2] = 41
	defer func() { StartTable[2] = old }()
	if !strings.Contains(strings.Join(Help(conquest.Settings{}), "\n"), "2 players 41,") {
		t.Error("the help does not follow StartTable")
	}
}
