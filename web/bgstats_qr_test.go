package web_test

import (
	"context"
	htmlpkg "html"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"tableside/internal/testclient"
	"tableside/internal/testenv"
	"tableside/scoring"
)

// finishScorePad plays a score pad game to its end and returns its id.
func finishScorePad(t *testing.T, host *device, name string, players []string, scores []int) int64 {
	t.Helper()
	var info struct{ ID int64 }
	if code, b := host.postJSON("/games", map[string]any{"kind": "scorepad", "name": name, "players": players}, &info); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, b)
	}
	for seat, pts := range scores {
		if code, b := host.command(info.ID, "score", map[string]int{"seat": seat, "points": pts}, ""); code != 200 {
			t.Fatalf("score: %d %s", code, b)
		}
	}
	if code, b := host.command(info.ID, "finish", nil, ""); code != 200 {
		t.Fatalf("finish: %d %s", code, b)
	}
	return info.ID
}

func keys(m map[string]any) []string {
	var k []string
	for key := range m {
		k = append(k, key)
	}
	slices.Sort(k)
	return k
}

// The end screen shows one QR code per player; each decodes to BG Stats'
// createPlay link with the play in BG Stats' push format: every field
// present with its JSON type (a score is a number), the play's key as a
// stable sourcePlayId, each person's score log id as a sourcePlayerId that
// stays the same the next evening, the date in UTC as "YYYY-MM-DD HH:mm:ss",
// ranks with a tie, and the players in one order: the QR codes' captions
// are in the link's order (seated Ana, Ben, Cy; Ben won).
func TestBGStatsQRCarriesEveryFieldOfThePlay(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	id := finishScorePad(t, host, "Carcassonne", []string{"Ana", "Ben", "Cy"}, []int{25, 40, 25})
	_, page := host.get("/games/" + itoa(id))
	figures := regexp.MustCompile(`<img src="/games/`+itoa(id)+`/bgstats.png" width="(\d+)"[^>]*><figcaption>([^<]+)</figcaption>`).FindAllStringSubmatch(page, -1)
	if len(figures) != 1 || figures[0][1] != "280" || !strings.Contains(figures[0][2], "each player scans it") || !strings.Contains(figures[0][2], "needs internet") {
		t.Fatalf("the end screen has BG Stats QR codes %q; want one, 280 px, for every player to scan, saying it needs internet:\n%s", figures, page)
	}
	req, _ := http.NewRequest(http.MethodGet, host.url("/games/"+itoa(id)+"/bgstats.png"), nil)
	resp, png := host.do(req, true)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("BG Stats QR: %d %s", resp.StatusCode, png)
	}
	var data map[string]any
	testclient.BGStatsPlay(t, decodeQR(t, []byte(png)), &data)

	ctx := context.Background()
	play, err := app.Scores.PlayOfGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	when, _ := time.ParseInLocation("2006-01-02 15:04", play.Date+" "+play.Time, time.Local)
	fields := []string{"game", "playDate", "players", "sourceName", "sourcePlayId"}
	want := map[string]any{"sourceName": "Tableside", "sourcePlayId": play.Key, "playDate": when.UTC().Format("2006-01-02 15:04:05")}
	if play.Minutes > 0 {
		fields = append([]string{"durationMin"}, fields...)
		want["durationMin"] = float64(play.Minutes)
	}
	if got := keys(data); !slices.Equal(got, fields) {
		t.Errorf("play fields %v, want %v (no place or notes, so no location or comments)", got, fields)
	}
	for k, v := range want {
		if !reflect.DeepEqual(data[k], v) {
			t.Errorf("%s is %#v, want %#v", k, data[k], v)
		}
	}
	if !regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`).MatchString(data["playDate"].(string)) {
		t.Errorf("playDate %q", data["playDate"])
	}
	game := data["game"].(map[string]any)
	if !reflect.DeepEqual(game, map[string]any{"name": "Carcassonne", "sourceGameId": "title-carcassonne", "highestWins": true, "noPoints": false}) {
		t.Errorf("game %#v: a score pad's game has no BoardGameGeek id, and none is invented", game)
	}
	people := map[string]int64{}
	for _, pl := range play.Players {
		people[pl.Name] = pl.PersonID
	}
	wantPlayers := map[string]map[string]any{
		"Ana": {"name": "Ana", "sourcePlayerId": "person-" + itoa(people["Ana"]), "score": float64(25), "rank": float64(2), "winner": false, "startPlayer": false},
		"Ben": {"name": "Ben", "sourcePlayerId": "person-" + itoa(people["Ben"]), "score": float64(40), "rank": float64(1), "winner": true, "startPlayer": false},
		"Cy":  {"name": "Cy", "sourcePlayerId": "person-" + itoa(people["Cy"]), "score": float64(25), "rank": float64(2), "winner": false, "startPlayer": false},
	}
	players := data["players"].([]any)
	if len(players) != 3 {
		t.Fatalf("players %#v, want 3", players)
	}
	for i, p := range players {
		name, _ := p.(map[string]any)["name"].(string)
		if !reflect.DeepEqual(p, any(wantPlayers[name])) {
			t.Errorf("player %d is %#v, want %#v", i, p, wantPlayers[name])
		}
	}

	// The next evening: Ana keeps her sourcePlayerId; the new play has its own sourcePlayId.
	next := finishScorePad(t, host, "Carcassonne", []string{"Dee", "Ana"}, []int{3, 9})
	req, _ = http.NewRequest(http.MethodGet, host.url("/games/"+itoa(next)+"/bgstats.png"), nil)
	_, png2 := host.do(req, true)
	var data2 map[string]any
	testclient.BGStatsPlay(t, decodeQR(t, []byte(png2)), &data2)
	ana := data2["players"].([]any)[1].(map[string]any)
	if ana["name"] != "Ana" || ana["sourcePlayerId"] != wantPlayers["Ana"]["sourcePlayerId"] || ana["score"] != float64(9) || data2["sourcePlayId"] == data["sourcePlayId"] {
		t.Errorf("next evening: Ana %v, play ids %v and %v", ana, data["sourcePlayId"], data2["sourcePlayId"])
	}
	// And the same play gives the same link again.
	req, _ = http.NewRequest(http.MethodGet, host.url("/games/"+itoa(id)+"/bgstats.png"), nil)
	if _, again := host.do(req, true); again != png {
		t.Errorf("the same play drew a different QR code")
	}
}

// A play too long for a QR code is refused on the end screen with a
// message, and its QR address answers the same, never a cut link; a running
// game has no BG Stats QR yet. (A play logged by hand, RISK's included, is
// the score log's: web/scorepages.)
func TestBGStatsRefusesALinkTooLongForAQR(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	var names []string
	var scores []int
	for i := range 12 {
		names = append(names, strings.Repeat(string(rune('Ā'+2*i)), 40))
		scores = append(scores, i)
	}
	id := finishScorePad(t, host, "Long names", names, scores)
	_, end := host.get("/games/" + itoa(id))
	if !strings.Contains(end, "This play is too long for a QR code") || strings.Contains(end, "bgstats.png") {
		t.Fatalf("the end screen of a play too long for a QR code:\n%s", end)
	}
	code, why := host.get("/games/" + itoa(id) + "/bgstats.png")
	if code != http.StatusUnprocessableEntity || !strings.Contains(why, "too long for a QR code") {
		t.Fatalf("its QR: %d %.300s", code, why)
	}
	running := host.createGame("scorepad", "Ana", "Ben")
	if code, why := host.get("/games/" + itoa(running) + "/bgstats.png"); code != http.StatusConflict || !strings.Contains(why, "once the game is over") {
		t.Fatalf("a running game's QR: %d %.300s", code, why)
	}
	plays, _ := app.Scores.Plays(context.Background(), scoring.Filter{})
	if len(plays) != 1 {
		t.Fatalf("the refusals changed the score log: %d plays, want the finished game's", len(plays))
	}
}

// A seated phone's end screen gives its player the BG Stats link to open
// on that phone, rather than QR codes to scan.
func TestBGStatsOnAPhoneIsTheLinkItself(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	var info struct{ ID int64 }
	if code, b := host.postJSON("/games", map[string]any{"kind": "scorepad", "name": "Azul", "players": []string{"Ana", "Ben"}}, &info); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, b)
	}
	phone := newDevice(t, app)
	phone.join(joinURLFromQR(t, host, info.ID), info.ID, 1)
	for seat, pts := range []int{7, 9} {
		if code, b := host.command(info.ID, "score", map[string]int{"seat": seat, "points": pts}, ""); code != 200 {
			t.Fatalf("score: %d %s", code, b)
		}
	}
	if code, b := host.command(info.ID, "finish", nil, ""); code != 200 {
		t.Fatalf("finish: %d %s", code, b)
	}
	_, page := phone.get("/games/" + itoa(info.ID))
	m := regexp.MustCompile(`id="bgstats" href="([^"]+)"`).FindStringSubmatch(page)
	if m == nil || strings.Contains(page, "bgstats.png") {
		t.Fatalf("Ben's phone at the end:\n%s", page)
	}
	var data map[string]any
	testclient.BGStatsPlay(t, htmlpkg.UnescapeString(m[1]), &data)
	if players := data["players"].([]any); len(players) != 2 || players[1].(map[string]any)["winner"] != true {
		t.Fatalf("the phone's link: %#v", data)
	}
}
