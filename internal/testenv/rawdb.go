package testenv

import (
	"database/sql"
	"net/url"

	_ "github.com/mattn/go-sqlite3" // the driver Tableside's database uses
)

// OpenRawDB opens an SQLite file with no checks and no migrations, for tests
// that must look at, damage or make a database that is not Tableside's. The
// settings are the server's own (busy timeout, WAL, foreign keys), so a test
// that writes beside a running tracker queues instead of failing busy.
func OpenRawDB(path string) (*sql.DB, error) {
	q := url.Values{}
	q.Set("_busy_timeout", "5000")
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	return sql.Open("sqlite3", "file:"+url.PathEscape(path)+"?"+q.Encode())
}
