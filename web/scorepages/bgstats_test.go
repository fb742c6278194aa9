package scorepages_test

import (
	"net/url"
	"testing"
	"time"

	"tableside/internal/testclient"
)

// A play's "Send to BG Stats" link is BG Stats' createPlay address with the
// play as URL-encoded JSON: decoded, every field is the play's (the time in
// UTC, as BG Stats reads it).
func TestBGStatsLinkCarriesThePlay(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	link := app.loggedPlayBGStats(t, url.Values{"game": {"Azul"}, "date": {"2026-11-20"}, "time": {"19:30"}, "minutes": {"45"},
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
	testclient.BGStatsPlay(t, link, &play)
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

// A play of RISK logged by hand names BoardGameGeek's RISK (181, a JSON
// number), the place, and its notes as BG Stats' comments; with no length
// and no points it has no durationMin and no scores.
func TestBGStatsNamesRiskOfAPlayLoggedByHand(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	link := app.loggedPlayBGStats(t, url.Values{"game": {"RISK (club house rules)"}, "date": {"2026-11-20"}, "time": {"19:30"},
		"place": {"The club"}, "notes": {"Ana held Australia all night."}, "scoring": {"winlose"}, "p0.name": {"Ana"}, "p0.winner": {"on"}, "p1.name": {"Ben"}})
	var data map[string]any
	testclient.BGStatsPlay(t, link, &data)
	game := data["game"].(map[string]any)
	if game["bggId"] != float64(181) || game["sourceGameId"] != "tableside-risk" || game["noPoints"] != true || data["location"] != "The club" {
		t.Errorf("RISK play: %#v, location %#v", game, data["location"])
	}
	if data["comments"] != "Ana held Australia all night." {
		t.Errorf("comments %#v, want the play's notes", data["comments"])
	}
	if _, ok := data["durationMin"]; ok {
		t.Errorf("durationMin %#v for a play of unknown length, want none", data["durationMin"])
	}
	for _, p := range data["players"].([]any) {
		if _, ok := p.(map[string]any)["score"]; ok {
			t.Errorf("a win/lose play's player %#v has a score, want none", p)
		}
	}
}
