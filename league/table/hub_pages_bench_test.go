package table_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"tableside/internal/leaguetest"
	"tableside/internal/pgtest"
	"tableside/league"
	"tableside/league/hub"
	"tableside/league/store"
	"tableside/league/storetest"
)

// The hub's pages over a league of 100,000 plays (200 players, 10 tables)
// on PostgreSQL, as `tableside hub` serves them (the public pages rebuilt at
// most once a second). Reported: how long the first reader after a change
// waits while the league is read and rated again (the others meanwhile get
// the league as it was), and each page's time once it is read, list pages
// paginated; and a push then the first read of each page. docs/league.md
// quotes the figures; nothing here is asserted.
// Run: go test ./league/table -run '^$' -bench HubPages -benchtime 20x -timeout 0
func BenchmarkHubPagesAt100kPlaysOnPostgres(b *testing.B) {
	const plays, tables = 100_000, 10
	ctx := context.Background()
	dsn := pgtest.DB(b)
	st, err := store.OpenPostgres(ctx, dsn)
	must(b, err)
	fill := time.Now()
	for tb := range tables {
		storetest.Paired(b, st, fmt.Sprintf("%016x", tb+1))
	}
	// The rows go in with SQL (Put's way takes many minutes on a loaded
	// machine): 200 players, 100,000 plays of two each over ten tables.
	conn, err := pgx.Connect(ctx, dsn)
	must(b, err)
	defer conn.Close(ctx)
	for _, q := range []string{
		`INSERT INTO players(id, name, name_key) SELECT g, 'Player ' || lpad(g::text, 3, '0'), 'player ' || lpad(g::text, 3, '0') FROM generate_series(1, 200) g`,
		`INSERT INTO plays(ref, table_id, play_id, version, kind, title, date, time, minutes, luck, scoring, deleted, received)
			SELECT g, lpad(to_hex(g % 10 + 1), 16, '0'), 'p' || g, 1, 'scorepad', 'Game ' || (g % 12), to_char(date '2024-01-01' + g / 100, 'YYYY-MM-DD'),
				'19:30', 40, '', 'high', false, '2026-11-28T00:00:00Z' FROM generate_series(1, ` + fmt.Sprint(plays) + `) g`,
		`INSERT INTO play_players(ref, pos, player_id, local, score, rank, winner)
			SELECT g, 0, g % 200 + 1, 1, g % 50, CASE WHEN g % 50 >= (g * 3) % 50 THEN 1 ELSE 2 END, g % 50 >= (g * 3) % 50 FROM generate_series(1, ` + fmt.Sprint(plays) + `) g
			UNION ALL
			SELECT g, 1, (g * 7 + 3) % 200 + 1, 2, (g * 3) % 50, CASE WHEN g % 50 >= (g * 3) % 50 THEN 2 ELSE 1 END, g % 50 < (g * 3) % 50 FROM generate_series(1, ` + fmt.Sprint(plays) + `) g`,
		`SELECT setval(pg_get_serial_sequence('players', 'id'), 200)`,
		`SELECT setval(pg_get_serial_sequence('plays', 'ref'), ` + fmt.Sprint(plays) + `)`,
		`UPDATE league_meta SET changes = changes + 1`,
		`ANALYZE`,
	} {
		_, err := conn.Exec(ctx, q)
		must(b, err)
	}
	if ps, err := st.Plays(ctx); err != nil || len(ps) != plays {
		b.Fatalf("the store holds %d plays (%v), want %d", len(ps), err, plays)
	}
	b.Logf("filled PostgreSQL with %d plays in %s", plays, time.Since(fill).Round(time.Second))
	th := leaguetest.StartHub(b, leaguetest.Options{Store: st, Refresh: time.Second, Tune: func(c *hub.Config) { c.ReadPerSecond = -1 }})
	get := func(path string) {
		resp, err := http.Get(th.URL + path)
		must(b, err)
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || n == 0 {
			b.Fatalf("GET %s: %s", path, resp.Status)
		}
	}
	first := time.Now()
	get("/")
	b.Logf("first page after a change (the league read and rated again): %s", time.Since(first).Round(time.Millisecond))
	pages := []string{"/", "/plays", "/plays?page=2000", "/players", "/players/1", "/ratings", "/ratings?page=4"}
	for _, path := range pages {
		b.Run(path, func(b *testing.B) {
			for b.Loop() {
				get(path)
			}
		})
	}
	// A push, then the first read of each page: on a second hub process
	// over the same database that looks at the count on every page (no
	// MinRefresh), so each read is the first after its push. The push is
	// the store's Put, as the push handler calls it (its own time is not
	// counted); "new" is a play of today, on top of every play rated;
	// "late" one from a table back from weeks away, sorting before the
	// plays of its last few weeks (some 2,600).
	fresh := leaguetest.StartHub(b, leaguetest.Options{Store: st, Tune: func(c *hub.Config) { c.ReadPerSecond = -1 }})
	read := time.Now()
	get2 := func(path string) {
		resp, err := http.Get(fresh.URL + path)
		must(b, err)
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || n == 0 {
			b.Fatalf("GET %s: %s", path, resp.Status)
		}
	}
	get2("/")
	b.Logf("a second hub's first read of the whole league: %s", time.Since(read).Round(time.Millisecond))
	seq := 0
	for _, when := range []struct{ name, date string }{{"new", "2026-11-28"}, {"late", "2026-09-01"}} {
		for _, path := range pages {
			b.Run("push "+when.name+" then "+path, func(b *testing.B) {
				for b.Loop() {
					b.StopTimer()
					seq++
					p := storetest.NewPlay(fmt.Sprintf("bench-%d", seq), 1, "Player 001", fmt.Sprintf("Player %03d", seq%199+2), seq%40, 20)
					p.Date = when.date
					_, err := st.Put(ctx, fmt.Sprintf("%016x", seq%tables+1), []league.Play{p}, time.Now())
					must(b, err)
					b.StartTimer()
					get2(path)
				}
			})
		}
	}
}
