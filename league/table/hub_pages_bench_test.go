package table_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

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
// paginated. docs/league.md quotes the figures; nothing here is asserted.
// Run: go test ./league/table -run '^$' -bench HubPages -benchtime 20x
func BenchmarkHubPagesAt100kPlaysOnPostgres(b *testing.B) {
	const plays, tables, per = 100_000, 10, 1000
	ctx := context.Background()
	st, err := store.OpenPostgres(ctx, pgtest.DB(b))
	must(b, err)
	fill := time.Now()
	t0 := time.Date(2024, 1, 1, 19, 0, 0, 0, time.UTC)
	for tb := range tables {
		id := fmt.Sprintf("%016x", tb+1)
		storetest.Paired(b, st, id)
		for from := 0; from < plays/tables; from += per {
			batch := make([]league.Play, 0, per)
			for i := from; i < from+per; i++ {
				n := tb*plays/tables + i
				p := storetest.NewPlay(fmt.Sprintf("p%06d", i), 1, fmt.Sprintf("Player %03d", n%200), fmt.Sprintf("Player %03d", (n*7+3)%200), n%50, (n*3)%50)
				p.Date = t0.AddDate(0, 0, n/100).Format("2006-01-02")
				batch = append(batch, p)
			}
			_, err := st.Put(ctx, id, batch, time.Now())
			must(b, err)
		}
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
	for _, path := range []string{"/", "/plays", "/plays?page=2000", "/players", "/players/1", "/ratings", "/ratings?page=4"} {
		b.Run(path, func(b *testing.B) {
			var size int64
			for b.Loop() {
				get(path)
			}
			_ = size
		})
	}
}
