package web_test

import (
	"net/http"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// Each rulebook's player count, as the new-game API enforces it: RISK 2-6
// (the six army colours), PCTW 2-4, Takeover 2-6, Cash or Crash 2-8.
func TestEachGameTakesItsRulebooksPlayerCount(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	names := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = string(rune('A' + i))
		}
		return out
	}
	for kind, r := range map[string][2]int{"risk": {2, 6}, "pctw": {2, 4}, "takeover": {2, 6}, "cashcrash": {2, 8}} {
		for _, n := range []int{r[0] - 1, r[1] + 1} {
			code, body := host.postJSON("/games", map[string]any{"kind": kind, "name": "T", "players": names(n)}, nil)
			if code != http.StatusUnprocessableEntity || !strings.Contains(body, "players") {
				t.Errorf("%s with %d players: %d %s; want refused", kind, n, code, body)
			}
		}
		for _, n := range r {
			if code, body := host.postJSON("/games", map[string]any{"kind": kind, "name": "T", "players": names(n)}, nil); code != http.StatusCreated {
				t.Errorf("%s with %d players: %d %s", kind, n, code, body)
			}
		}
	}
}
