package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testenv"
)

// Every route about one game reads its id in one place (forGame): an id
// that is not a positive number is "no such game" (404) on each of them,
// even for the host, and nothing is written to the game that exists.
func TestEveryGameRouteAnswersAMalformedIdAsNoSuchGame(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	id := host.createGame("scorepad", "Ana", "Ben")
	seqOf := func() (seq int64) {
		app.Tracker.State(context.Background(), id, func(_ engine.State, q int64) { seq = q })
		return seq
	}
	before := seqOf()
	routes := []struct{ method, path string }{
		{"GET", "/games/ID"}, {"GET", "/games/ID/tv"}, {"POST", "/games/ID/commands"},
		{"POST", "/games/ID/undo"}, {"POST", "/games/ID/redo"}, {"POST", "/games/ID/undo-requests"},
		{"POST", "/games/ID/undo-requests/1/approve"}, {"POST", "/games/ID/undo-requests/1/decline"},
		{"POST", "/games/ID/again"}, {"POST", "/games/ID/clock"}, {"GET", "/games/ID/view"},
		{"GET", "/games/ID/moves"}, {"GET", "/games/ID/timeline"}, {"GET", "/games/ID/dice"},
		{"GET", "/games/ID/statements/0"}, {"GET", "/games/ID/laptop"}, {"POST", "/games/ID/laptop/hide"},
	}
	for _, bad := range []string{"abc", "0", "-1", "12x", strings.Repeat("9", 40)} {
		for _, r := range routes {
			path := strings.Replace(r.path, "ID", bad, 1)
			req, _ := http.NewRequest(r.method, host.url(path), strings.NewReader("{}"))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json")
			resp, body := host.do(req, false)
			if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "There is no such game.") {
				t.Errorf("%s %s: %d %.200s; want 404 There is no such game.", r.method, path, resp.StatusCode, body)
			}
		}
	}
	if after := seqOf(); after != before {
		t.Errorf("the game went from seq %d to %d", before, after)
	}
}
