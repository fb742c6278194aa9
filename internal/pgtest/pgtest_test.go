package pgtest_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"tableside/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// The cluster is real PostgreSQL, reached only through its socket, and each
// test's database starts empty.
func TestClusterIsRealPostgresOnASocket(t *testing.T) {
	ctx := context.Background()
	u := pgtest.DB(t)
	if strings.Contains(u, "localhost") || strings.Contains(u, "127.0.0.1") {
		t.Fatalf("URL %s names a TCP host", u)
	}
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var v, listen string
	if err := conn.QueryRow(ctx, "SELECT version(), current_setting('listen_addresses')").Scan(&v, &listen); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(v, "PostgreSQL") || listen != "" {
		t.Fatalf("version %q, listen_addresses %q", v, listen)
	}
	var n int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("fresh database has %d tables (%v)", n, err)
	}
	if pgtest.DB(t) == u {
		t.Fatal("two tests got the same database")
	}
}
