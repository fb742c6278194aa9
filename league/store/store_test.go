package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
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
