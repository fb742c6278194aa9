package tracker

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A newer Tableside keeps the database as it was before it changes the
// schema: the copy is private, checks clean, and is still at the old
// version, while the database itself moves on.
func TestMigrationKeepsACopyOfTheOldSchemaFirst(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := OpenRaw(path)
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
