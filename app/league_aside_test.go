package app_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/internal/leaguetest"
	"tableside/scoring"
)

// The host's league page names a play the hub refused and why, with a link
// to fix it and buttons to send it again or leave it out; leaving it out
// takes it off the page. Only the host can do either.
func TestLeaguePageNamesTheRefusedPlayWithAWayToFixOrDropIt(t *testing.T) {
	ctx := context.Background()
	h := leaguetest.StartHub(t, leaguetest.Options{RefuseTitle: "Poisoned"})
	a, tableURL, host := leagueTable(t)
	if code, page := postPage(t, host, tableURL+"/scores/league", url.Values{"hub": {h.URL}, "code": {h.NewCode(t)}, "name": {"Kitchen"}}); code != http.StatusOK {
		t.Fatalf("pairing: %d\n%s", code, page)
	}
	one, two := 3, 2
	bad, err := a.Scores.Add(ctx, scoring.Play{Game: "Poisoned", Date: "2026-11-20", Scoring: scoring.High,
		Players: []scoring.Player{{Name: "Ana", Score: &one}, {Name: "Bo", Score: &two}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Scores.Add(ctx, scoring.Play{Game: "Carcassonne", Date: "2026-11-21", Scoring: scoring.High,
		Players: []scoring.Player{{Name: "Ana", Score: &one}, {Name: "Bo", Score: &two}}}); err != nil {
		t.Fatal(err)
	}
	if err := a.League.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	page := getPage(t, host, tableURL+"/scores/league", http.StatusOK)
	for _, want := range []string{"1 play is set aside", "Poisoned", "2026-11-20", "The hub: title: this hub does not take Poisoned",
		`href="/scores/plays/` + bad.Key + `/edit"`, `action="/scores/league/aside/` + bad.Key + `"`, "Send again", "Leave out of the league"} {
		if !strings.Contains(html.UnescapeString(page), want) {
			t.Fatalf("league page lacks %q:\n%s", want, page)
		}
	}
	aside := tableURL + "/scores/league/aside/" + bad.Key
	if code, _ := postPage(t, http.DefaultClient, aside, url.Values{"do": {"drop"}}); code != http.StatusForbidden {
		t.Fatalf("a phone dropping a play: %d, want 403", code)
	}
	if code, page := postPage(t, host, aside, url.Values{"do": {"burn"}}); code != http.StatusUnprocessableEntity {
		t.Fatalf("an unknown action: %d\n%s", code, page)
	}
	if code, page := postPage(t, host, aside, url.Values{"do": {"drop"}}); code != http.StatusOK || strings.Contains(page, "Poisoned") {
		t.Fatalf("after leaving it out: %d\n%s", code, page)
	}
	if code, page := postPage(t, host, aside, url.Values{"do": {"drop"}}); code != http.StatusUnprocessableEntity || !strings.Contains(page, "is set aside") {
		t.Fatalf("dropping it twice: %d\n%s", code, page)
	}
}
