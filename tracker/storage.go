package tracker

import (
	"context"
	"errors"
	"fmt"

	"github.com/mattn/go-sqlite3"
)

// Storage problems, named: what went wrong with the database file itself,
// as opposed to a refused command or a bug. Each is said as such to the
// table and in the log, instead of a vague "try again".
const (
	ProblemFull     = "disk-full"
	problemReadOnly = "read-only"
	problemDamaged  = "damaged"
	problemIO       = "unavailable"
)

// errDamaged means the database file failed SQLite's integrity check. The
// file is refused at start and left exactly as it was.
var errDamaged = errors.New("the database file is damaged")

// StorageProblem names the storage problem behind err, if there is one.
func StorageProblem(err error) (string, bool) {
	if errors.Is(err, errDamaged) {
		return problemDamaged, true
	}
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return "", false
	}
	switch se.Code {
	case sqlite3.ErrFull:
		return ProblemFull, true
	case sqlite3.ErrReadonly, sqlite3.ErrPerm:
		return problemReadOnly, true
	case sqlite3.ErrCorrupt, sqlite3.ErrNotADB:
		return problemDamaged, true
	case sqlite3.ErrIoErr, sqlite3.ErrCantOpen:
		return problemIO, true
	}
	return "", false
}

// StorageMessage says a storage problem for the people at the table.
// Nothing was saved, and nothing was changed: the game is as the screens
// showed it before.
func StorageMessage(problem string) string {
	switch problem {
	case ProblemFull:
		return "The laptop's disk is full, so Tableside could not save that and nothing changed. Free some space on the laptop, then try again."
	case problemReadOnly:
		return "The database file is read-only, so Tableside could not save that and nothing changed. Make the file and its folder writable on the laptop, then try again."
	case problemDamaged:
		return "The database file is damaged, so Tableside could not read or save that. Stop Tableside and restore the file from a backup."
	case problemIO:
		return "The laptop could not read or write the database file (a disk or file-system error), so nothing changed. Check the disk, then try again."
	}
	return ""
}

// Health checks that the database answers and can take a write, without
// writing anything: a write statement that matches no row, in a transaction
// that is rolled back. It returns the named problem ("" when healthy).
func (d *DB) Health(ctx context.Context) (string, error) {
	var n int
	if err := d.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil {
		return problemOr(err), fmt.Errorf("database %s: read: %w", d.Path, err)
	}
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		return problemOr(err), fmt.Errorf("database %s: begin a write: %w", d.Path, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM schema_migrations WHERE 0`); err != nil {
		return problemOr(err), fmt.Errorf("database %s: write: %w", d.Path, err)
	}
	if p := d.failed.Load(); p != nil {
		return *p, fmt.Errorf("database %s: the last write failed: %s", d.Path, *p)
	}
	return "", nil
}

func problemOr(err error) string {
	if p, ok := StorageProblem(err); ok {
		return p
	}
	return problemIO
}

// noteWrite remembers the storage problem a write met, or forgets it when a
// write succeeds, for Health.
func (d *DB) noteWrite(err error) {
	if err == nil {
		d.failed.Store(nil)
		return
	}
	if p, ok := StorageProblem(err); ok {
		d.failed.Store(&p)
	}
}
