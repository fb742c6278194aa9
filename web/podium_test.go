package web_test

import (
	"context"
	"encoding/json"
	htmlpkg "html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tableside/internal/testenv"
	"tableside/scoring"

	"tableside/internal/testclient"
)

// placed is a podium as the test reads it off a surface: "1 Ana".
type placed []string

// One finished game has one podium: the winner screen, the printed record,
// the score log's play, its BG Stats link and the game's leaderboard all
// list the same names in the same places, for a high-wins game, a low-wins
// game (Ana 10, Ben 20, Cy 30: 1 Ana, 2 Ben, 3 Cy, never 2 Cy), a tie
// (competition ranking: 1, 2, 2) and six players (every one placed).
func TestOneGameHasOnePodiumOnEverySurface(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	cases := []struct {
		name    string
		lowWins bool
		scores  []int
		want    placed
	}{
		{"Golf evening", true, []int{10, 20, 30}, placed{"1 Ana", "2 Ben", "3 Cy"}},
		{"Darts evening", false, []int{10, 20, 30}, placed{"1 Cy", "2 Ben", "3 Ana"}},
		{"Tied evening", false, []int{30, 20, 20}, placed{"1 Ana", "2 Ben", "2 Cy"}},
		// Every player has a place, not only the first three.
		{"Big evening", false, []int{30, 20, 20, 10, 40, 5}, placed{"1 Evangeline", "2 Ana", "3 Ben", "3 Cy", "5 Dee", "6 Flo"}},
	}
	for _, c := range cases {
		var info struct{ ID int64 }
		if code, body := host.postJSON("/games", map[string]any{"kind": "scorepad", "name": c.name, "players": []string{"Ana", "Ben", "Cy", "Dee", "Evangeline", "Flo"}[:len(c.scores)],
			"settings": map[string]any{"lowWins": c.lowWins}}, &info); code != http.StatusCreated {
			t.Fatalf("create %s: %d %s", c.name, code, body)
		}
		for seat, pts := range c.scores {
			if code, body := host.command(info.ID, "score", map[string]int{"seat": seat, "points": pts}, ""); code != 200 {
				t.Fatalf("score: %d %s", code, body)
			}
		}
		if code, body := host.command(info.ID, "finish", nil, ""); code != 200 {
			t.Fatalf("finish: %d %s", code, body)
		}
		plays, err := app.Scores.Plays(context.Background(), scoring.Filter{Game: c.name})
		if err != nil || len(plays) != 1 {
			t.Fatalf("%s: plays %v %v", c.name, plays, err)
		}
		_, winner := host.get("/games/" + itoa(info.ID))
		_, playPage := get(t, app.URL+"/scores/plays/"+plays[0].Key)
		_, board := get(t, app.URL+"/scores/game?g="+url.QueryEscape(c.name))
		surfaces := map[string]placed{
			"winner screen":  podiumOnWinnerScreen(t, winner),
			"printed record": podiumInRecord(t, host, info.ID),
			"score log play": podiumOnPlayPage(t, playPage),
			"BG Stats":       podiumInBGStats(t, playPage),
			"leaderboard":    podiumOnLeaderboard(t, board),
		}
		for where, got := range surfaces {
			if !slices.Equal(got, c.want) {
				t.Errorf("%s: the %s shows %v, want %v", c.name, where, got, c.want)
			}
		}
	}
}

func podiumOnWinnerScreen(t *testing.T, page string) placed {
	t.Helper()
	i := strings.Index(page, `<ol class="podium">`)
	if i < 0 {
		t.Fatalf("no podium on the winner screen:\n%s", page)
	}
	var out placed
	for _, m := range regexp.MustCompile(`<span class="rank">(\d+)</span> <strong>([^<]+)</strong>`).FindAllStringSubmatch(page[i:strings.Index(page[i:], "</ol>")+i], -1) {
		out = append(out, m[1]+" "+m[2])
	}
	return out
}

func podiumInRecord(t *testing.T, host *device, id int64) placed {
	t.Helper()
	code, pdf := host.get("/games/" + itoa(id) + "/record.pdf?paper=a4")
	if code != 200 {
		t.Fatalf("record: %d", code)
	}
	text := testclient.PDFLayout(t, []byte(pdf))
	var out placed
	for _, m := range regexp.MustCompile(`(?m)^\s*(\d+)\s+(Ana|Ben|Cy|Dee|Evangeline|Flo)\b`).FindAllStringSubmatch(text, -1) {
		out = append(out, m[1]+" "+m[2])
	}
	return out
}

func podiumOnPlayPage(t *testing.T, page string) placed {
	t.Helper()
	var out placed
	re := regexp.MustCompile(`(?s)<td class="num">(\d+)</td>\s*<td><a href="/scores/players/\d+"><span class="person">.*?</svg>([^<]+)</span>`)
	for _, m := range re.FindAllStringSubmatch(page, -1) {
		out = append(out, m[1]+" "+m[2])
	}
	return out
}

func podiumInBGStats(t *testing.T, page string) placed {
	t.Helper()
	m := regexp.MustCompile(`id="bgstats" href="([^"]+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no BG Stats link on the play page")
	}
	u, err := url.Parse(htmlpkg.UnescapeString(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	var play struct {
		Players []struct {
			Name string
			Rank int
		}
	}
	if err := json.Unmarshal([]byte(u.Query().Get("data")), &play); err != nil {
		t.Fatal(err)
	}
	slices.SortStableFunc(play.Players, func(a, b struct {
		Name string
		Rank int
	}) int {
		return a.Rank - b.Rank
	})
	var out placed
	for _, p := range play.Players {
		out = append(out, itoa(int64(p.Rank))+" "+p.Name)
	}
	return out
}

func podiumOnLeaderboard(t *testing.T, page string) placed {
	t.Helper()
	var out placed
	re := regexp.MustCompile(`(?s)<td class="num">(\d+)</td><td><a href="/scores/players/\d+"><span class="person">.*?</svg>([^<]+)</span>`)
	for _, m := range re.FindAllStringSubmatch(page, -1) {
		out = append(out, m[1]+" "+m[2])
	}
	return out
}
