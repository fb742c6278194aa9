package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tableside/league"
)

// Store is a league kept in SQLite or PostgreSQL.
type Store struct {
	eng  engine
	Name string // which engine and file or database, for logs
}

var _ league.Store = (*Store)(nil)

// Open opens a hub's store: a postgres:// or postgresql:// URL is
// PostgreSQL, anything else a SQLite file.
func Open(ctx context.Context, where string) (*Store, error) {
	if IsPostgres(where) {
		return OpenPostgres(ctx, where)
	}
	return OpenSQLite(where)
}

// IsPostgres reports whether where names a PostgreSQL database.
func IsPostgres(where string) bool {
	return strings.HasPrefix(where, "postgres://") || strings.HasPrefix(where, "postgresql://")
}

// Close closes the connections.
func (s *Store) Close() error { return s.eng.close() }

const stamp = time.RFC3339Nano

// inTx runs fn in a transaction, again when the engine reports a conflict
// worth retrying (two tables adding the same player at once on PostgreSQL).
func (s *Store) inTx(ctx context.Context, fn func(tx) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = s.once(ctx, fn)
		if err == nil || !s.eng.retryable(err) {
			return err
		}
	}
	return err
}

func (s *Store) once(ctx context.Context, fn func(tx) error) error {
	t, err := s.eng.begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(t); err != nil {
		t.Rollback(ctx)
		return err
	}
	return t.Commit(ctx)
}

// AddCode keeps a pairing code's hash until it expires.
func (s *Store) AddCode(ctx context.Context, codeHash string, expires time.Time) error {
	err := s.inTx(ctx, func(t tx) error {
		return t.Exec(ctx, `INSERT INTO pairing_codes(hash, expires) VALUES (?, ?)`, codeHash, expires.UTC().Format(stamp))
	})
	if err != nil {
		return fmt.Errorf("add pairing code: %w", err)
	}
	return nil
}

// Pair uses up a pairing code and records the table.
func (s *Store) Pair(ctx context.Context, codeHash string, now time.Time, tb league.Table) error {
	err := s.inTx(ctx, func(t tx) error {
		var expires string
		var used bool
		err := t.QueryRow(ctx, `SELECT expires, used FROM pairing_codes WHERE hash = ?`, codeHash).Scan(&expires, &used)
		if errors.Is(err, errNoRows) {
			return league.ErrBadCode
		}
		if err != nil {
			return err
		}
		exp, err := time.Parse(stamp, expires)
		if err != nil || used || !now.Before(exp) {
			return league.ErrBadCode
		}
		if err := t.Exec(ctx, `UPDATE pairing_codes SET used = ? WHERE hash = ? AND used = ?`, true, codeHash, false); err != nil {
			return err
		}
		if err := t.Exec(ctx, `INSERT INTO league_tables(id, name, key_hash, revoked, paired) VALUES (?, ?, ?, ?, ?)`,
			tb.ID, tb.Name, tb.KeyHash, false, tb.Paired.UTC().Format(stamp)); err != nil {
			return err
		}
		_, err = changed(ctx, t)
		return err
	})
	if err != nil {
		return fmt.Errorf("pair table %s: %w", tb.Name, err)
	}
	return nil
}

// Table returns one paired table.
func (s *Store) Table(ctx context.Context, id string) (league.Table, error) {
	var tb league.Table
	err := s.inTx(ctx, func(t tx) error {
		var paired string
		err := t.QueryRow(ctx, `SELECT id, name, key_hash, revoked, paired FROM league_tables WHERE id = ?`, id).
			Scan(&tb.ID, &tb.Name, &tb.KeyHash, &tb.Revoked, &paired)
		if errors.Is(err, errNoRows) {
			return league.ErrNoTable
		}
		tb.Paired, _ = time.Parse(stamp, paired)
		return err
	})
	if err != nil {
		return tb, fmt.Errorf("table %q: %w", id, err)
	}
	return tb, nil
}

// Tables lists the paired tables, oldest first.
func (s *Store) Tables(ctx context.Context) ([]league.Table, error) {
	var out []league.Table
	err := s.inTx(ctx, func(t tx) error {
		out = nil
		rs, err := t.Query(ctx, `SELECT id, name, key_hash, revoked, paired FROM league_tables ORDER BY paired, id`)
		if err != nil {
			return err
		}
		defer rs.Close()
		for rs.Next() {
			var tb league.Table
			var paired string
			if err := rs.Scan(&tb.ID, &tb.Name, &tb.KeyHash, &tb.Revoked, &paired); err != nil {
				return err
			}
			tb.Paired, _ = time.Parse(stamp, paired)
			out = append(out, tb)
		}
		return rs.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	return out, nil
}

// Revoke stops a table's key from pushing, for good.
func (s *Store) Revoke(ctx context.Context, id string) error {
	err := s.inTx(ctx, func(t tx) error {
		var one int
		if err := t.QueryRow(ctx, `SELECT 1 FROM league_tables WHERE id = ?`, id).Scan(&one); errors.Is(err, errNoRows) {
			return league.ErrNoTable
		} else if err != nil {
			return err
		}
		if err := t.Exec(ctx, `UPDATE league_tables SET revoked = ? WHERE id = ?`, true, id); err != nil {
			return err
		}
		_, err := changed(ctx, t)
		return err
	})
	if err != nil {
		return fmt.Errorf("revoke table %q: %w", id, err)
	}
	return nil
}
