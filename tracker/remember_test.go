package tracker_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tableside/engine"
	"tableside/engine/riskclassic"
	"tableside/engine/scorepad"
	"tableside/internal/testenv"
	"tableside/internal/trackertest"
	"tableside/tracker"
)

// A table's own card symbols are kept per kind when a command sets them, so
// the next game finds them in one row: no old game is loaded, and a reopened
// database (a restart) still has them.
func TestRememberedSettingIsKeptPerKindWithoutLoadingGames(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	tr := trackertest.Open(t, path, riskclassic.Rules{}, scorepad.Rules{})
	seats := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}}
	if _, ok, err := tr.Remembered(ctx, "risk"); err != nil || ok {
		t.Fatalf("a new table remembers symbols: %v %v", ok, err)
	}
	g, err := tr.Create(ctx, "risk", "First", seats)
	if err != nil {
		t.Fatal(err)
	}
	symbols := strings.Repeat("I", 42)
	configure := engine.Command{Type: "configure", Seat: engine.Host, Data: json.RawMessage(`{"symbols":"` + symbols + `"}`)}
	if _, err := tr.Do(ctx, g.ID, configure, ""); err != nil {
		t.Fatal(err)
	}
	// A later game that keeps the classic deck does not forget the table's.
	if _, err := tr.Create(ctx, "risk", "Second", seats); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := tr.Remembered(ctx, "scorepad"); ok {
		t.Fatal("the score pad remembers a setting it does not have")
	}
	tr.DB().Close() // a restart

	tr = trackertest.Open(t, path, riskclassic.Rules{}, scorepad.Rules{})
	r, ok, err := tr.Remembered(ctx, "risk")
	if err != nil || !ok {
		t.Fatalf("after a restart the symbols are gone: %v %v", ok, err)
	}
	var got string
	if err := json.Unmarshal(r.Value, &got); err != nil || got != symbols || r.Key != "symbols" || r.GameName != "First" || r.Say != "42 infantry, 0 cavalry, 0 artillery" {
		t.Fatalf("remembered %+v (%q)", r, got)
	}
	if n, loads := tr.Loaded(); n != 0 || loads != 0 {
		t.Fatalf("finding the setting loaded games: %d in memory, %d loads", n, loads)
	}
}

// A finished game nobody has asked for in a while, and nobody watches, leaves
// memory; its log is on disk and the next screen rebuilds it unchanged. A
// game in play stays however long it is left alone.
func TestIdleFinishedGamesLeaveMemory(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	now := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	tr.IdleNow = func() time.Time { return now }
	playing := newGame(t, tr)
	var finished []int64
	for range 100 {
		id := newGame(t, tr)
		mustDo(t, tr, id, score(0, 5), "")
		mustDo(t, tr, id, engine.Command{Type: scorepad.CmdFinish, Seat: engine.Host}, "")
		finished = append(finished, id)
	}
	before := viewJSON(t, tr, finished[0])
	if n, _ := tr.Loaded(); n != 101 {
		t.Fatalf("%d games in memory; want all 101 while they are fresh", n)
	}
	now = now.Add(tracker.IdleEviction + time.Minute)
	viewJSON(t, tr, playing) // any request lets the tracker look
	if n, _ := tr.Loaded(); n != 1 {
		t.Fatalf("%d games in memory after %v alone; want only the game in play", n, tracker.IdleEviction)
	}
	if after := viewJSON(t, tr, finished[0]); after != before {
		t.Fatalf("an evicted game came back different:\n%s\n%s", before, after)
	}
	if _, loads := tr.Loaded(); loads != 1 {
		t.Fatalf("reopening one game rebuilt %d", loads)
	}
}

// A database from before remembered settings were kept has no row: the kind's
// games are searched once, newest first, without keeping any in memory, and
// the answer is kept so the next visit reads one row.
func TestRememberedSettingIsFoundOnceInAnOlderDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	tr := trackertest.Open(t, path, riskclassic.Rules{})
	g, err := tr.Create(ctx, "risk", "Club night", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	configure := engine.Command{Type: "configure", Seat: engine.Host, Data: json.RawMessage(`{"symbols":"` + strings.Repeat("A", 42) + `"}`)}
	if _, err := tr.Do(ctx, g.ID, configure, ""); err != nil {
		t.Fatal(err)
	}
	raw, err := testenv.OpenRawDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`DELETE FROM remembered`); err != nil {
		t.Fatal(err)
	}
	tr = trackertest.Open(t, path, riskclassic.Rules{})
	r, ok, err := tr.Remembered(ctx, "risk")
	if err != nil || !ok || r.Say != "0 infantry, 0 cavalry, 42 artillery" || r.GameName != "Club night" {
		t.Fatalf("searching the old games found %+v, %v, %v", r, ok, err)
	}
	if n, loads := tr.Loaded(); n != 0 || loads != 0 {
		t.Fatalf("the search kept games: %d in memory, %d loads", n, loads)
	}
	var rows int
	if err := raw.QueryRow(`SELECT count(*) FROM remembered WHERE kind = 'risk' AND value IS NOT NULL`).Scan(&rows); err != nil || rows != 1 {
		t.Fatalf("the answer was not kept: %d rows, %v", rows, err)
	}
}
