package store_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/internal/pgtest"
	"tableside/league"
	"tableside/league/store"
	"tableside/league/storetest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

func openSQLite(t *testing.T) league.Store {
	s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "league.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func openPostgres(t *testing.T) league.Store {
	s, err := store.OpenPostgres(context.Background(), pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSQLiteStorePassesTheSuite(t *testing.T)   { storetest.Run(t, openSQLite) }
func TestPostgresStorePassesTheSuite(t *testing.T) { storetest.Run(t, openPostgres) }

// A league moved from SQLite to PostgreSQL holds the same rows (count and
// checksum of every table), and keeps working: new players and plays get
// ids past the copied ones.
func TestLeagueMovesFromSQLiteToPostgresUnchanged(t *testing.T) {
	ctx := context.Background()
	from, to := openSQLite(t), openPostgres(t)
	storetest.Paired(t, from, "a")
	if _, err := from.Put(ctx, "a", []league.Play{storetest.NewPlay("p1", 1, "Ana", "Bo", 3, 2), storetest.NewPlay("p2", 2, "Cy", "Bo", 3, 2)}, testTime); err != nil {
		t.Fatal(err)
	}
	want, have, err := store.Migrate(ctx, from, to)
	if err != nil {
		t.Fatal(err)
	}
	if want["plays"].Rows != 2 || want["players"].Rows != 3 || have["play_players"] != want["play_players"] {
		t.Fatalf("sums %v and %v", want, have)
	}
	if _, _, err := store.Migrate(ctx, from, to); !errors.Is(err, league.ErrNotEmpty) {
		t.Fatalf("a second migrate into the same database: %v, want ErrNotEmpty", err)
	}
	r, err := to.Put(ctx, "a", []league.Play{storetest.NewPlay("p3", 1, "Dee", "Ana", 3, 2)}, testTime)
	if err != nil {
		t.Fatalf("a push after the move: %v", err)
	}
	if r[0].Players[0] <= 3 || r[0].Players[1] != 1 {
		t.Fatalf("after the move Dee is %d and Ana %d; want a new id past 3, and 1", r[0].Players[0], r[0].Players[1])
	}
}

var testTime = mustTime("2026-11-21T10:00:00Z")

// A league an older hub let hold what PostgreSQL cannot (a NUL in a title,
// a score past its INTEGER) is not half-moved: migrate names the play it
// cannot move, and PostgreSQL is left empty.
func TestMigrateNamesThePlayItCannotMove(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "league.db")
	from, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer from.Close()
	storetest.Paired(t, from, "a")
	if _, err := from.Put(ctx, "a", []league.Play{storetest.NewPlay("good", 1, "Ana", "Bo", 3, 2), storetest.NewPlay("poisoned", 1, "Ana", "Bo", 3, 2)}, testTime); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, sql, want string }{
		{"NUL title", `UPDATE plays SET title = 'Carca' || char(0) || 'ssonne' WHERE play_id = 'poisoned'`, `play "poisoned" of table a`},
		{"huge score", `UPDATE play_players SET score = 1099511627776 WHERE ref = (SELECT ref FROM plays WHERE play_id = 'poisoned')`, `play "poisoned" of table a (v1, 2026-11-20), player 1`},
	} {
		t.Run(c.name, func(t *testing.T) {
			raw := rawSQLite(t, path)
			if _, err := raw.Exec(`UPDATE plays SET title = 'Carcassonne'; UPDATE play_players SET score = 3 WHERE pos = 0; ` + c.sql); err != nil {
				t.Fatal(err)
			}
			raw.Close()
			to := openPostgres(t)
			_, _, err := store.Migrate(ctx, from, to)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("migrate: %v, want it to name %s", err, c.want)
			}
			if d, err := to.Dump(ctx); err != nil || len(d.Plays)+len(d.Tables)+len(d.Players) != 0 {
				t.Fatalf("PostgreSQL after a refused migrate: %d tables, %d plays (%v)", len(d.Tables), len(d.Plays), err)
			}
		})
	}
}

func rawSQLite(t *testing.T, path string) *sql.DB {
	db, err := sql.Open("sqlite3", "file:"+path+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	return db
}
