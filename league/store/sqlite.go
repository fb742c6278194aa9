package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

const sqliteSchema = `
CREATE TABLE IF NOT EXISTS league_tables (
	id TEXT PRIMARY KEY, name TEXT NOT NULL, key_hash TEXT NOT NULL,
	revoked BOOLEAN NOT NULL DEFAULT 0, paired TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
	id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
	merged_into INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS plays (
	ref INTEGER PRIMARY KEY, table_id TEXT NOT NULL REFERENCES league_tables(id),
	play_id TEXT NOT NULL, version INTEGER NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL,
	date TEXT NOT NULL, time TEXT NOT NULL, minutes INTEGER NOT NULL, luck TEXT NOT NULL,
	scoring TEXT NOT NULL, deleted BOOLEAN NOT NULL DEFAULT 0, received TEXT NOT NULL,
	changed BIGINT NOT NULL DEFAULT 0, UNIQUE (table_id, play_id));
CREATE INDEX IF NOT EXISTS plays_date ON plays(date, time);
CREATE TABLE IF NOT EXISTS play_players (
	ref INTEGER NOT NULL REFERENCES plays(ref) ON DELETE CASCADE, pos INTEGER NOT NULL,
	player_id INTEGER NOT NULL REFERENCES players(id), local INTEGER NOT NULL,
	score INTEGER, rank INTEGER NOT NULL, winner BOOLEAN NOT NULL DEFAULT 0,
	PRIMARY KEY (ref, pos));
CREATE INDEX IF NOT EXISTS play_players_player ON play_players(player_id);
CREATE TABLE IF NOT EXISTS league_meta (id INTEGER PRIMARY KEY CHECK (id = 1), changes BIGINT NOT NULL,
	reset BIGINT NOT NULL DEFAULT 0);
INSERT INTO league_meta(id, changes) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS push_nonces (
	table_id TEXT NOT NULL, nonce TEXT NOT NULL, seen INTEGER NOT NULL,
	PRIMARY KEY (table_id, nonce));
CREATE INDEX IF NOT EXISTS push_nonces_seen ON push_nonces(seen);
CREATE TABLE IF NOT EXISTS pairing_codes (
	hash TEXT PRIMARY KEY, expires TEXT NOT NULL, used BOOLEAN NOT NULL DEFAULT 0);
`

// OpenSQLite opens (creating when missing) a hub's SQLite file, private to
// the user like the table's own database.
func OpenSQLite(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("open league %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open league %s: %w", path, err)
	}
	f.Close()
	q := url.Values{}
	q.Set("_busy_timeout", "5000")
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_synchronous", "FULL")
	db, err := sql.Open("sqlite3", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open league %s: %w", path, err)
	}
	// One connection: SQLite has one writer; transactions queue here.
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(sqliteSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("open league %s: schema: %w", path, err)
	}
	if _, err := db.Exec(`SELECT changed FROM plays LIMIT 0`); err != nil {
		if _, err := db.Exec(migrateChanges); err != nil {
			db.Close()
			return nil, fmt.Errorf("open league %s: add the change columns: %w", path, err)
		}
	}
	if _, err := db.Exec(`CREATE INDEX IF NOT EXISTS plays_changed ON plays(changed)`); err != nil {
		db.Close()
		return nil, fmt.Errorf("open league %s: schema: %w", path, err)
	}
	return &Store{eng: sqliteEngine{db}, Name: "sqlite " + path}, nil
}

type sqliteEngine struct{ db *sql.DB }

func (e sqliteEngine) begin(ctx context.Context) (tx, error) {
	t, err := e.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return sqliteTx{t}, nil
}

func (sqliteEngine) retryable(error) bool                   { return false }
func (sqliteEngine) afterRestore(context.Context, tx) error { return nil }
func (e sqliteEngine) close() error                         { return e.db.Close() }

// snapshot: a SQLite transaction reads one moment from its first read on.
func (sqliteEngine) snapshot(context.Context, tx) error { return nil }

type sqliteTx struct{ t *sql.Tx }

func (t sqliteTx) Exec(ctx context.Context, q string, args ...any) error {
	_, err := t.t.ExecContext(ctx, q, args...)
	return err
}

func (t sqliteTx) QueryRow(ctx context.Context, q string, args ...any) row {
	return sqliteRow{t.t.QueryRowContext(ctx, q, args...)}
}

func (t sqliteTx) Query(ctx context.Context, q string, args ...any) (rows, error) {
	r, err := t.t.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return sqliteRows{r}, nil
}

func (t sqliteTx) Commit(context.Context) error   { return t.t.Commit() }
func (t sqliteTx) Rollback(context.Context) error { return t.t.Rollback() }

type sqliteRow struct{ r *sql.Row }

func (r sqliteRow) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return errNoRows
	}
	return err
}

type sqliteRows struct{ *sql.Rows }

func (r sqliteRows) Close() { r.Rows.Close() }
