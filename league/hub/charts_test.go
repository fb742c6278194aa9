package hub_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

var svgRE = regexp.MustCompile(`(?s)<svg class="chart[^"]*"[^>]*aria-label="([^"]+)".*?</svg>`)

// The public pages draw the score log's charts over the league's plays,
// inline (SVG drawn on the hub; no script, no style attribute the CSP would
// block, nothing fetched from elsewhere): wins per player and the ratings
// over time on the standings, the ratings chart on the ratings page, and a
// player's wins per game and scores over time on their page. Each chart
// names what it draws in words, not only in colour.
func TestPublicPagesDrawLeagueChartsInline(t *testing.T) {
	th := start(t)
	seed(t, th)
	for path, want := range map[string][]string{
		"/":          {"Wins per player, of their plays", "Ratings over the league&#39;s plays"},
		"/ratings":   {"Ratings over the league&#39;s plays"},
		"/players/1": {"Ana&#39;s wins per game", "Ana&#39;s scores at Carcassonne over time"},
	} {
		code, body := get(t, http.DefaultClient, th.URL+path)
		if code != http.StatusOK {
			t.Fatalf("GET %s: %d", path, code)
		}
		var titles []string
		for _, m := range svgRE.FindAllStringSubmatch(body, -1) {
			titles = append(titles, m[1])
			if !strings.Contains(m[0], "<desc>") || !strings.Contains(m[0], "Ana") {
				t.Errorf("GET %s: chart %q has no text description naming the players", path, m[1])
			}
		}
		for _, w := range want {
			if !strings.Contains(strings.Join(titles, "\n"), w) {
				t.Errorf("GET %s draws %q, want a chart %q", path, titles, w)
			}
		}
		for _, bad := range []string{"<script", " style=", `src="http`, `href="http`} {
			if strings.Contains(body, bad) {
				t.Errorf("GET %s holds %q", path, bad)
			}
		}
	}
}
