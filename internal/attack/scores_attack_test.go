package attack

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// scoreLog is the whole score log (people and plays, deleted ones
// included) as the host exports it as JSON, and its counts.
func scoreLog(t *testing.T, s *Server) (people, plays int, all string) {
	t.Helper()
	code, body := s.Host.Get("/scores/export?format=json")
	if code != http.StatusOK {
		t.Fatalf("export the score log: %d %.300s", code, body)
	}
	var log struct {
		People []json.RawMessage
		Plays  []json.RawMessage
	}
	if err := json.Unmarshal([]byte(body), &log); err != nil {
		t.Fatalf("score log JSON: %v in %.300s", err, body)
	}
	return len(log.People), len(log.Plays), body
}

// floodPlay is a play with 20 new names, the most a play may have.
func floodPlay(i int) url.Values {
	f := url.Values{"game": {"Flood"}, "date": {"2026-11-20"}, "scoring": {"high"}, "notes": {fmt.Sprint("flood ", i)}}
	for p := range 20 {
		f.Set(fmt.Sprintf("p%d.name", p), fmt.Sprintf("F%d-%d", i, p))
		f.Set(fmt.Sprintf("p%d.score", p), fmt.Sprint(p))
	}
	return f
}

// The reported flood, against the real binary: a phone with no code logged
// 100 plays and 2,000 people in a second. Now a phone that never joined
// writes nothing, and a seated phone is throttled after a handful.
func TestAttackScoreLogFlood(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	stranger := s.NewClient(t)
	people, plays, before := scoreLog(t, s)
	for i := range 100 {
		code, body := stranger.PostForm("/scores/plays", floodPlay(i))
		if code != http.StatusForbidden || !strings.Contains(body, "join a game from its QR code first") {
			t.Fatalf("play %d from a phone with no seat: %d %.300s", i, code, body)
		}
	}
	for _, path := range []string{"/scores/players/1/merge", "/scores/players/1/delete", "/scores/import"} {
		if code, _ := stranger.PostForm(path, url.Values{"into": {"2"}}); code != http.StatusForbidden {
			t.Errorf("POST %s from a phone: %d, want 403", path, code)
		}
	}
	if p2, n2, after := scoreLog(t, s); p2 != people || n2 != plays || after != before {
		t.Fatalf("the refused flood changed the score log: %d people %d plays -> %d and %d", people, plays, p2, n2)
	}

	ana := s.Phone(t, game, 0)
	start := time.Now()
	logged := 0
	for i := range 100 {
		code, body := ana.PostForm("/scores/plays", floodPlay(i))
		switch code {
		case http.StatusSeeOther:
			logged++
		case http.StatusTooManyRequests:
			if !strings.Contains(body, "wait a minute") {
				t.Fatalf("play %d throttled without saying so: %.300s", i, body)
			}
		default:
			t.Fatalf("play %d from a seated phone: %d %.300s", i, code, body)
		}
	}
	// The default budget is a burst of 10 and one play every 5 seconds after.
	bound := 10 + int(math.Ceil(time.Since(start).Seconds()/5))
	if logged == 0 || logged > bound {
		t.Fatalf("a seated phone logged %d of 100 plays; want between 1 and %d", logged, bound)
	}
	p2, n2, _ := scoreLog(t, s)
	if n2 != plays+logged || p2 != people+20*logged {
		t.Fatalf("after the flood: %d plays and %d people, want %d and %d", n2, p2, plays+logged, people+20*logged)
	}
	// The host is never throttled.
	if code, body := s.Host.PostForm("/scores/plays", floodPlay(1000)); code != http.StatusSeeOther {
		t.Fatalf("the host after the flood: %d %.300s", code, body)
	}
}

// The reported CSV injection: a player named =HYPERLINK(...) was exported
// as a live formula. Now every text cell that a spreadsheet would run is
// written with a leading apostrophe; numbers stay numbers; and the file
// imports into another table giving the same bytes back.
func TestAttackCSVInjection(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ana := s.Phone(t, game, 0)
	evil := []string{`=HYPERLINK("http://x","y")`, "@SUM(1+1)", "+cmd", "-2+3"}
	f := url.Values{"game": {"=1+1"}, "date": {"2026-11-20"}, "scoring": {"low"}, "place": {"@home"}}
	for i, name := range evil {
		f.Set(fmt.Sprintf("p%d.name", i), name)
		f.Set(fmt.Sprintf("p%d.score", i), fmt.Sprint(-5+i))
	}
	if code, body := ana.PostForm("/scores/plays", f); code != http.StatusSeeOther {
		t.Fatalf("log the play: %d %.300s", code, body)
	}
	code, exported := ana.Get("/scores/export")
	if code != http.StatusOK {
		t.Fatalf("export: %d", code)
	}
	rows, err := csv.NewReader(strings.NewReader(exported)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	names := map[string]string{}
	for _, r := range rows[1:] {
		for _, c := range []string{"play", "game", "place", "notes", "player"} {
			if v := r[col[c]]; v != "" && strings.ContainsAny(v[:1], "=+-@\t\r") {
				t.Errorf("the %s cell %q would run as a formula", c, v)
			}
		}
		names[r[col["player"]]] = r[col["score"]]
		if r[col["game"]] != "'=1+1" || r[col["place"]] != "'@home" {
			t.Errorf("game and place cells %q %q, want '=1+1 and '@home", r[col["game"]], r[col["place"]])
		}
	}
	for i, name := range evil {
		if score, ok := names["'"+name]; !ok || score != fmt.Sprint(-5+i) {
			t.Errorf("player %q: exported %v; want the cell '%s with the score %d as a number", name, names, name, -5+i)
		}
	}

	// Into another table: the same bytes out again, the names as typed.
	other := Start(t)
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	w, _ := mw.CreateFormFile("file", "scores.csv")
	w.Write([]byte(exported))
	mw.Close()
	req := other.Host.Request(http.MethodPost, "/scores/import", &b, "Content-Type", mw.FormDataContentType(), "Accept", "application/json")
	if resp, body := other.Host.Do(req); resp.StatusCode != http.StatusOK || !strings.Contains(body, `"imported":1`) {
		t.Fatalf("import the export: %d %.300s", resp.StatusCode, body)
	}
	if _, again := other.Host.Get("/scores/export"); again != exported {
		t.Fatalf("export after import differs:\n%s\n---\n%s", exported, again)
	}
	_, js := other.Host.Get("/scores/export?format=json")
	var log struct{ People []struct{ Name string } }
	json.Unmarshal([]byte(js), &log)
	typed := map[string]bool{}
	for _, p := range log.People {
		typed[p.Name] = true
	}
	for _, name := range evil {
		if !typed[name] {
			t.Errorf("the imported people %+v lack %q as typed", log.People, name)
		}
	}
}
