package attack

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tableside/internal/testenv"
	"tableside/tracker"
)

// eventRows is every stored event of a game, column by column, read
// straight from the database file: the truth to compare before and after.
func eventRows(t *testing.T, db string, game int64) string {
	t.Helper()
	raw, err := testenv.OpenRawDB(db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	rows, err := raw.Query(`SELECT seq, time, actor, cmd, type, payload, coalesce(idem, '') FROM events WHERE game_id = ? ORDER BY seq`, game)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var seq, cmd int64
		var actor int
		var ts, typ, payload, idem string
		if err := rows.Scan(&seq, &ts, &actor, &cmd, &typ, &payload, &idem); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%d|%s|%d|%d|%s|%q|%s\n", seq, ts, actor, cmd, typ, payload, idem)
	}
	return b.String()
}

// An event whose stored data is damaged inside an intact database file (a
// flipped sector, a hand edit) is named as damaged data, with its game and
// event, on the game's screens, in JSON and on /healthz; a command to that
// game is refused and writes nothing; every other game goes on; and the
// host's Export log hands out the raw log with the damaged event marked, its
// stored bytes kept, so the game can be rescued.
func TestAttackDamagedEventIsNamedAndTheLogCanBeExported(t *testing.T) {
	s := Start(t)
	bad := s.CreateGame("scorepad", "Ana", "Ben")
	good := s.CreateGame("scorepad", "Cy", "Di")
	for i, pts := range []int{7, 12, 3} {
		if code, body := s.Host.Command(bad, "score", map[string]int{"seat": i % 2, "points": pts}, fmt.Sprint("b", i)); code != 200 {
			t.Fatalf("score: %d %s", code, body)
		}
		if code, body := s.Host.Command(good, "score", map[string]int{"seat": i % 2, "points": pts}, fmt.Sprint("g", i)); code != 200 {
			t.Fatalf("score: %d %s", code, body)
		}
	}
	goodBefore := s.Log(good)
	s.Kill()

	raw, err := testenv.OpenRawDB(s.DB)
	if err != nil {
		t.Fatal(err)
	}
	const damage = "{\"seat\":1,\"poi\x01\xffnts\":"
	if _, err := raw.Exec(`UPDATE events SET payload = ? WHERE game_id = ? AND seq = 2`, damage, bad); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	badRows := eventRows(t, s.DB, bad)

	s = StartOn(t, s.DB)
	named := fmt.Sprintf("game %d is damaged at event 2 (scored)", bad)

	code, body := s.Host.Get("/healthz")
	var health struct {
		Status  string
		Damaged []struct{ Game, Event int64 }
	}
	if err := json.Unmarshal([]byte(body), &health); code != http.StatusInternalServerError || err != nil || health.Status != "error" ||
		len(health.Damaged) != 1 || health.Damaged[0].Game != bad || health.Damaged[0].Event != 2 {
		t.Fatalf("/healthz with a damaged event: %d %s; want 500 naming game %d, event 2", code, body, bad)
	}

	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, fmt.Sprintf("/games/%d", bad), nil, "Accept", "application/json"))
	if resp.StatusCode != http.StatusInternalServerError || !strings.Contains(body, named) || !strings.Contains(body, `"rule":"damaged-data"`) ||
		strings.Contains(body, "fault in this game's rules") {
		t.Fatalf("the damaged game's view: %d %s; want it named as damaged data", resp.StatusCode, body)
	}
	if code, page := s.Host.Get(fmt.Sprintf("/games/%d", bad)); code != http.StatusInternalServerError || !strings.Contains(page, named) {
		t.Fatalf("the damaged game's page: %d %.600s", code, page)
	}
	if code, body := s.Host.Command(bad, "score", map[string]int{"seat": 0, "points": 1}, "after"); code != http.StatusInternalServerError || !strings.Contains(body, named) {
		t.Fatalf("a command to the damaged game: %d %s; want it refused, naming the damage", code, body)
	}

	// The other game goes on.
	if got := s.Log(good); got != goodBefore {
		t.Fatal("the other game's log changed")
	}
	if code, body := s.Host.Command(good, "score", map[string]int{"seat": 1, "points": 5}, "g-after"); code != 200 {
		t.Fatalf("the other game refuses a command: %d %s", code, body)
	}
	if code, _ := s.Host.Get(fmt.Sprintf("/games/%d", good)); code != 200 {
		t.Fatalf("the other game's page: %d", code)
	}

	// Export log hands out the raw log, the damaged event marked.
	var x struct {
		Events []struct {
			Seq     int64
			Type    string
			Data    json.RawMessage
			Damaged string
			Raw     string
		}
	}
	exported := s.Log(bad)
	if err := json.Unmarshal([]byte(exported), &x); err != nil || len(x.Events) != 3 {
		t.Fatalf("the damaged game's export: %v, %.600s", err, exported)
	}
	for _, e := range x.Events {
		if e.Seq == 2 && (e.Damaged == "" || e.Data != nil || !strings.HasPrefix(e.Raw, `{"seat":1,"poi`)) {
			t.Fatalf("the damaged event in the export: %+v; want it marked with its stored bytes", e)
		}
		if e.Seq != 2 && (e.Damaged != "" || e.Data == nil) {
			t.Fatalf("an intact event in the export: %+v", e)
		}
	}
	if _, err := tracker.ReadExport(strings.NewReader(exported)); err == nil || !strings.Contains(err.Error(), "event 2 (scored) is marked damaged") {
		t.Fatalf("replaying the export: %v; want it refused naming event 2", err)
	}
	if got := eventRows(t, s.DB, bad); got != badRows {
		t.Fatalf("the damaged game's stored events changed:\n%s\nwant\n%s", got, badRows)
	}
}
