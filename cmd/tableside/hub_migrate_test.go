package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"tableside/internal/pgtest"
	"tableside/league"
	"tableside/league/store"
	"tableside/league/storetest"
)

// sqliteLeague makes a SQLite league with something in every table: two
// tables (one revoked), plays at several versions, a deleted play, a play
// without scores, a merged player, names beyond ASCII, an unused code.
func sqliteLeague(t *testing.T) (string, map[string]league.Sum) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "league.db")
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	storetest.Paired(t, st, "0011223344556677")
	storetest.Paired(t, st, "8899aabbccddeeff")
	now := time.Date(2026, 11, 20, 21, 0, 0, 0, time.UTC)
	put := func(table string, plays ...league.Play) {
		if _, err := st.Put(ctx, table, plays, now); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 30 {
		put("0011223344556677", storetest.NewPlay("p"+strconv.Itoa(i), 1, "Ana", "Zoë Ødegård", i, 30-i))
	}
	put("0011223344556677", storetest.NewPlay("p3", 2, "Ana", "Zoë Ødegård", 99, 1)) // an edit
	gone := storetest.NewPlay("p4", 2, "Ana", "Zoë Ødegård", 4, 26)
	gone.Deleted = true
	put("0011223344556677", gone)
	noScores := storetest.NewPlay("q1", 1, "ana", "Cy", 0, 0)
	noScores.Players[0].Score, noScores.Players[1].Score = nil, nil
	put("8899aabbccddeeff", noScores, storetest.NewPlay("q2", 1, "Ana M.", "Cy", 5, 7))
	players, err := st.Players(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	for _, p := range players {
		ids[p.Name] = p.ID
	}
	if err := st.Merge(ctx, ids["Ana M."], ids["Ana"]); err != nil {
		t.Fatal(err)
	}
	if err := st.Revoke(ctx, "8899aabbccddeeff"); err != nil {
		t.Fatal(err)
	}
	if err := st.AddCode(ctx, "unused-code-hash", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	d, err := st.Dump(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return path, d.Sums()
}

var migrateLineRE = regexp.MustCompile(`(?m)^(\w+)\s+(\d+) rows\s+([0-9a-f]{16})\s+(\d+) rows\s+([0-9a-f]{16})$`)

// `tableside hub migrate` moves a SQLite league into an empty PostgreSQL
// database: every table arrives with the same row count and checksum, as
// the command prints and as the test reads back from PostgreSQL itself.
func TestHubMigrateMovesEveryTableWithMatchingCountsAndChecksums(t *testing.T) {
	from, want := sqliteLeague(t)
	to := pgtest.DB(t)
	out, errOut, code := runCLI(t, "hub", "migrate", "--from", from, "--to", to)
	if code != 0 {
		t.Fatalf("hub migrate exited %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "counts and checksums match") {
		t.Errorf("hub migrate does not say the sums match:\n%s", out)
	}
	lines := migrateLineRE.FindAllStringSubmatch(out, -1)
	if len(lines) != len(want) {
		t.Fatalf("hub migrate printed %d tables, want %d:\n%s", len(lines), len(want), out)
	}
	for _, m := range lines {
		w := want[m[1]]
		if m[2] != strconv.Itoa(w.Rows) || m[4] != m[2] || !strings.HasPrefix(w.Checksum, m[3]) || m[5] != m[3] {
			t.Errorf("%s: printed %s rows %s / %s rows %s, the SQLite league has %d rows %.16s", m[1], m[2], m[3], m[4], m[5], w.Rows, w.Checksum)
		}
	}
	pg, err := store.OpenPostgres(context.Background(), to)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	d, err := pg.Dump(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	have := d.Sums()
	if err := league.SameSums(want, have); err != nil {
		t.Fatalf("PostgreSQL after hub migrate: %v", err)
	}
	for name, rows := range map[string]int{"tables": 2, "plays": 32, "play_players": 64, "pairing_codes": 3} {
		if have[name].Rows != rows {
			t.Errorf("PostgreSQL holds %d rows of %s, want %d", have[name].Rows, name, rows)
		}
	}
}

// A PostgreSQL database that already holds a league is refused, by name,
// and left as it was; so is a migration the wrong way round.
func TestHubMigrateRefusesANonEmptyDestinationAndChangesNothing(t *testing.T) {
	from, _ := sqliteLeague(t)
	to := pgtest.DB(t)
	if _, errOut, code := runCLI(t, "hub", "migrate", "--from", from, "--to", to); code != 0 {
		t.Fatalf("first migrate: exit %d: %s", code, errOut)
	}
	pg, err := store.OpenPostgres(context.Background(), to)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	before, _ := pg.Dump(context.Background())
	out, errOut, code := runCLI(t, "hub", "migrate", "--from", from, "--to", to)
	if code == 0 || !strings.Contains(errOut, "already holds data") {
		t.Fatalf("migrating into a full league: exit %d, stdout %q, stderr %q; want a failure naming it", code, out, errOut)
	}
	after, _ := pg.Dump(context.Background())
	if err := league.SameSums(before.Sums(), after.Sums()); err != nil {
		t.Fatalf("a refused migrate changed PostgreSQL: %v", err)
	}
	if _, errOut, code := runCLI(t, "hub", "migrate", "--from", to, "--to", from); code != 2 || !strings.Contains(errOut, "moves a SQLite file") {
		t.Fatalf("migrate the wrong way: exit %d, %q; want usage (2) saying which way it goes", code, errOut)
	}
}
