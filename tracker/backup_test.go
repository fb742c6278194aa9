package tracker_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/tracker"
)

// A backup is a private copy that passes SQLite's check; a restore refuses
// a damaged or foreign file and changes nothing.
func TestBackupIsPrivateAndRestoreRefusesBadCopies(t *testing.T) {
	ctx := context.Background()
	dir, live, copyPath, tr, _ := backedUpGame(t)
	if fi, err := os.Stat(copyPath); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the copy: %v, mode %v; want 0600", err, fi.Mode().Perm())
	}
	if err := tracker.CheckCopy(ctx, copyPath); err != nil {
		t.Fatalf("check the copy: %v", err)
	}
	tr.DB().Close()

	bad := filepath.Join(dir, "bad.db")
	corruptCopy(t, copyPath, bad)
	notes := filepath.Join(dir, "notes.db")
	os.WriteFile(notes, []byte("shopping list"), 0o600)
	before, _ := os.ReadFile(live)
	for file, want := range map[string]error{bad: tracker.ErrDamaged, notes: tracker.ErrForeignFile} {
		if _, err := tracker.Restore(ctx, file, live); !errors.Is(err, want) {
			t.Errorf("restore %s: %v; want %v", filepath.Base(file), err, want)
		}
	}
	if after, _ := os.ReadFile(live); string(after) != string(before) {
		t.Errorf("a refused restore changed the database")
	}
	if _, err := tracker.Restore(ctx, live, live); err == nil || !strings.Contains(err.Error(), "database itself") {
		t.Errorf("restore a database onto itself: %v", err)
	}
}

// The usual reason to restore is a damaged database: restore moves it aside
// (kept, for the sqlite3 tool's .recover) and puts the copy in its place.
func TestRestoreReplacesADamagedDatabaseAndKeepsIt(t *testing.T) {
	ctx := context.Background()
	_, live, copyPath, tr, id := backedUpGame(t)
	tr.DB().Close()
	corruptCopy(t, copyPath, live)
	os.Remove(live + "-wal")
	os.Remove(live + "-shm")
	if _, err := tracker.OpenDB(live); !errors.Is(err, tracker.ErrDamaged) {
		t.Fatalf("the damaged database opened: %v", err)
	}
	kept, err := tracker.Restore(ctx, copyPath, live)
	if err != nil {
		t.Fatalf("restore over a damaged database: %v", err)
	}
	if !strings.Contains(kept, ".damaged-") {
		t.Errorf("the damaged database is kept as %q", kept)
	}
	if _, err := os.Stat(kept); err != nil {
		t.Errorf("the damaged database was not kept: %v", err)
	}
	db, err := tracker.OpenDB(live)
	if err != nil {
		t.Fatalf("open the restored database: %v", err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM events WHERE game_id = ?`, id).Scan(&n); err != nil || n < 300 {
		t.Errorf("the restored game has %d events (%v), want at least 300", n, err)
	}
}

// backedUpGame is a live database in a temp folder with a game of 300
// commands, and a backup of it beside it: the folder, both paths and the
// tracker still open on the live file, and the game's id.
func backedUpGame(t *testing.T) (dir, live, copyPath string, tr *tracker.Tracker, id int64) {
	t.Helper()
	dir = t.TempDir()
	live = filepath.Join(dir, "live.db")
	tr = openTracker(t, live)
	id = newGame(t, tr)
	for i := 0; i < 300; i++ {
		mustDo(t, tr, id, score(i%2, i), fmt.Sprint("k", i))
	}
	copyPath = filepath.Join(dir, "copy.db")
	if err := tracker.Backup(context.Background(), live, copyPath, false); err != nil {
		t.Fatal(err)
	}
	return dir, live, copyPath, tr, id
}
