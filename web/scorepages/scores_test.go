package scorepages_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/scoring"
)

func TestScoresLogAPlayShowsWinnerAndBreakdownlessPage(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	loc := app.logPlay(t, "Azul", "2026-11-20", "Ana", "61", "Ben", "48")
	if !strings.HasPrefix(loc, "/scores/plays/") {
		t.Fatalf("logging a play led to %q", loc)
	}
	code, page := app.get(t, loc)
	if code != 200 || !strings.Contains(page, "Azul") || !strings.Contains(page, "★ won") || !strings.Contains(page, "61") {
		t.Fatalf("play page (%d) lacks the game, the winner or the score:\n%s", code, page)
	}
	// A points game without scores is refused, the form kept with the message.
	resp, b := app.postForm(t, "/scores/plays", url.Values{"game": {"Azul"}, "date": {"2026-11-21"}, "scoring": {"high"}, "p0.name": {"Ana"}})
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(b, "Ana needs a score") || !strings.Contains(b, `value="Ana"`) {
		t.Errorf("a play without scores: status %d, want 422 naming the rule with the form kept:\n%s", resp.StatusCode, b)
	}
	resp, b = app.postForm(t, "/scores/plays", url.Values{"game": {"Azul"}, "date": {"21/11/2026"}, "scoring": {"high"}, "p0.name": {"Ana"}, "p0.score": {"3"}})
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(b, "is not a date like") {
		t.Errorf("a bad date: status %d, want 422 naming it", resp.StatusCode)
	}
	// Win/lose: the winner is chosen.
	resp, b = app.postForm(t, "/scores/plays", url.Values{"game": {"Pandemic"}, "date": {"2026-11-21"}, "scoring": {"winlose"},
		"p0.name": {"Ana"}, "p1.name": {"Ben"}, "p1.win": {"1"}, "start": {"ben"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("win/lose play: status %d: %s", resp.StatusCode, b)
	}
	plays, _ := app.Scores.Plays(context.Background(), scoring.Filter{Game: "Pandemic"})
	if len(plays) != 1 || plays[0].Winners()[0] != "Ben" || !plays[0].Players[1].Start {
		t.Errorf("pandemic play %+v; want Ben the winner and start player", plays)
	}
}

func TestScoresDeleteOffersUndoAndRestores(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	loc := app.logPlay(t, "Azul", "2026-11-20", "Ana", "61", "Ben", "48")
	key := strings.TrimPrefix(loc, "/scores/plays/")
	resp, _ := app.postForm(t, loc+"/delete", nil)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/scores?deleted="+key {
		t.Fatalf("delete: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	_, page := app.get(t, "/scores?deleted="+key)
	if !strings.Contains(page, "Deleted Azul") || !strings.Contains(page, `action="/scores/plays/`+key+`/restore"`) || strings.Contains(page, `href="/scores/plays/`+key+`"`) {
		t.Fatalf("history after delete should offer Undo and list the play no more:\n%s", page)
	}
	resp, _ = app.postForm(t, loc+"/restore", nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("restore: %d", resp.StatusCode)
	}
	if _, page = app.get(t, "/scores"); !strings.Contains(page, `href="/scores/plays/`+key+`"`) {
		t.Errorf("the restored play is not in the history")
	}
}

func TestScoresEditRecomputesTheWinner(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	loc := app.logPlay(t, "Azul", "2026-11-20", "Ana", "61", "Ben", "48")
	code, form := app.get(t, loc+"/edit")
	if code != 200 || !strings.Contains(form, `value="61"`) {
		t.Fatalf("edit form (%d) is not filled in", code)
	}
	resp, _ := app.postForm(t, loc, url.Values{"game": {"Azul"}, "date": {"2026-11-20"}, "scoring": {"high"},
		"p0.name": {"Ana"}, "p0.score": {"61"}, "p1.name": {"Ben"}, "p1.score": {"70"}, "place": {"Club"}})
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != loc {
		t.Fatalf("update: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	plays, _ := app.Scores.Plays(context.Background(), scoring.Filter{Game: "Azul"})
	if len(plays) != 1 || plays[0].Winners()[0] != "Ben" || plays[0].Place != "Club" {
		t.Errorf("after the edit: %+v; want Ben the winner at Club", plays)
	}
}

func TestScoresPagesShowStatsAndCharts(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	app.logPlay(t, "Azul", "2026-11-18", "Ana", "61", "Ben", "48")
	app.logPlay(t, "Azul", "2026-11-19", "Ana", "50", "Ben", "72")
	app.logPlay(t, "Azul", "2026-11-20", "Ana", "66", "Ben", "40")
	code, game := app.get(t, "/scores/game?g=azul")
	if code != 200 || !strings.Contains(game, "<svg class=\"chart\"") || !strings.Contains(game, "record, by Ben") || !strings.Contains(game, "66.7%") {
		t.Errorf("game page (%d) lacks the chart, the record (72 by Ben) or Ana's win rate:\n%s", code, game)
	}
	people, _ := app.Scores.People(context.Background())
	code, player := app.get(t, "/scores/players/"+itoa(people[0].ID))
	if code != 200 || !strings.Contains(player, "Ana&#39;s scores at Azul over time") || strings.Count(player, "<svg class=\"chart\"") != 2 {
		t.Errorf("player page (%d) lacks the two charts:\n%s", code, player)
	}
	if code, _ := app.get(t, "/scores/players/999"); code != 404 {
		t.Errorf("a missing player: %d, want 404", code)
	}
	if code, _ := app.get(t, "/scores/game?g=Chess"); code != 404 {
		t.Errorf("a game never played: %d, want 404", code)
	}
	_, hist := app.get(t, "/scores?game=Azul&from=2026-11-19&to=2026-11-19")
	if strings.Count(hist, "play-row") != 1 {
		t.Errorf("filtered history shows %d plays, want 1", strings.Count(hist, "play-row"))
	}
	if code, _ := app.get(t, "/scores?from=yesterday"); code != 400 {
		t.Errorf("a bad filter date: %d, want 400", code)
	}
	for _, p := range []string{"/scores/games", "/scores/players", "/scores/new", "/scores/new?game=Azul"} {
		if code, _ := app.get(t, p); code != 200 {
			t.Errorf("%s: %d", p, code)
		}
	}
}

func TestScoresCSVRoundTripsThroughTheWeb(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	app.logPlay(t, "Azul", "2026-11-18", "Ana", "61", "Ben", "48")
	app.logPlay(t, "Catan, the \"big\" one", "2026-11-19", "Zoë", "10", "Ben", "7")
	_, first := app.get(t, "/scores/export?format=csv")
	other := newScoreServer(t)
	resp, b := other.upload(t, "/scores/import", "scores.csv", first)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/scores?imported=2" {
		t.Fatalf("import: %d to %q: %s", resp.StatusCode, resp.Header.Get("Location"), b)
	}
	if _, second := other.get(t, "/scores/export?format=csv"); second != first {
		t.Fatalf("the export after import differs:\n%s\n---\n%s", first, second)
	}
	// The same file again: every play is a duplicate; nothing is imported.
	resp, b = other.upload(t, "/scores/import", "scores.csv", first)
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(b, "Nothing was imported") || strings.Count(b, "duplicate play") != 2 {
		t.Errorf("re-import: %d, want 422 naming both duplicates:\n%s", resp.StatusCode, b)
	}
	if _, js := app.get(t, "/scores/export?format=json"); !strings.Contains(js, `"format": "tableside-scores/1"`) {
		t.Errorf("JSON export: %s", js)
	}
}

func TestScoresRenameAPlayer(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	app.logPlay(t, "Azul", "2026-11-18", "Ana", "61", "Ben", "48")
	resp, b := app.postForm(t, "/scores/players/1", url.Values{"name": {"Anna"}, "colour": {"#aa3377"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("rename: %d %s", resp.StatusCode, b)
	}
	if _, page := app.get(t, "/scores/players/1"); !strings.Contains(page, "Anna") || !strings.Contains(page, `fill="#aa3377"`) {
		t.Errorf("the player page does not show the new name and colour")
	}
	resp, b = app.postForm(t, "/scores/players/1", url.Values{"name": {"ben"}, "colour": {"#aa3377"}})
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(b, "already called ben") {
		t.Errorf("renaming to a taken name: %d", resp.StatusCode)
	}
}

func TestScoresHistoryShowsOlderPlaysOnRequest(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	for i := range 3 {
		app.logPlay(t, "Azul", "2026-11-1"+itoa(int64(i)), "Ana", itoa(int64(10+i)))
	}
	_, page := app.get(t, "/scores?limit=2")
	if strings.Count(page, "play-row") != 2 || !strings.Contains(page, "3 plays") || !strings.Contains(page, "Show older plays") {
		t.Fatalf("history limited to 2 shows %d rows; want 2 of 3 and a link for more:\n%s", strings.Count(page, "play-row"), page)
	}
	if _, page = app.get(t, "/scores"); strings.Count(page, "play-row") != 3 || strings.Contains(page, "Show older") {
		t.Errorf("history shows %d rows, want all 3", strings.Count(page, "play-row"))
	}
}

// A play's page lists its players by rank, whatever order they were typed
// in: the seat order is not the result.
func TestScoresPlayPageListsPlayersByRank(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	loc := app.logPlay(t, "Azul", "2026-11-20", "Ana", "40", "Ben", "55")
	_, page := app.get(t, loc)
	if i, j := strings.Index(page, ">Ben<"), strings.Index(page, ">Ana<"); i < 0 || j < 0 || i > j {
		t.Fatalf("Ben (55, 1st) is not listed above Ana (40, 2nd):\n%s", page)
	}
}

// The leaderboards show every player of a game (the fourth was dropped once)
// and write numbers with thousands separators.
func TestLeaderboardsShowEveryPlayerWithGroupedNumbers(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	resp, b := app.postForm(t, "/scores/plays", url.Values{"game": {"Acquire"}, "date": {"2026-11-20"}, "scoring": {"high"},
		"p0.name": {"Ana"}, "p0.score": {"41000"}, "p1.name": {"Ben"}, "p1.score": {"38500"},
		"p2.name": {"Cy"}, "p2.score": {"30000"}, "p3.name": {"Dee"}, "p3.score": {"12250"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("log play: %d %s", resp.StatusCode, b)
	}
	_, boards := app.get(t, "/scores/games")
	for _, want := range []string{"Ana", "Ben", "Cy", "Dee", "record 41,000 by Ana"} {
		if !strings.Contains(boards, want) {
			t.Errorf("the leaderboards lack %q:\n%s", want, boards)
		}
	}
	_, game := app.get(t, "/scores/game?g=Acquire")
	for _, want := range []string{">41,000<", ">12,250<", "Dee"} {
		if !strings.Contains(game, want) {
			t.Errorf("the game's leaderboard lacks %q:\n%s", want, game)
		}
	}
}
