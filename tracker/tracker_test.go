package tracker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/scorepad"
	"tableside/internal/testenv"
	"tableside/internal/trackertest"
	"tableside/tracker"
)

func openTracker(t *testing.T, path string) *tracker.Tracker {
	t.Helper()
	return trackertest.Open(t, path, scorepad.Rules{})
}

func newGame(t *testing.T, tr *tracker.Tracker) int64 {
	t.Helper()
	info, err := tr.Create(context.Background(), "scorepad", "Test", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return info.ID
}

func score(seat, points int) engine.Command {
	return engine.Command{Type: scorepad.CmdScore, Seat: engine.Host, Data: json.RawMessage(fmt.Sprintf(`{"seat":%d,"points":%d}`, seat, points))}
}

func viewJSON(t *testing.T, tr *tracker.Tracker, id int64) string {
	t.Helper()
	v, _, err := tr.View(context.Background(), id, engine.Viewer{Seat: engine.Host})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func mustDo(t *testing.T, tr *tracker.Tracker, id int64, cmd engine.Command, idem string) tracker.Outcome {
	t.Helper()
	out, err := tr.Do(context.Background(), id, cmd, idem)
	if err != nil {
		t.Fatalf("%s: %v", cmd.Type, err)
	}
	return out
}

func TestStateSurvivesRestartByReplay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := openTracker(t, path)
	id := newGame(t, tr)
	for i := 1; i <= 20; i++ {
		mustDo(t, tr, id, score(i%2, i), "")
	}
	before := viewJSON(t, tr, id)
	tr.DB().Close()

	again := openTracker(t, path)
	if after := viewJSON(t, again, id); after != before {
		t.Fatalf("after restart the state differs:\n got %s\nwant %s", after, before)
	}
}

func TestUndoRevertsNewestCommandAndRedoRestoresIt(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	id := newGame(t, tr)
	ctx := context.Background()
	mustDo(t, tr, id, score(0, 5), "")
	one := viewJSON(t, tr, id)
	mustDo(t, tr, id, score(1, 7), "")
	two := viewJSON(t, tr, id)

	if rv, _ := tr.UndoPreview(ctx, id); rv.Undo.Cmd == 0 || rv.Undo.What != "Ben scored 7" {
		t.Fatalf("undo preview = %+v; want %q", rv.Undo, "Ben scored 7")
	}
	if got, err := tr.Undo(ctx, id, 0, ""); err != nil || got.What != "Ben scored 7" {
		t.Fatalf("undo = %+v, %v", got, err)
	}
	if got := viewJSON(t, tr, id); got != one {
		t.Fatalf("after undo: %s; want %s", got, one)
	}
	if _, err := tr.Redo(ctx, id, 0, ""); err != nil {
		t.Fatalf("redo: %v", err)
	}
	if got := viewJSON(t, tr, id); got != two {
		t.Fatalf("after redo: %s; want %s", got, two)
	}
	// Undo twice, then a new command: redo is no longer possible.
	tr.Undo(ctx, id, 0, "")
	tr.Undo(ctx, id, 0, "")
	if _, err := tr.Undo(ctx, id, 0, ""); !errors.Is(err, tracker.ErrNothingToUndo) {
		t.Fatalf("third undo: %v; want nothing to undo", err)
	}
	mustDo(t, tr, id, score(0, 1), "")
	if _, err := tr.Redo(ctx, id, 0, ""); !errors.Is(err, tracker.ErrNothingToRedo) {
		t.Fatalf("redo after a new command: %v; want nothing to redo", err)
	}
}

func TestUndoIsInTheLogAndReplaysIdentically(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := openTracker(t, path)
	id := newGame(t, tr)
	ctx := context.Background()
	mustDo(t, tr, id, score(0, 5), "")
	mustDo(t, tr, id, score(1, 9), "")
	tr.Undo(ctx, id, 0, "")
	mustDo(t, tr, id, score(1, 3), "")
	tr.Undo(ctx, id, 0, "")
	tr.Redo(ctx, id, 0, "")
	live := viewJSON(t, tr, id)

	var buf bytes.Buffer
	if err := tr.Export(ctx, id, &buf); err != nil {
		t.Fatal(err)
	}
	x, err := tracker.ReadExport(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Events) != 6 {
		t.Fatalf("log has %d events; want 6 (3 scores, 2 undos, 1 redo)", len(x.Events))
	}
	s1, err := tracker.Replay(x, scorepad.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := tracker.Replay(x, scorepad.Rules{})
	b1, _ := json.Marshal(s1)
	b2, _ := json.Marshal(s2)
	if !bytes.Equal(b1, b2) {
		t.Fatal("two replays of the same log differ")
	}
	if !strings.Contains(live, `"totals":[5,3]`) || !strings.Contains(string(b1), `"points":3`) || strings.Contains(string(b1), `"points":9`) {
		t.Fatalf("live %s / replayed %s; want totals 5,3 and the undone 9 gone", live, b1)
	}
}

func TestIdempotencyKeyAppliesOnce(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	id := newGame(t, tr)
	first := mustDo(t, tr, id, score(0, 5), "tap-1")
	again := mustDo(t, tr, id, score(0, 5), "tap-1")
	if !again.Repeat || again.Seq != first.Seq {
		t.Fatalf("retry = %+v; want a repeat at seq %d", again, first.Seq)
	}
	if v := viewJSON(t, tr, id); !strings.Contains(v, `"totals":[5,0]`) {
		t.Fatalf("view %s; want the score once", v)
	}
}

func TestRefusalChangesNothing(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	id := newGame(t, tr)
	before := viewJSON(t, tr, id)
	_, err := tr.Do(context.Background(), id, score(7, 5), "")
	if !engine.IsRefusal(err) || !strings.Contains(err.Error(), "no player 8") {
		t.Fatalf("err = %v; want a refusal naming player 8", err)
	}
	if after := viewJSON(t, tr, id); after != before {
		t.Fatal("a refused command changed the state")
	}
}

// A full disk must fail the command and leave the state as it was on disk.
func TestDiskFullFailsCommandAndKeepsState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := openTracker(t, path)
	id := newGame(t, tr)
	mustDo(t, tr, id, score(0, 1), "")
	ctx := context.Background()
	var pages int
	if err := tr.DB().QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.DB().ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, pages)); err != nil {
		t.Fatal(err)
	}
	note := strings.Repeat("x", 200)
	var failed error
	var before string
	for i := 0; i < 500 && failed == nil; i++ {
		before = viewJSON(t, tr, id)
		cmd := engine.Command{Type: scorepad.CmdScore, Seat: engine.Host, Data: json.RawMessage(fmt.Sprintf(`{"seat":1,"points":1,"note":%q}`, note))}
		_, failed = tr.Do(ctx, id, cmd, fmt.Sprint("k", i))
	}
	if failed == nil || !strings.Contains(failed.Error(), "full") {
		t.Fatalf("err = %v; want the database-full error", failed)
	}
	if after := viewJSON(t, tr, id); after != before {
		t.Fatal("the state moved ahead of the disk")
	}
	tr.DB().Close()
	if after := viewJSON(t, openTracker(t, path), id); after != before {
		t.Fatalf("after reopening, the state differs from what the table saw before the failure")
	}
}

func TestReadOnlyDatabaseFailsCommandAndKeepsState(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	id := newGame(t, tr)
	mustDo(t, tr, id, score(0, 1), "")
	before := viewJSON(t, tr, id)
	if _, err := tr.DB().Exec(`PRAGMA query_only = 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Do(context.Background(), id, score(0, 2), ""); err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Fatalf("err = %v; want a read-only error", err)
	}
	if _, err := tr.Undo(context.Background(), id, 0, ""); err == nil {
		t.Fatal("undo on a read-only database succeeded")
	}
	if after := viewJSON(t, tr, id); after != before {
		t.Fatal("the state changed although nothing was written")
	}
}

func TestOpenRefusesForeignFilesUntouched(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.db")
	os.WriteFile(text, []byte("shopping list: milk, dice\n"), 0o644)

	other := filepath.Join(dir, "other.db")
	db, err := tracker.OpenDB(filepath.Join(dir, "scratch.db")) // to get a SQLite handle
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	// A SQLite database some other program made.
	foreign, _ := testenv.OpenRawDB(other)
	foreign.Exec(`CREATE TABLE recipes(name TEXT)`)
	foreign.Close()

	for _, path := range []string{text, other} {
		before, _ := os.ReadFile(path)
		if _, err := tracker.OpenDB(path); !errors.Is(err, tracker.ErrForeignFile) {
			t.Errorf("%s: err = %v; want ErrForeignFile", filepath.Base(path), err)
		}
		after, _ := os.ReadFile(path)
		if !bytes.Equal(before, after) {
			t.Errorf("%s was changed", filepath.Base(path))
		}
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := tracker.OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Exec(`INSERT INTO schema_migrations(version, name) VALUES (999, '999_future.sql')`)
	db.Close()
	before, _ := os.ReadFile(path)
	_, err = tracker.OpenDB(path)
	if err == nil || !strings.Contains(err.Error(), "newer Tableside") {
		t.Fatalf("err = %v; want a refusal naming a newer Tableside", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("the newer database was changed")
	}
}

func TestCreateRefusesBadSeats(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	if _, err := tr.Create(ctx, "chess", "", engine.Setup{Seats: []engine.Seat{{Name: "A"}}}); !engine.IsRefusal(err) {
		t.Errorf("unknown game: %v", err)
	}
	if _, err := tr.Create(ctx, "scorepad", "", engine.Setup{}); !engine.IsRefusal(err) {
		t.Errorf("no seats: %v", err)
	}
	if _, err := tr.Create(ctx, "scorepad", "", engine.Setup{Seats: []engine.Seat{{Name: " "}}}); !engine.IsRefusal(err) {
		t.Errorf("blank name: %v", err)
	}
}

func TestReadExportRefusesGapsAndForeignFiles(t *testing.T) {
	if _, err := tracker.ReadExport(strings.NewReader(`{"format":"other"}`)); err == nil {
		t.Error("a foreign format was accepted")
	}
	gap := `{"format":"tableside-log/1","game":{"kind":"scorepad"},"events":[{"seq":1,"cmd":1,"type":"scored"},{"seq":3,"cmd":3,"type":"scored"}]}`
	if _, err := tracker.ReadExport(strings.NewReader(gap)); err == nil || !strings.Contains(err.Error(), "gap") {
		t.Errorf("gap: %v", err)
	}
}
