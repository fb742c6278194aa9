package web_test

import (
	htmlpkg "html"
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"tableside/internal/testenv"
)

// loggedPlayBGStats logs a play by hand (the score log's form) and is the
// "Send to BG Stats" link on the play's page.
func loggedPlayBGStats(t *testing.T, app *testenv.App, form url.Values) string {
	t.Helper()
	resp := postForm(t, app.URL+"/scores/plays", form)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("log play: %d %s", resp.StatusCode, body(t, resp))
	}
	_, page := get(t, app.URL+resp.Header.Get("Location"))
	m := regexp.MustCompile(`id="bgstats" href="([^"]+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the play page has no Send to BG Stats link:\n%s", page)
	}
	return htmlpkg.UnescapeString(m[1])
}

// A play's "Send to BG Stats" link is BG Stats' createPlay address with the
// play as URL-encoded JSON: decoded, every field is the play's (the time in
// UTC, as BG Stats reads it).
func TestBGStatsLinkCarriesThePlay(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	link := loggedPlayBGStats(t, app, url.Values{"game": {"Azul"}, "date": {"2026-11-20"}, "time": {"19:30"}, "minutes": {"45"},
		"place": {"The club"}, "scoring": {"high"}, "start": {"ben"},
		"p0.name": {"Ana"}, "p0.score": {"61"}, "p1.name": {"Ben"}, "p1.score": {"48"}})
	var play struct {
		SourceName  string
		PlayDate    string
		DurationMin int
		Location    string
		Game        struct{ Name string }
		Players     []struct {
			Name        string
			Score       *int // a JSON number: a quoted score fails to decode here
			Rank        int
			Winner      bool
			StartPlayer bool
		}
	}
	bgStatsPlay(t, link, &play)
	when, _ := time.ParseInLocation("2006-01-02 15:04", "2026-11-20 19:30", time.Local)
	if play.SourceName != "Tableside" || play.PlayDate != when.UTC().Format("2006-01-02 15:04:05") || play.DurationMin != 45 ||
		play.Location != "The club" || play.Game.Name != "Azul" || len(play.Players) != 2 {
		t.Fatalf("play %+v", play)
	}
	ana, ben := play.Players[0], play.Players[1]
	if ana.Name != "Ana" || ana.Score == nil || *ana.Score != 61 || ana.Rank != 1 || !ana.Winner || ana.StartPlayer ||
		ben.Name != "Ben" || ben.Score == nil || *ben.Score != 48 || ben.Rank != 2 || ben.Winner || !ben.StartPlayer {
		t.Fatalf("players %+v", play.Players)
	}
}
