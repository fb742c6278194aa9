package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/scorepad"
	"tableside/internal/testenv"
)

// A game's end writes its play into the score log, and an undo past the
// end takes it out: the games and the score log's pages together (the
// pages alone are web/scorepages' tests).
func TestScoresFinishedGameLandsInTheHistory(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	ctx := context.Background()
	info, err := app.Tracker.Create(ctx, "scorepad", "Carcassonne", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []engine.Command{
		{Type: scorepad.CmdScore, Seat: engine.Host, Data: json.RawMessage(`{"seat":0,"points":30}`)},
		{Type: scorepad.CmdFinish, Seat: engine.Host},
	} {
		if _, err := app.Tracker.Do(ctx, info.ID, c, ""); err != nil {
			t.Fatal(err)
		}
	}
	_, page := get(t, app.URL+"/scores")
	if !strings.Contains(page, "Carcassonne") || !strings.Contains(page, "Ana 30") {
		t.Fatalf("the finished game is not in the history:\n%s", page)
	}
	if _, err := app.Tracker.Undo(ctx, info.ID, 0, ""); err != nil {
		t.Fatal(err)
	}
	if _, page = get(t, app.URL+"/scores"); strings.Contains(page, "Carcassonne") {
		t.Errorf("the reopened game is still in the history")
	}
}
