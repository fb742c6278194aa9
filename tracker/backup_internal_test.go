package tracker

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// A newer Tableside keeps the database as it was before it changes the
// schema: the copy is private, checks clean, and is still at the old
// version, while the database itself moves on.
func TestMigrationKeepsACopyOfTheOldSchemaFirst(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := openRaw(path)
	if err != nil {
		t.Fatal(err)
	}
	old := &DB{DB: raw, Path: path}
	if _, err := old.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))`); err != nil {
		t.Fatal(err)
	}
	ms := migrations()
	for _, m := range ms[:len(ms)-1] {
		if err := old.apply(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	before := ms[len(ms)-2].version

	db, err := OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	copyPath := fmt.Sprintf("%s.schema-%d.bak", path, before)
	if m := db.Migrated; m == nil || m.From != before || m.To != latestVersion() || m.Copy != copyPath {
		t.Errorf("Migrated = %+v; want from %d to %d, copy %s", m, before, latestVersion(), copyPath)
	}
	fi, err := os.Stat(copyPath)
	if err != nil {
		t.Fatalf("no copy before the migration: %v", err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("the copy's mode is %v, want 0600", fi.Mode().Perm())
	}
	if err := CheckCopy(ctx, copyPath); err != nil {
		t.Errorf("the copy: %v", err)
	}
	if v := versionOf(t, copyPath); v != before {
		t.Errorf("the copy is at schema %d, want %d (before the migration)", v, before)
	}
	if v := versionOf(t, path); v != latestVersion() {
		t.Errorf("the database is at schema %d, want %d", v, latestVersion())
	}

	// Opening an up-to-date database makes no copy.
	db.Close()
	os.Remove(copyPath)
	db2, err := OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	db2.Close()
	if _, err := os.Stat(copyPath); err == nil {
		t.Errorf("a copy was made with no migration to run")
	}
}

func versionOf(t *testing.T, path string) int {
	t.Helper()
	_, v, err := inspect(path)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// A database that lacks a migration below its newest one (made by a program
// that linked fewer of the packages owning tables) gets it at the next open:
// migrate asks which versions are applied, not only the highest.
func TestAMigrationMissingBelowTheNewestIsApplied(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "holes.db")
	raw, err := openRaw(path)
	if err != nil {
		t.Fatal(err)
	}
	old := &DB{DB: raw, Path: path}
	if _, err := old.ExecContext(ctx, `CREATE TABLE schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))`); err != nil {
		t.Fatal(err)
	}
	ms := migrations()
	if len(ms) < 3 {
		t.Fatalf("%d migrations; the test needs one between two others", len(ms))
	}
	skipped := ms[1]
	for _, m := range ms {
		if m.version != skipped.version {
			if err := old.apply(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	raw.Close()

	db, err := OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, skipped.version).Scan(&n); err != nil || n != 1 {
		t.Fatalf("migration %s after a reopen: %d rows, %v; want it applied once", skipped.name, n, err)
	}
}

// Two packages that claim one schema version would each believe they made
// it: registering the second is refused at start.
func TestTwoPackagesCannotClaimOneSchemaVersion(t *testing.T) {
	first := migrations()[0]
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, fmt.Sprintf("schema version %d", first.version)) {
			t.Fatalf("recover() = %q; want a panic naming schema version %d", msg, first.version)
		}
	}()
	RegisterMigrations("intruder", fstest.MapFS{"migrations/" + first.name: {Data: []byte("SELECT 1;")}})
}
