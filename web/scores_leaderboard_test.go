package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// The leaderboards show every player of a game (the fourth was dropped once)
// and write numbers with thousands separators.
func TestLeaderboardsShowEveryPlayerWithGroupedNumbers(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	resp := postForm(t, app.URL+"/scores/plays", url.Values{"game": {"Acquire"}, "date": {"2026-11-20"}, "scoring": {"high"},
		"p0.name": {"Ana"}, "p0.score": {"41000"}, "p1.name": {"Ben"}, "p1.score": {"38500"},
		"p2.name": {"Cy"}, "p2.score": {"30000"}, "p3.name": {"Dee"}, "p3.score": {"12250"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("log play: %d %s", resp.StatusCode, body(t, resp))
	}
	_, boards := get(t, app.URL+"/scores/games")
	for _, want := range []string{"Ana", "Ben", "Cy", "Dee", "record 41,000 by Ana"} {
		if !strings.Contains(boards, want) {
			t.Errorf("the leaderboards lack %q:\n%s", want, boards)
		}
	}
	_, game := get(t, app.URL+"/scores/game?g=Acquire")
	for _, want := range []string{">41,000<", ">12,250<", "Dee"} {
		if !strings.Contains(game, want) {
			t.Errorf("the game's leaderboard lacks %q:\n%s", want, game)
		}
	}
}
