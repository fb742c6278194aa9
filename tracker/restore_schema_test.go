package tracker_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/tracker"
)

// backupOf makes a real backup of a database with a game in it.
func backupOf(t *testing.T) (live, copyPath string) {
	t.Helper()
	dir := t.TempDir()
	live = filepath.Join(dir, "live.db")
	tr := openTracker(t, live)
	id := newGame(t, tr)
	mustDo(t, tr, id, score(0, 5), "k1")
	copyPath = filepath.Join(dir, "copy.db")
	if err := tracker.Backup(context.Background(), live, copyPath, false); err != nil {
		t.Fatal(err)
	}
	tr.DB().Close()
	return live, copyPath
}

func alter(t *testing.T, path, q string) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(q); err != nil {
		t.Fatal(err)
	}
}

// A copy whose schema is not the one Tableside makes (a trigger that would
// run inside the server on every command, a view, an index gone, a table
// changed) is refused by name, and the database is left as it was. Before,
// restore took any copy that passed SQLite's integrity check.
func TestRestoreRefusesACopyWithAnAlteredSchema(t *testing.T) {
	ctx := context.Background()
	for name, c := range map[string]struct{ sql, want string }{
		"trigger": {`CREATE TRIGGER own_host AFTER INSERT ON events BEGIN UPDATE games SET kind = kind; END`, `an extra trigger "own_host" on "events"`},
		"view":    {`CREATE VIEW everything AS SELECT * FROM games`, `an extra view "everything"`},
		"index":   {`DROP INDEX events_idem`, `no index "events_idem"`},
		"table":   {`ALTER TABLE games ADD COLUMN note TEXT`, `the table "games" is not as Tableside makes it`},
		"newer":   {`INSERT INTO schema_migrations(version, name) VALUES (999, '999_future.sql')`, "newer Tableside"},
	} {
		t.Run(name, func(t *testing.T) {
			live, copyPath := backupOf(t)
			alter(t, copyPath, c.sql)
			before, _ := os.ReadFile(live)
			_, err := tracker.Restore(ctx, copyPath, live)
			if !errors.Is(err, tracker.ErrAlteredSchema) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("restore a copy with %s: %v; want ErrAlteredSchema naming %s", name, err, c.want)
			}
			if after, _ := os.ReadFile(live); string(after) != string(before) {
				t.Fatal("a refused restore changed the database")
			}
		})
	}
}

// A backup made by tableside backup restores, and restore writes nothing
// beside it: no -wal or -shm file is left next to the copy.
func TestRestoreLeavesNothingBesideTheCopy(t *testing.T) {
	live, copyPath := backupOf(t)
	if _, err := tracker.Restore(context.Background(), copyPath, live); err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(copyPath + side); err == nil {
			t.Errorf("restore left %s beside the copy", filepath.Base(copyPath+side))
		}
	}
}

// tableside backup onto an existing file that is not a Tableside database
// (notes, another program's SQLite) refuses and leaves it as it was, unless
// forced; a Tableside copy there is replaced as before.
func TestBackupRefusesToOverwriteAFileThatIsNotABackup(t *testing.T) {
	ctx := context.Background()
	live, copyPath := backupOf(t)
	dir := filepath.Dir(live)
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("shopping list"), 0o600)
	other := filepath.Join(dir, "other.db")
	alter(t, other, `CREATE TABLE recipes (name TEXT)`)
	for _, f := range []string{notes, other} {
		before, _ := os.ReadFile(f)
		err := tracker.Backup(ctx, live, f, false)
		if err == nil || !strings.Contains(err.Error(), "--force") {
			t.Fatalf("backup onto %s: %v; want a refusal naming --force", filepath.Base(f), err)
		}
		if after, _ := os.ReadFile(f); string(after) != string(before) {
			t.Fatalf("a refused backup changed %s", filepath.Base(f))
		}
	}
	if err := tracker.Backup(ctx, live, copyPath, false); err != nil {
		t.Fatalf("backup over an earlier backup: %v", err)
	}
	if err := tracker.Backup(ctx, live, notes, true); err != nil {
		t.Fatalf("backup --force: %v", err)
	}
	if err := tracker.CheckCopy(ctx, notes); err != nil {
		t.Fatalf("the forced copy: %v", err)
	}
}
