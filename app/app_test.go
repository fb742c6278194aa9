package app_test

import (
	"context"
	"path/filepath"
	"testing"

	"tableside/app"
	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/scoring"
)

// Every server built by app.New records finished games in the score log
// (the load test's server lacked the recorder when it wired itself), and
// runs the extra engines it is given besides every game.
func TestNewRecordsFinishedGamesInTheScoreLog(t *testing.T) {
	ctx := context.Background()
	a, err := app.New(ctx, app.Config{DBPath: filepath.Join(t.TempDir(), "t.db"), Games: []engine.Rules{testgames.Tally{}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if a.Server == nil || a.Seats == nil || a.Scores == nil {
		t.Fatalf("a part is missing: %+v", a)
	}
	if _, err := a.Tracker.Create(ctx, testgames.Tally{}.Kind(), "Load", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}}); err != nil {
		t.Fatalf("the extra engine is not run: %v", err)
	}
	finishedScorePad(t, a)
	plays, err := a.Scores.Plays(ctx, scoring.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(plays) != 1 {
		t.Fatalf("the score log holds %d plays after one finished game, want 1: %+v", len(plays), plays)
	}
}
