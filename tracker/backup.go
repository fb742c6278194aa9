package tracker

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"
)

// errInUse means a running Tableside holds the database: it must be stopped
// before the database is replaced.
var errInUse = errors.New("the database is in use by a running Tableside")

// Backup writes a consistent copy of the database at src to dest, readable
// by the user only, while a server may be writing to src. SQLite's online
// backup copies every page in one read transaction: the copy holds exactly
// the commands answered before it began (WAL lets the server go on writing
// meanwhile). The copy is written beside dest, checked, and renamed into
// place, so dest is never half written. An existing dest that is not a
// Tableside database (a copy, or a database) is left alone unless force.
func Backup(ctx context.Context, src, dest string, force bool) error {
	if same(src, dest) {
		return fmt.Errorf("back up %s: the copy must go to another file", src)
	}
	if err := notOurs(ctx, dest); err != nil && !force {
		return fmt.Errorf("back up to %s: %w; it is left as it was (--force replaces it)", dest, err)
	}
	fresh, _, err := inspect(src)
	if err != nil {
		return fmt.Errorf("back up: %w", err)
	}
	if fresh {
		return fmt.Errorf("back up %s: there is no Tableside database there", src)
	}
	from, err := sql.Open("sqlite3", dsn(src, true))
	if err != nil {
		return fmt.Errorf("back up %s: %w", src, err)
	}
	defer from.Close()
	return writeCopy(ctx, from, dest)
}

// writeCopy copies the database behind from into a new private file and
// renames it to dest once it passes SQLite's integrity check.
func writeCopy(ctx context.Context, from *sql.DB, dest string) error {
	tmp, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".*.part")
	if err != nil {
		return fmt.Errorf("back up to %s: %w", dest, err)
	}
	tmp.Close() // CreateTemp makes it 0600: SQLite keeps the mode
	defer os.Remove(tmp.Name())
	to, err := sql.Open("sqlite3", "file:"+tmp.Name()+"?_busy_timeout=5000")
	if err != nil {
		return fmt.Errorf("back up to %s: %w", dest, err)
	}
	if err := copyPages(ctx, from, to); err != nil {
		to.Close()
		return fmt.Errorf("back up to %s: %w", dest, err)
	}
	if err := integrity(ctx, to); err != nil {
		to.Close()
		return fmt.Errorf("back up to %s: the copy fails SQLite's check: %w", dest, err)
	}
	if err := to.Close(); err != nil {
		return fmt.Errorf("back up to %s: %w", dest, err)
	}
	if err := syncFile(tmp.Name()); err != nil {
		return fmt.Errorf("back up to %s: %w", dest, err)
	}
	if err := os.Rename(tmp.Name(), dest); err != nil {
		return fmt.Errorf("back up to %s: %w", dest, err)
	}
	return nil
}

// copyPages runs SQLite's online backup from one database into another, in
// a single step (one read transaction on the source, one write on the
// destination).
func copyPages(ctx context.Context, from, to *sql.DB) error {
	src, err := from.Conn(ctx)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := to.Conn(ctx)
	if err != nil {
		return err
	}
	defer dst.Close()
	return dst.Raw(func(d any) error {
		return src.Raw(func(s any) error {
			b, err := d.(*sqlite3.SQLiteConn).Backup("main", s.(*sqlite3.SQLiteConn), "main")
			if err != nil {
				return fmt.Errorf("start the copy: %w", err)
			}
			if _, err := b.Step(-1); err != nil {
				b.Finish()
				return fmt.Errorf("copy: %w", err)
			}
			return b.Finish()
		})
	})
}

// integrity runs SQLite's full integrity check.
func integrity(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `PRAGMA integrity_check(5)`)
	if err != nil {
		return err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			found = append(found, line)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(found) > 0 {
		return errors.New(strings.Join(found, "; "))
	}
	return nil
}

// copyBeforeMigration keeps the database as it was before a newer Tableside
// changes its schema, beside it ("tableside.db.schema-4.bak"), so an
// upgrade can always be undone by restoring it.
func copyBeforeMigration(ctx context.Context, path string, version int) error {
	dest := migrationCopy(path, version)
	if err := Backup(ctx, path, dest, true); err != nil { // Tableside's own file name
		return fmt.Errorf("open database %s: a copy before the schema changes: %w", path, err)
	}
	return nil
}

// Migration is a database's schema moved forward by OpenDB, and where the
// copy of it as it was is kept.
type Migration struct {
	From, To int
	Copy     string
}

func migrationCopy(path string, version int) string {
	return fmt.Sprintf("%s.schema-%d.bak", path, version)
}

// CheckCopy checks that a file is a Tableside database this Tableside can
// open (not foreign, not newer), that it passes SQLite's full integrity
// check, and that its schema is exactly the one Tableside makes at its
// version (no table, index, trigger or view added, missing or changed). It
// reads the copy without writing beside it.
func CheckCopy(ctx context.Context, path string) error {
	if err := isSQLiteFile(path); err != nil {
		return fmt.Errorf("check %s: %w", path, err)
	}
	if err := refuseLiveCopy(path); err != nil {
		return fmt.Errorf("check: %w", err)
	}
	db, err := sql.Open("sqlite3", copyDSN(path))
	if err != nil {
		return fmt.Errorf("check %s: %w", path, err)
	}
	defer db.Close()
	if err := integrity(ctx, db); err != nil {
		return fmt.Errorf("check %s: %w (SQLite's integrity check says: %v)", path, errDamaged, err)
	}
	var version int
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&version); err != nil {
		return fmt.Errorf("check %s: %w: it holds no Tableside schema (%v)", path, errForeignFile, err)
	}
	if err := checkSchema(ctx, db, version); err != nil {
		return fmt.Errorf("check %s: %w; restore refuses it", path, err)
	}
	return nil
}

// isSQLiteFile refuses a missing or empty file and one that is not SQLite.
func isSQLiteFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, len(sqliteMagic))
	n, err := io.ReadFull(f, head)
	if n == 0 {
		return fmt.Errorf("%w: it is empty", errForeignFile)
	}
	if err != nil || !bytes.Equal(head, sqliteMagic) {
		return fmt.Errorf("%w: the file is not an SQLite database", errForeignFile)
	}
	return nil
}

// Restore puts the checked copy at from in place of the database at path,
// which no running Tableside may hold. The database it replaces, if any, is
// kept beside it ("tableside.db.replaced-20261126-061500"). The copy is
// written through SQLite (its online backup, into a connection that holds
// the database exclusively), so a server started meanwhile waits or fails
// rather than reading half a database.
func Restore(ctx context.Context, from, path string) (kept string, err error) {
	if same(from, path) {
		return "", fmt.Errorf("restore %s: it is the database itself", from)
	}
	if err := CheckCopy(ctx, from); err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", fmt.Errorf("restore: create folder: %w", err)
	}
	fresh, _, err := inspect(path) // never overwrite another program's file
	if errors.Is(err, errDamaged) {
		// The usual reason to restore: the damaged file is moved aside, kept.
		if kept, err = moveAside(ctx, path, "damaged"); err != nil {
			return "", err
		}
		fresh, err = true, nil
	}
	if err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	if err := createPrivate(path); err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	target, err := openExclusive(ctx, path)
	if err != nil {
		return "", err
	}
	defer target.Close()
	if !fresh {
		kept = fmt.Sprintf("%s.replaced-%s", path, stamp())
		if err := writeCopy(ctx, target, kept); err != nil {
			return "", fmt.Errorf("restore: keep the database it replaces: %w", err)
		}
	}
	src, err := sql.Open("sqlite3", copyDSN(from))
	if err != nil {
		return kept, fmt.Errorf("restore %s: %w", from, err)
	}
	defer src.Close()
	if err := copyPages(ctx, src, target); err != nil {
		return kept, fmt.Errorf("restore %s into %s: %w", from, path, err)
	}
	if err := integrity(ctx, target); err != nil {
		return kept, fmt.Errorf("restore: %s fails SQLite's check after the copy: %w", path, err)
	}
	if err := target.Close(); err != nil {
		return kept, fmt.Errorf("restore: close %s: %w", path, err)
	}
	return kept, nil
}

// notOurs says why an existing file is not a Tableside database (nil when
// it is one, or when there is no file), reading it without writing beside it.
func notOurs(ctx context.Context, path string) error {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err := isSQLiteFile(path); err != nil {
		return fmt.Errorf("the file there is %w", err)
	}
	db, err := sql.Open("sqlite3", copyDSN(path))
	if err != nil {
		return err
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&n); err != nil || n == 0 {
		return fmt.Errorf("the file there is an SQLite database, %w", errForeignFile)
	}
	return nil
}

// moveAside renames a damaged database, with its -wal and -shm files, to
// "PATH.damaged-DATE-TIME" (kept: the sqlite3 tool's .recover may still
// rescue games from it), unless a running Tableside holds it.
func moveAside(ctx context.Context, path, why string) (string, error) {
	if err := checkNotHeld(ctx, path); err != nil {
		return "", err
	}
	aside := fmt.Sprintf("%s.%s-%s", path, why, stamp())
	if err := os.Rename(path, aside); err != nil {
		return "", fmt.Errorf("restore: move the %s database aside: %w", why, err)
	}
	for _, side := range []string{"-wal", "-shm"} {
		if err := os.Rename(path+side, aside+side); err != nil && !errors.Is(err, os.ErrNotExist) {
			return aside, fmt.Errorf("restore: move the %s database's %s file aside: %w", why, side, err)
		}
	}
	return aside, nil
}

// checkNotHeld refuses when a running Tableside holds the file: it tries
// SQLite's exclusive lock (see openExclusive) without reading the file.
func checkNotHeld(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite3", "file:"+path+"?_locking_mode=EXCLUSIVE&_busy_timeout=0")
	if err != nil {
		return fmt.Errorf("restore: open %s: %w", path, err)
	}
	defer db.Close()
	_, err = db.ExecContext(ctx, `BEGIN EXCLUSIVE; ROLLBACK`)
	if isBusy(err) {
		return fmt.Errorf("restore into %s: %w: stop it first (Ctrl+C where it runs), then restore", path, errInUse)
	}
	return nil // any other failure is the damage itself
}

func isBusy(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrBusy || se.Code == sqlite3.ErrLocked)
}

func stamp() string { return time.Now().Format("20060102-150405") }

// openExclusive opens the database with SQLite's exclusive locking mode and
// takes the lock at once. A running Tableside keeps a shared lock on its
// database (WAL mode) for as long as it runs, so the lock is refused: that
// is how restore knows the server must be stopped.
func openExclusive(ctx context.Context, path string) (*sql.DB, error) {
	db, err := sql.Open("sqlite3", "file:"+path+"?_locking_mode=EXCLUSIVE&_busy_timeout=0&_txlock=exclusive")
	if err != nil {
		return nil, fmt.Errorf("restore: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	db.SetConnMaxLifetime(0)
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&n); err != nil {
		db.Close()
		if isBusy(err) {
			return nil, fmt.Errorf("restore into %s: %w: stop it first (Ctrl+C where it runs), then restore", path, errInUse)
		}
		return nil, fmt.Errorf("restore into %s: %w", path, err)
	}
	return db, nil
}

// same reports whether two names are one file.
func same(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	return filepath.Clean(a) == filepath.Clean(b)
}

// syncFile flushes a file to the disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
