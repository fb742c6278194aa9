package scorepages_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tableside/scoring"
)

// ratedOrder reads the ratings table's names in order.
func ratedOrder(page string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`(?s)<td class="num">\d+</td><td><a href="/scores/players/\d+"><span class="person">.*?</svg>([^<]+)</span>`).FindAllStringSubmatch(page, -1) {
		out = append(out, m[1])
	}
	return out
}

// The ratings page rates everyone over every game or one game, in a season,
// with the conservative rating, its uncertainty and a chart; a player's page
// has their head-to-head records; deleting a play changes the ratings.
func TestRatingsPageRatesTheSeasonAndFollowsDeletedPlays(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	app.logPlays(t,
		"Azul 2025-12-30 Cy Ana Ben",
		"Azul 2026-01-10 Ana Ben Cy",
		"Azul 2026-02-10 Ana Cy Ben",
		"Catan 2026-03-10 Ben Ana",
		"Azul 2026-04-10 Ana Ben")
	_, all := app.get(t, "/scores/ratings")
	if got := ratedOrder(all); strings.Join(got, " ") != "Ana Ben Cy" && strings.Join(got, " ") != "Ana Cy Ben" {
		t.Fatalf("every game: order %v\n%s", got, all)
	}
	for _, want := range []string{"5 rated plays", `<svg class="chart rating-chart"`, " ± ", "μ − 3σ"} {
		if !strings.Contains(all, want) {
			t.Errorf("the ratings page lacks %q", want)
		}
	}
	_, season := app.get(t, "/scores/ratings?season=2026&game=Azul")
	if !strings.Contains(season, "3 rated plays") || !strings.Contains(season, "Ratings at Azul") {
		t.Errorf("Azul in 2026 is 3 plays:\n%s", season)
	}
	_, ranged := app.get(t, "/scores/ratings?from=2026-03-01&to=2026-03-31")
	if got := ratedOrder(ranged); strings.Join(got, " ") != "Ben Ana" {
		t.Errorf("March 2026 is Ben's Catan win: %v", got)
	}

	ctx := context.Background()
	people, _ := app.Scores.People(ctx)
	var ana int64
	for _, p := range people {
		if p.Name == "Ana" {
			ana = p.ID
		}
	}
	_, player := app.get(t, "/scores/players/"+itoa(ana))
	if !strings.Contains(player, "Ana has finished above Ben in 4 of 5 (below in 1)") || !strings.Contains(player, "rating, #1 over every game") {
		t.Errorf("Ana's page lacks her head-to-head and rating:\n%s", player)
	}

	// A rating below 0 is explained in words on the player's page (early
	// losses while the rating is unsure), and only there.
	below := 0
	for _, p := range people {
		_, page := app.get(t, "/scores/players/"+itoa(p.ID))
		m := regexp.MustCompile(`<strong class="big-num">(-?[0-9.]+)</strong>`).FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("%s's page shows no rating", p.Name)
		}
		negative, explained := strings.HasPrefix(m[1], "-"), strings.Contains(page, "Below 0: early losses")
		if negative != explained {
			t.Errorf("%s's rating %s: explained below 0 %v; want %v", p.Name, m[1], explained, negative)
		}
		if negative {
			below++
		}
	}
	if below == 0 {
		t.Error("no player is rated below 0 after these plays: the words were not checked")
	}

	plays, _ := app.Scores.Plays(ctx, scoring.Filter{From: "2026-04-10"})
	if resp, b := app.postForm(t, "/scores/plays/"+plays[0].Key+"/delete", nil); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("delete: %d %s", resp.StatusCode, b)
	}
	_, after := app.get(t, "/scores/ratings")
	if !strings.Contains(after, "4 rated plays") || after == all {
		t.Errorf("deleting a play left the ratings as they were:\n%s", after)
	}
}

// Bad seasons and unknown games are refused in the table's words, and
// nothing changes.
func TestRatingsRefuseABadSeasonNamingIt(t *testing.T) {
	t.Parallel()
	app := newScoreServer(t)
	app.logPlays(t, "Azul 2026-01-10 Ana Ben")
	cases := []struct{ query, want string }{
		{"season=20x6", "The season \"20x6\" is not a year like 2026."},
		{"season=2026&from=2026-01-01", "Choose a season's year or its dates, not both."},
		{"from=2026-13-01", "The date \"2026-13-01\" is not a date like 2026-11-22."},
		{"from=2026-05-01&to=2026-04-01", "The season cannot end (2026-04-01) before it starts (2026-05-01)."},
		{"game=Chess", "The score log has no plays of \"Chess\"."},
	}
	before, _ := app.Scores.Plays(context.Background(), scoring.Filter{})
	for _, c := range cases {
		code, page := app.get(t, "/scores/ratings?"+c.query)
		if code < 400 || code >= 500 || !strings.Contains(page, htmlEscape(c.want)) {
			t.Errorf("%s: %d, want a refusal saying %q:\n%.400s", c.query, code, c.want, page)
		}
	}
	after, _ := app.Scores.Plays(context.Background(), scoring.Filter{})
	if len(after) != len(before) {
		t.Errorf("a refused request changed the log: %d plays, then %d", len(before), len(after))
	}
}
