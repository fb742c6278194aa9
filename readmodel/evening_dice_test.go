package readmodel

import (
	"context"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/internal/trackertest"
	"tableside/tracker"
)

// An evening is a run of games each started within six hours of the one
// before: 19:00, 22:00 and 01:30 are one evening (past midnight), 09:00
// the next morning is another. Its dice are every six-sided face the app
// rolled in them, undone battles included, and no pick (a shuffle).
func TestEveningDiceAreEveryFaceOfTheEveningsGames(t *testing.T) {
	ctx := context.Background()
	tr := trackertest.New(t, testgames.Battles{})
	now := time.Date(2026, 11, 20, 19, 0, 0, 0, time.UTC)
	tr.Now = func() time.Time { return now }
	play := func(at time.Duration, battles int, undo bool) int64 {
		now = time.Date(2026, 11, 20, 19, 0, 0, 0, time.UTC).Add(at)
		id := battlesGame(t, tr, battles)
		if undo {
			if _, err := tr.Undo(ctx, id, 0, ""); err != nil {
				t.Fatal(err)
			}
		}
		return id
	}
	first := play(0, 3, false)
	second := play(3*time.Hour, 2, true)
	quiet := play(5*time.Hour, 0, false)
	late := play(6*time.Hour+30*time.Minute, 1, false)
	morning := play(14*time.Hour, 4, false)

	// The faces each game's log reveals, counted the long way.
	sixes := func(id int64) []int {
		_, recs, err := tr.Records(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var out []int
		for _, r := range recs {
			if r.Dice != nil {
				for _, d := range r.Dice.Rolls {
					if d.Sides == 6 {
						out = append(out, d.Face)
					}
				}
			}
		}
		return out
	}
	var want []int
	for _, id := range []int64{first, second, quiet, late} {
		want = append(want, sixes(id)...)
	}
	if len(want) != 5*(3+2+1) {
		t.Fatalf("the evening's logs reveal %d faces; want 30", len(want))
	}
	for _, id := range []int64{first, second, quiet, late} {
		ev, err := eveningOf(ctx, tr, id, gameSixes(tr))
		if err != nil {
			t.Fatal(err)
		}
		if ev.Games != 4 || ev.Rolled != 3 || len(ev.Faces) != len(want) {
			t.Fatalf("evening of game %d: %d games, %d rolled, %d faces; want 4, 3, %d", id, ev.Games, ev.Rolled, len(ev.Faces), len(want))
		}
		for i := range want {
			if ev.Faces[i] != want[i] {
				t.Fatalf("evening of game %d: face %d is %d; the logs say %d", id, i, ev.Faces[i], want[i])
			}
		}
		if got, w := engine.FairDice(ev.Faces), engine.FairDice(want); got != w {
			t.Fatalf("the evening's test %+v; want %+v", got, w)
		}
	}
	ev, err := eveningOf(ctx, tr, morning, gameSixes(tr))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Games != 1 || len(ev.Faces) != 20 {
		t.Fatalf("the next morning's evening: %d games, %d faces; want its own 1 game and 20 faces", ev.Games, len(ev.Faces))
	}
}

// battlesGame starts a game of battles for Ana and Ben, shuffles and
// fights n battles (five six-sided faces each); it returns the game's id.
func battlesGame(t *testing.T, tr *tracker.Tracker, n int) int64 {
	t.Helper()
	id := trackertest.Game(t, tr, "battles", "War")
	if _, err := tr.Do(context.Background(), id, engine.Command{Type: "shuffle", Seat: engine.Host}, ""); err != nil {
		t.Fatal(err)
	}
	for range n {
		battle(t, tr, id)
	}
	return id
}

// battle fights one battle in game id.
func battle(t *testing.T, tr *tracker.Tracker, id int64) {
	t.Helper()
	if _, err := tr.Do(context.Background(), id, engine.Command{Type: "battle", Seat: 0}, ""); err != nil {
		t.Fatal(err)
	}
}

// gameSixes reads each game's faces from its log, uncached.
func gameSixes(tr *tracker.Tracker) func(ctx context.Context, id int64) ([]int, error) {
	return func(ctx context.Context, id int64) ([]int, error) {
		faces, _, err := tr.GameSixes(ctx, id)
		return faces, err
	}
}
