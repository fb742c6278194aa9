package web_test

import (
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// When a board-mode game ends, nothing of the game in progress stays on
// the screen: no step, no move sheet, no hand, no "Waiting for", no status
// of the turn and no closing-bell line; the final scores and the map do.
func TestBoardGameEndLeavesNothingOfTheGameInProgress(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	code, body := post(t, app.URL+"/games", map[string]any{"kind": "coldcash", "name": "End", "players": []string{"Ana", "Ben"},
		"settings": map[string]any{"mode": "board", "deck": "table", "ending": "short"}})
	if code != 201 {
		t.Fatalf("create: %d %s", code, body)
	}
	mustCommand(t, app, 1, "open", map[string]any{"first": []string{"siam", "peru"}})
	mustCommand(t, app, 1, "place", map[string]any{"territory": "venezuela"})
	mustCommand(t, app, 1, "found", map[string]any{"company": "c3"})
	before := mustGet(t, app.URL+"/games/1")
	for _, want := range []string{"Waiting for", `id="sheet"`, "Closing bell", `id="status"`} {
		if !strings.Contains(before, want) {
			t.Fatalf("during the game the host screen lacks %q", want)
		}
	}
	mustCommand(t, app, 1, "end", map[string]any{"reason": "short"})
	after := mustGet(t, app.URL+"/games/1")
	for _, stale := range []string{"Waiting for", `id="sheet"`, "Your move", "Closing bell", `id="status"`, `id="hand"`, "takes one action"} {
		if strings.Contains(after, stale) {
			t.Errorf("after the end the host screen still shows %q", stale)
		}
	}
	if !strings.Contains(after, `id="final"`) || !strings.Contains(after, "cc-map") {
		t.Error("after the end the host screen lacks the final scores or the map")
	}
}
