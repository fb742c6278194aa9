package web

import (
	"strings"
	"testing"

	"tableside/engine"
)

// The luck section says, under the battles, how fair the game's faces were
// and links the dice page that checks every roll; a game fought with the
// table's own dice has no such line.
func TestLuckSectionSaysHowFairTheFacesWere(t *testing.T) {
	faces := make([]int, 1204)
	for i := range faces {
		faces[i] = 1 + (i*7+i/6)%6
	}
	fair := engine.FairDice(faces).Words()
	v := &luckView{Players: []luckRow{{Name: "Ana", Index: "+1.0", Unit: "armies", Why: "lost 3, 4.0 expected", Battles: "2 battles"}}, Fair: fair, GameID: 7}
	html, err := sharedViews().fragment("game", "luck", v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html, `id="luck-fair"`) || !strings.Contains(html, "these 1,204 faces are as fair as dice get: p = ") || !strings.Contains(html, `href="/games/7/dice"`) {
		t.Fatalf("luck section:\n%s", html)
	}
	v.Fair = ""
	if html, _ = sharedViews().fragment("game", "luck", v); strings.Contains(html, "luck-fair") {
		t.Fatal("a game without the app's dice tells their fairness")
	}
}
