package tracker_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
	"tableside/internal/trackertest"
	"tableside/tracker"
)

// An event whose stored data is not JSON, or is JSON the rules cannot
// replay (they accepted it when it was written), is named as damaged data:
// the game and the event, never as a fault in the rules. The tracker lists
// it for /healthz (found at start by ScanDamage, or when the game is read),
// another game on the same file goes on, and the export still hands out
// every event, the unreadable one marked with its stored bytes.
func TestDamagedEventsAreNamedByGameAndEvent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := trackertest.Open(t, path, testgames.Faulty{})
	ctx := context.Background()
	var ids []int64
	for range 3 {
		info, _ := tr.Create(ctx, "faulty", "F", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}})
		ids = append(ids, info.ID)
		mustDo(t, tr, info.ID, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 0}), "")
		mustDo(t, tr, info.ID, faultyCmd(testgames.CmdAdd, map[string]int{"seat": 0}), "")
	}
	tr.DB().Close()
	raw, err := testenv.OpenRawDB(path)
	if err != nil {
		t.Fatal(err)
	}
	raw.Exec(`UPDATE events SET payload = '{"seat":0' WHERE game_id = ? AND seq = 2`, ids[0])
	raw.Exec(`UPDATE events SET payload = '{"seat":9}' WHERE game_id = ? AND seq = 1`, ids[1])
	raw.Close()

	tr = trackertest.Open(t, path, testgames.Faulty{})
	if err := tr.ScanDamage(ctx); err != nil {
		t.Fatal(err)
	}
	if d := tr.Damaged(); len(d) != 1 || d[0].Game != ids[0] || d[0].Seq != 2 {
		t.Fatalf("found at start: %+v; want game %d event 2 (the one that is not JSON)", d, ids[0])
	}
	for i, want := range []int64{2, 1} {
		_, _, err := tr.View(ctx, ids[i], engine.Viewer{Seat: engine.Host})
		var de *tracker.DamagedError
		if !errors.As(err, &de) || de.Game != ids[i] || de.Seq != want || errors.Is(err, tracker.ErrEngineFault) {
			t.Fatalf("game %d: %v; want damaged data at event %d, not an engine fault", ids[i], err, want)
		}
	}
	if d := tr.Damaged(); len(d) != 2 || d[1].Game != ids[1] || d[1].Seq != 1 {
		t.Fatalf("damaged: %+v; want both games named", d)
	}
	if got := viewJSON(t, tr, ids[2]); got != `{"counts":[2],"total":2,"over":false}` {
		t.Fatalf("the intact game: %s", got)
	}
	mustDo(t, tr, ids[2], faultyCmd(testgames.CmdAdd, map[string]int{"seat": 0}), "")
	if n := logLen(t, tr, ids[2]); n != 3 {
		t.Fatalf("the intact game's log: %d events", n)
	}
}
