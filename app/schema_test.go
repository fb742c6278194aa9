package app_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"testing"

	"tableside/app"
)

// Each package that keeps tables owns its numbered migrations, and the
// numbers are one sequence: a server built by app.New applies every file of
// every owner, once, as versions 1..N with no gap. A package that stopped
// registering its files, or two that reused a number, would show here.
func TestEveryOwnersMigrationsMakeOneSequence(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	a, err := app.New(ctx, app.Config{DBPath: path})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()

	var files []string
	for _, dir := range []string{"tracker", "tracker/scorelog", "seating", "league/table"} {
		m, err := filepath.Glob(filepath.Join("..", dir, "migrations", "*.sql"))
		if err != nil || len(m) == 0 {
			t.Fatalf("%s owns no migrations (%v)", dir, err)
		}
		for _, f := range m {
			files = append(files, filepath.Base(f))
		}
	}
	slices.Sort(files)

	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, `SELECT version, name FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var applied []string
	for rows.Next() {
		var v int
		var name string
		if err := rows.Scan(&v, &name); err != nil {
			t.Fatal(err)
		}
		if v != len(applied)+1 {
			t.Errorf("schema version %d (%s) follows %d: the sequence has a gap", v, name, len(applied))
		}
		applied = append(applied, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(applied, files) {
		t.Errorf("applied migrations %v; the owners' files are %v", applied, files)
	}
}
