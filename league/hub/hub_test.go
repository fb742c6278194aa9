package hub_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/internal/testclient"
	"tableside/league"
	"tableside/league/hub"
	"tableside/league/storetest"
)

// testHub is a real hub over a real SQLite file (internal/leaguetest).
type testHub = leaguetest.Hub

// start serves a hub with an hour between rebuilds of its public pages: an
// admin's change must show at once all the same.
func start(t *testing.T) *testHub {
	t.Helper()
	return leaguetest.StartHub(t, leaguetest.Options{Refresh: time.Hour})
}

// seed pairs two tables and stores their plays.
func seed(t *testing.T, th *testHub) {
	t.Helper()
	storetest.Paired(t, th.Store, "0011223344556677")
	storetest.Paired(t, th.Store, "8899aabbccddeeff")
	now := time.Now()
	if _, err := th.Store.Put(context.Background(), "0011223344556677", []league.Play{storetest.NewPlay("p1", 1, "Ana", "Bo", 30, 20), storetest.NewPlay("p2", 1, "Ana", "Bo", 10, 20)}, now); err != nil {
		t.Fatal(err)
	}
	if _, err := th.Store.Put(context.Background(), "8899aabbccddeeff", []league.Play{storetest.NewPlay("p1", 1, "ana", "Cy", 30, 20)}, now); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, c *http.Client, u string) (int, string) {
	t.Helper()
	resp, b := testclient.Fetch(t, c, u)
	return resp.StatusCode, string(b)
}

// The public pages show the league, from every table, to anyone: standings,
// players, a player, plays (with the table each came from) and ratings.
func TestPublicPagesShowEveryTablesPlays(t *testing.T) {
	th := start(t)
	seed(t, th)
	c := http.DefaultClient
	for path, want := range map[string][]string{
		"/":          {"3 plays from every table", "Ana", "Bo", "Cy", "Carcassonne"},
		"/players":   {"Ana", "Bo", "Cy"},
		"/players/1": {"Ana", "3 plays, 2 wins", "Head to head", "Rating"},
		"/plays":     {"Table 0011223344556677", "Table 8899aabbccddeeff", "<strong>Ana</strong> 30"},
		"/ratings":   {"Over 3 rated plays", "Ana"},
	} {
		code, body := get(t, c, th.URL+path)
		if code != http.StatusOK {
			t.Errorf("GET %s: %d", path, code)
		}
		// Every page opens as the table's do (assets' "page-open").
		if open := "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"; !strings.HasPrefix(body, open) {
			t.Errorf("GET %s does not open with %q: %.120q", path, open, body)
		}
		want = append(want, `<meta name="color-scheme" content="light dark">`+"\n<title>")
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("GET %s does not say %q", path, w)
			}
		}
	}
	if code, _ := get(t, c, th.URL+"/static/app.css"); code != http.StatusOK {
		t.Errorf("stylesheet: %d", code)
	}
	if code, _ := get(t, c, th.URL+"/players/99"); code != http.StatusNotFound {
		t.Errorf("unknown player: %d", code)
	}
}

// Only the admin reaches the admin page and its actions; a wrong admin link
// is refused.
func TestAdminPagesNeedTheAdminToken(t *testing.T) {
	th := start(t)
	seed(t, th)
	c := http.DefaultClient
	if code, body := get(t, c, th.URL+"/admin"); code != http.StatusForbidden || !strings.Contains(body, "Only the league") {
		t.Errorf("admin page without the token: %d", code)
	}
	for _, path := range []string{"/admin/codes", "/admin/merge", "/admin/takeover", "/admin/tables/0011223344556677/revoke"} {
		resp, err := c.PostForm(th.URL+path, url.Values{"from": {"2"}, "into": {"1"}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("POST %s without the token: %d", path, resp.StatusCode)
		}
	}
	if code, _ := get(t, c, th.URL+"/admin/claim?token=not-it"); code != http.StatusForbidden {
		t.Errorf("a wrong admin link: %d", code)
	}
	tb, _ := th.Store.Table(context.Background(), "0011223344556677")
	if tb.Revoked {
		t.Fatal("a refused revoke revoked the key")
	}
}

var codeRE = regexp.MustCompile(`id="pairing-code">([A-Z0-9-]+)<`)

// The admin page shows a new pairing code once, with a QR code holding the
// hub's address and the code, as the table's form takes them.
func TestAdminPageShowsPairingCodeAndQR(t *testing.T) {
	th := start(t)
	c := th.AdminClient(t)
	_, body := testclient.PostForm(t, c, th.URL+"/admin/codes", nil)
	m := codeRE.FindSubmatch(body)
	if m == nil {
		t.Fatalf("no code on the admin page:\n%s", body)
	}
	code := string(m[1])
	if !regexp.MustCompile(`^[A-Z2-9]{5}-[A-Z2-9]{5}$`).MatchString(code) {
		t.Fatalf("code %q", code)
	}
	st, img := get(t, c, th.URL+"/admin/codes/"+code+"/qr.png")
	if st != http.StatusOK {
		t.Fatalf("QR: %d", st)
	}
	if got := testclient.DecodeQR(t, []byte(img)); got != th.URL+"#"+code {
		t.Fatalf("QR says %q, want %q", got, th.URL+"#"+code)
	}
	if hub.NormalizeCode(strings.ToLower(strings.ReplaceAll(code, "-", " "))) != code {
		t.Fatal("a code typed in lower case with a space is not the code")
	}
}

// The merge tool makes two names one league player on every page.
func TestMergeToolMakesTwoNamesOnePlayer(t *testing.T) {
	th := start(t)
	seed(t, th)
	storetest.Paired(t, th.Store, "aaaaaaaaaaaaaaaa")
	if _, err := th.Store.Put(context.Background(), "aaaaaaaaaaaaaaaa", []league.Play{storetest.NewPlay("p1", 1, "Anna", "Bo", 1, 2)}, time.Now()); err != nil {
		t.Fatal(err)
	}
	c := th.AdminClient(t)
	resp, err := c.PostForm(th.URL+"/admin/merge", url.Values{"from": {"4"}, "into": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/admin" {
		t.Fatalf("merge: %d at %s", resp.StatusCode, resp.Request.URL)
	}
	_, body := get(t, c, th.URL+"/players/1")
	if !strings.Contains(body, "4 plays") {
		t.Fatalf("Ana's page after the merge does not count Anna's play")
	}
	if code, _ := get(t, c, th.URL+"/players/4"); code != http.StatusNotFound {
		t.Fatalf("Anna still has a page: %d", code)
	}
	resp, b := testclient.PostForm(t, c, th.URL+"/admin/merge", url.Values{"from": {"1"}, "into": {"1"}})
	if resp.StatusCode != http.StatusUnprocessableEntity || !bytes.Contains(b, []byte("two different players")) {
		t.Fatalf("self merge: %d %s", resp.StatusCode, b)
	}
}

// The admin page offers "A table paired again" once two tables are paired;
// moving a table onto itself or from a table the hub never paired is
// refused with a message, and a move revokes the earlier pairing.
func TestAdminTakeOverMovesAnEarlierPairingsPlays(t *testing.T) {
	th := start(t)
	seed(t, th)
	c := th.AdminClient(t)
	if code, body := get(t, c, th.URL+"/admin"); code != http.StatusOK || !strings.Contains(body, `action="/admin/takeover"`) {
		t.Fatalf("admin page: %d, no form for a table paired again", code)
	}
	for _, from := range []string{"0011223344556677", "ffffffffffffffff"} {
		resp, b := testclient.PostForm(t, c, th.URL+"/admin/takeover", url.Values{"from": {from}, "into": {"0011223344556677"}})
		if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(string(b), "Pick") {
			t.Errorf("take over from %s: %d %s", from, resp.StatusCode, b)
		}
	}
	resp, b := testclient.PostForm(t, c, th.URL+"/admin/takeover", url.Values{"from": {"8899aabbccddeeff"}, "into": {"0011223344556677"}})
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), "Plays moved") {
		t.Fatalf("take over: %d\n%s", resp.StatusCode, b)
	}
	ps, _ := th.Store.Plays(context.Background())
	for _, p := range ps {
		if p.TableID != "0011223344556677" {
			t.Errorf("play %s still on %s", p.ID, p.TableID)
		}
	}
	if tb, _ := th.Store.Table(context.Background(), "8899aabbccddeeff"); !tb.Revoked {
		t.Error("the earlier pairing was not revoked")
	}
}

// A game's leaderboard on the front page shows its top ten players and says
// how many played; everyone is still on the players page, and the two left
// off have their record at the game on their own pages.
func TestFrontPageLeaderboardShowsTheTopTenOfEach(t *testing.T) {
	th := start(t)
	storetest.Paired(t, th.Store, "0011223344556677")
	var plays []league.Play
	for i := range 6 {
		plays = append(plays, storetest.NewPlay(fmt.Sprint("p", i), 1, fmt.Sprintf("P%02d", 2*i+1), fmt.Sprintf("P%02d", 2*i+2), 30+i, 20))
	}
	if _, err := th.Store.Put(context.Background(), "0011223344556677", plays, time.Now()); err != nil {
		t.Fatal(err)
	}
	c := http.DefaultClient
	_, body := get(t, c, th.URL+"/")
	_, board, ok := strings.Cut(body, "<h2>Carcassonne")
	if !ok {
		t.Fatalf("the front page has no Carcassonne leaderboard:\n%s", body)
	}
	board, _, _ = strings.Cut(board, "</section>")
	if n := strings.Count(board, `<a href="/players/`); n != 10 {
		t.Errorf("the Carcassonne leaderboard lists %d players, want the top 10", n)
	}
	if !strings.Contains(board, "The top 10 of 12 players") {
		t.Errorf("the leaderboard does not say how many played:\n%s", board)
	}
	_, all := get(t, c, th.URL+"/players")
	for i := 1; i <= 12; i++ {
		if !strings.Contains(all, fmt.Sprintf("P%02d", i)) {
			t.Errorf("the players page lacks P%02d", i)
		}
	}
	left := 0
	for id := 1; id <= 12; id++ {
		if strings.Contains(board, fmt.Sprintf(`"/players/%d"`, id)) {
			continue
		}
		left++
		_, page := get(t, c, fmt.Sprintf("%s/players/%d", th.URL, id))
		if !strings.Contains(page, "Carcassonne") {
			t.Errorf("player %d, left off the leaderboard, has no Carcassonne record on their page:\n%s", id, page)
		}
	}
	if left != 2 {
		t.Errorf("%d players left off the leaderboard, want 2", left)
	}
}
