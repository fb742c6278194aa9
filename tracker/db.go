package tracker

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// DB is Tableside's SQLite database: one file, WAL, foreign keys on, one writer.
type DB struct {
	*sql.DB
	Path string

	// Migrated says what opening it changed: the schema it was at, the one
	// it is at now, and the copy kept of it before; nil when nothing was.
	Migrated *Migration

	// failed is the storage problem the last write of a game's log met,
	// nil once a write succeeds again. Health reports it: a full disk is
	// only seen when a write needs space, which a health probe never does.
	failed atomic.Pointer[string]

	// runs are the heartbeats of the server's run (server_runs.go),
	// stopped by Close before the database closes.
	rmu  sync.Mutex
	runs []func()
	// down is the down spans of server_runs as last read (server_runs.go).
	down downCache
	// tail is the records appended this run, newest of each game (log_tail.go).
	tail logTail
}

// sqliteMagic starts every SQLite 3 database file.
var sqliteMagic = []byte("SQLite format 3\x00")

// errForeignFile means the file given as the database is not one Tableside can use.
var errForeignFile = errors.New("not a Tableside database")

// OpenDB opens (creating when missing) the database at path and brings its
// schema up to date. A file that is not SQLite, a SQLite database made by
// another program, one made by a newer Tableside, or one that fails SQLite's
// integrity check is refused and left exactly as it was: it is inspected
// read-only before anything is written. A new file and a new folder are
// private to the user (0600, 0700): the log holds every hand and stake.
func OpenDB(path string) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("open database: create folder: %w", err)
	}
	fresh, version, err := inspect(path)
	if err != nil {
		return nil, err
	}
	if err := writable(path); err != nil {
		return nil, err
	}
	var migrated *Migration
	if !fresh && version < latestVersion() {
		if err := copyBeforeMigration(context.Background(), path, version); err != nil {
			return nil, err
		}
		migrated = &Migration{From: version, To: latestVersion(), Copy: migrationCopy(path, version)}
	}
	if err := createPrivate(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite3", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	// One connection: SQLite has one writer anyway, and a single connection
	// makes "immediate" transactions queue here instead of failing busy.
	db.SetMaxOpenConns(1)
	d := &DB{DB: db, Path: path, Migrated: migrated}
	if err := d.migrate(context.Background(), fresh); err != nil {
		db.Close()
		return nil, err
	}
	return d, nil
}

// writable refuses a database file this user cannot write: SQLite would
// open it, show every game and then fail every save. A missing file is
// made later, private to the user.
func writable(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open database %s: the file is read-only for this user, so no game could be saved: "+
			"make it writable by you (chmod u+w %s), then start again (the file is left untouched)", path, path)
	}
	return f.Close()
}

func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Set("_busy_timeout", "5000")
	// Each connection keeps its prepared statements: the live path asks the
	// same few queries at every change (the log's tail for the turn clock,
	// the command's inserts), and preparing them again each time was a
	// third of their cost.
	q.Set("_stmt_cache_size", "64")
	if readOnly {
		q.Set("mode", "ro")
	} else {
		q.Set("_journal_mode", "WAL")
		q.Set("_foreign_keys", "on")
		q.Set("_synchronous", "FULL") // an answered command survives power loss, not just a crash
		q.Set("_txlock", "immediate")
	}
	return "file:" + url.PathEscape(path) + "?" + q.Encode()
}

// inspect checks an existing file before it is opened for writing. It reports
// whether the database is new (missing or empty), and its schema version.
func inspect(path string) (fresh bool, version int, err error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return true, 0, nil
	}
	if err != nil {
		return false, 0, fmt.Errorf("open database %s: %w", path, err)
	}
	head := make([]byte, len(sqliteMagic))
	n, err := io.ReadFull(f, head)
	f.Close()
	if n == 0 {
		return true, 0, nil
	}
	if err != nil || !bytes.Equal(head, sqliteMagic) {
		return false, 0, fmt.Errorf("open database %s: %w: the file is not an SQLite database (left untouched)", path, errForeignFile)
	}
	ro, err := sql.Open("sqlite3", dsn(path, true))
	if err != nil {
		return false, 0, fmt.Errorf("open database %s: %w", path, err)
	}
	defer ro.Close()
	var tables, ours int
	err = ro.QueryRow(`SELECT count(*), count(*) FILTER (WHERE name = 'schema_migrations')
		FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).Scan(&tables, &ours)
	switch p, _ := StorageProblem(err); p {
	case problemDamaged:
		return false, 0, damaged(path, err.Error())
	case problemReadOnly, problemIO:
		// WAL needs its -shm and -wal files beside the database: a
		// read-only folder stops even reading.
		return false, 0, fmt.Errorf("open database %s: Tableside cannot open it for reading and writing: %w. "+
			"Make the file and its folder (%s) writable by you, then start again (the file is left untouched)", path, err, filepath.Dir(path))
	}
	if err != nil {
		return false, 0, fmt.Errorf("open database %s: %w: %v (left untouched)", path, errForeignFile, err)
	}
	if err := quickCheck(ro, path); err != nil {
		return false, 0, err
	}
	if tables > 0 && ours == 0 {
		return false, 0, fmt.Errorf("open database %s: %w: it holds %d tables another program made (left untouched)", path, errForeignFile, tables)
	}
	if ours == 1 {
		if err := ro.QueryRow(`SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&version); err != nil {
			return false, 0, fmt.Errorf("open database %s: read schema version: %w", path, err)
		}
		if version > latestVersion() {
			return false, 0, fmt.Errorf("open database %s: %w: it was written by a newer Tableside (schema %d, this one knows %d); upgrade Tableside (the file is left untouched)", path, errForeignFile, version, latestVersion())
		}
	}
	return tables == 0, version, nil
}

// quickCheck runs SQLite's quick integrity check over the read-only
// connection: a damaged file is refused at start, before anything could
// write to it and make it worse.
func quickCheck(ro *sql.DB, path string) error {
	rows, err := ro.Query(`PRAGMA quick_check(5)`)
	if err != nil {
		return damaged(path, err.Error())
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return damaged(path, err.Error())
		}
		if line != "ok" {
			found = append(found, line)
		}
	}
	if err := rows.Err(); err != nil {
		return damaged(path, err.Error())
	}
	if len(found) > 0 {
		return damaged(path, strings.Join(found, "; "))
	}
	return nil
}

func damaged(path, detail string) error {
	return fmt.Errorf("open database %s: %w (SQLite's check says: %s). Tableside has not changed the file. "+
		"Restore it from a backup (tableside restore FILE); or move it aside (keep it, it may still be rescued with the sqlite3 tool's .recover) "+
		"and start again to begin with an empty database", path, errDamaged, detail)
}

// createPrivate makes a missing database file empty and readable by the
// user only; SQLite then gives its -wal and -shm files the same mode.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open database %s: create: %w", path, err)
	}
	return f.Close()
}

// openRaw opens an SQLite file with no checks and no migrations, for the
// tests that make an old or foreign database (internal/testenv has the same
// for tests outside this package).
func openRaw(path string) (*sql.DB, error) {
	return sql.Open("sqlite3", dsn(path, false))
}
