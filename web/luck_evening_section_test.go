package web

import (
	"strings"
	"testing"
)

// The end screen's luck section says the evening's pooled test under the
// game's own, with what the evening is; a game alone in its evening has none.
func TestLuckSectionSaysTheEveningsDice(t *testing.T) {
	v := &luckView{Players: []luckRow{{Name: "Ana", None: true}}, Fair: "these 40 faces are as fair as dice get: p = 0.50", GameID: 7,
		Evening: &eveningFair{Words: "these 1,204 faces are as fair as dice get: p = 0.41", Games: 4, Rolled: 3, Gap: "6 h"}}
	html, err := sharedViews().fragment("game", "luck", v)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The evening's dice, over 3 games:</span> these 1,204 faces are as fair as dice get: p = 0.41.",
		"The evening is every game started within 6 h of the one before it (4 games, 3 with the app's dice)."} {
		if !strings.Contains(html, want) {
			t.Fatalf("luck section lacks %q:\n%s", want, html)
		}
	}
	v.Evening = nil
	if html, _ = sharedViews().fragment("game", "luck", v); strings.Contains(html, "evening-fair") {
		t.Fatal("a game alone in its evening tells the evening's dice")
	}
}
