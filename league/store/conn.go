// Package store keeps a league hub's data in SQLite (mattn/go-sqlite3, the
// hub of a club on one machine) or PostgreSQL (pgx, a club's long-lived hub
// with many writers). The league's logic is written once over a small
// connection contract (this file); sqlite.go and postgres.go carry each
// engine's driver, schema and quirks, and both pass league/storetest.
package store

import (
	"context"
	"errors"
)

// errNoRows is either driver's "no row".
var errNoRows = errors.New("no rows")

// row is one result row.
type row interface{ Scan(dest ...any) error }

// rows is a result set.
type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// tx is one transaction on either engine. Queries use ? placeholders; the
// PostgreSQL side numbers them.
type tx interface {
	Exec(ctx context.Context, q string, args ...any) error
	QueryRow(ctx context.Context, q string, args ...any) row
	Query(ctx context.Context, q string, args ...any) (rows, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

// engine is what differs between SQLite and PostgreSQL.
type engine interface {
	begin(ctx context.Context) (tx, error)
	// retryable reports a conflict worth running the transaction again for
	// (PostgreSQL's deadlock or serialization failure).
	retryable(err error) bool
	// afterRestore moves id counters past restored ids.
	afterRestore(ctx context.Context, t tx) error
	// snapshot makes t read one moment of the database throughout.
	snapshot(ctx context.Context, t tx) error
	close() error
}
