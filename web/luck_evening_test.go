package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
)

// The dice page pools the evening: every six-sided face the app's dice
// rolled in the games started each within six hours of the one before,
// tested in words, with what "evening" means; the next day's game is
// another evening, and a lone game has no evening line.
func TestDicePageTestsTheEveningsPooledFaces(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{Games: []engine.Rules{testgames.Battles{}}})
	clk := &testClock{}
	app.Tracker.Now = clk.Now
	ctx := context.Background()
	play := func(at time.Duration, battles int) int64 {
		clk.at(at)
		info, err := app.Tracker.Create(ctx, "battles", "War", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
		if err != nil {
			t.Fatal(err)
		}
		for range battles {
			seatDo(t, app, info.ID, 0, "battle", "")
		}
		return info.ID
	}
	first := play(0, 4)
	second := play(4*time.Hour, 3)
	morning := play(20*time.Hour, 2)
	host := hostDevice(t, app)
	var faces []int
	for _, id := range []int64{first, second} {
		var p struct {
			Rolls []struct{ Faces string }
		}
		if code := host.getJSON(fmt.Sprintf("/games/%d/dice", id), &p); code != 200 {
			t.Fatalf("dice page of game %d: %d", id, code)
		}
		for _, r := range p.Rolls {
			for _, f := range strings.Fields(r.Faces) {
				var n int
				fmt.Sscan(f, &n)
				faces = append(faces, n)
			}
		}
	}
	if len(faces) != 35 {
		t.Fatalf("the evening's two dice pages list %d faces; want 35", len(faces))
	}
	want := engine.FairDice(faces).Words()
	for _, id := range []int64{first, second} {
		code, page := host.get(fmt.Sprintf("/games/%d/dice", id))
		line := "The evening's dice, over 2 games:</span> " + want + "."
		if code != 200 || !strings.Contains(page, line) || !strings.Contains(page, "The evening is every game started within 6 h of the one before it (2 games, 2 with the app's dice).") {
			t.Fatalf("game %d's dice page lacks %q:\n%.2000s", id, line, page)
		}
	}
	if _, page := host.get(fmt.Sprintf("/games/%d/dice", morning)); strings.Contains(page, "evening-fair") {
		t.Fatal("the next morning's lone game shows an evening's dice")
	}
}
