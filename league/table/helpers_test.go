package table_test

import (
	"context"
	"net/http"
	"os"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/internal/pgtest"
	"tableside/league/hub"
	"tableside/league/store"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// The table's tests run a real hub over a real PostgreSQL database and real
// table databases (internal/leaguetest).
type (
	testHub   = leaguetest.Hub
	testTable = leaguetest.Table
)

func startHub(t testing.TB, wrap func(http.Handler) http.Handler) *testHub {
	t.Helper()
	return startHubWith(t, wrap, 0)
}

// startHubWith is startHub with the public pages rebuilt at most once a
// refresh while tables push (the binary's default is a second).
func startHubWith(t testing.TB, wrap func(http.Handler) http.Handler, refresh time.Duration) *testHub {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	// The load benchmark's 200 readers share 127.0.0.1: no budget per address.
	return leaguetest.StartHub(t, leaguetest.Options{Store: st, Wrap: wrap, Refresh: refresh,
		Tune: func(c *hub.Config) { c.ReadPerSecond = -1 }})
}

func newTable(t testing.TB) *testTable { t.Helper(); return leaguetest.NewTable(t) }

func must(t testing.TB, err error) { t.Helper(); leaguetest.Must(t, err) }

func contains(t *testing.T, what, s, sub string) { t.Helper(); leaguetest.Contains(t, what, s, sub) }
