package tracker_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/tracker"
)

// CorruptCopy writes a copy of a closed database with garbage over the
// middle of its b-tree pages (the header stays, so it still looks like
// SQLite): what a failing disk or a half-copied file gives.
func corruptCopy(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 5*4096 {
		t.Fatalf("the database is only %d bytes; the test needs a few pages", len(b))
	}
	for p := 1; p*4096 < len(b); p++ {
		for i := p*4096 + 8; i < p*4096+400; i++ {
			b[i] = 0xA5
		}
	}
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// A damaged database is refused at start with a message naming the file
// and what to do, and is not changed by the attempt (not a byte).
func TestOpenRefusesADamagedDatabaseUntouched(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	tr := openTracker(t, good)
	id := newGame(t, tr)
	for i := 0; i < 300; i++ {
		mustDo(t, tr, id, score(i%2, i), fmt.Sprint("k", i))
	}
	tr.DB().Close()
	bad := filepath.Join(dir, "bad.db")
	corruptCopy(t, good, bad)
	before, _ := os.ReadFile(bad)

	_, err := tracker.OpenDB(bad)
	if !errors.Is(err, tracker.ErrDamaged) {
		t.Fatalf("open a damaged file: %v; want ErrDamaged", err)
	}
	for _, want := range []string{bad, "damaged", "backup", "not changed the file"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal %q does not say %q", err, want)
		}
	}
	if p, ok := tracker.StorageProblem(err); !ok || p != tracker.ProblemDamaged {
		t.Errorf("storage problem %q, %v; want damaged", p, ok)
	}
	if after, _ := os.ReadFile(bad); !bytes.Equal(before, after) {
		t.Fatal("the damaged file was changed")
	}
	if _, err := os.Stat(bad + "-wal"); err == nil {
		if b, _ := os.ReadFile(bad + "-wal"); len(b) > 0 {
			t.Fatal("a write-ahead log with content was made for the damaged file")
		}
	}
	// The good file still opens.
	db, err := tracker.OpenDB(good)
	if err != nil {
		t.Fatalf("the good file: %v", err)
	}
	db.Close()
}

// A new database and the folder made for it are the user's alone.
func TestNewDatabaseAndFolderArePrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data", "tableside")
	path := filepath.Join(dir, "tableside.db")
	tr := openTracker(t, path)
	newGame(t, tr) // a write, so the -wal file exists too
	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600, path + "-wal": 0o600} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != want {
			t.Errorf("%s: mode %o, want %o", filepath.Base(p), got, want)
		}
	}
}

// Health says a healthy database is fine, and names a read-only one
// without writing anything.
func TestHealthNamesAReadOnlyDatabase(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	if p, err := tr.DB().Health(ctx); p != "" || err != nil {
		t.Fatalf("healthy database: %q, %v", p, err)
	}
	if _, err := tr.DB().Exec(`PRAGMA query_only = 1`); err != nil {
		t.Fatal(err)
	}
	if p, err := tr.DB().Health(ctx); p != tracker.ProblemReadOnly || err == nil {
		t.Fatalf("read-only database: %q, %v; want read-only", p, err)
	}
	id := newGameErr(tr)
	if p, ok := tracker.StorageProblem(id); !ok || p != tracker.ProblemReadOnly {
		t.Fatalf("a write to a read-only database: %v is not named read-only", id)
	}
}

func newGameErr(tr *tracker.Tracker) error {
	_, err := tr.Create(context.Background(), "scorepad", "x", scorepadSetup())
	return err
}

func scorepadSetup() engine.Setup {
	return engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}}
}

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
