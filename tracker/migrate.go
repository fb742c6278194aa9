package tracker

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Migrations are numbered SQL files (001_events.sql, 002_scores.sql, ...),
// applied in order, each in its own transaction, each exactly once. Each
// package that keeps tables in the table's database owns its files and
// registers them (RegisterMigrations); the numbers are one sequence across
// packages, so a database's schema version still says what it holds.
//
//go:embed migrations/*.sql
var ownMigrations embed.FS

type migration struct {
	version int
	name    string
	owner   string
	sql     string
}

var registry struct {
	sync.Mutex
	all []migration
}

func init() {
	RegisterMigrations("tracker", ownMigrations)
}

// RegisterMigrations adds a package's numbered SQL files (the *.sql in the
// migrations folder of fsys, as the package embeds it) to the schema every
// database opened after it gets. Call it from the owning package's init. A
// number taken by another file, or a file without a number, is a
// programming error and panics: two packages must never both think they
// made schema version N.
func RegisterMigrations(owner string, fsys fs.FS) {
	fsys, err := fs.Sub(fsys, "migrations")
	if err != nil {
		panic(fmt.Sprintf("tracker: %s's migrations: %v", owner, err))
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		panic(fmt.Sprintf("tracker: %s's migrations: %v", owner, err))
	}
	registry.Lock()
	defer registry.Unlock()
	all := append([]migration(nil), registry.all...)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".sql") {
			all = append(all, readMigration(owner, fsys, e.Name()))
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].version < all[j].version })
	for i := 1; i < len(all); i++ {
		if a, b := all[i-1], all[i]; a.version == b.version {
			panic(fmt.Sprintf("tracker: schema version %d is both %s's %s and %s's %s", a.version, a.owner, a.name, b.owner, b.name))
		}
	}
	registry.all = all
}

func readMigration(owner string, fsys fs.FS, name string) migration {
	num, _, ok := strings.Cut(name, "_")
	v, err := strconv.Atoi(num)
	if !ok || err != nil {
		panic("tracker: migration without a number: " + owner + "/" + name)
	}
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		panic(err) // embedded at build time; cannot fail
	}
	return migration{version: v, name: name, owner: owner, sql: string(b)}
}

// migrations is every registered migration, in version order.
func migrations() []migration {
	registry.Lock()
	defer registry.Unlock()
	return append([]migration(nil), registry.all...)
}

func latestVersion() int {
	ms := migrations()
	return ms[len(ms)-1].version
}

func (d *DB) migrate(ctx context.Context, fresh bool) error {
	return d.migrateTo(ctx, latestVersion())
}

// migrateTo applies the migrations up to version that the database has not
// had yet (restore builds the schema a copy of that version must have). It
// asks which versions are applied rather than only the highest: a database
// made by a program that linked fewer packages gets the missing tables.
func (d *DB) migrateTo(ctx context.Context, version int) error {
	if _, err := d.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	applied, err := d.appliedVersions(ctx)
	if err != nil {
		return err
	}
	for _, m := range migrations() {
		if applied[m.version] || m.version > version {
			continue
		}
		if err := d.apply(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

func (d *DB) appliedVersions(ctx context.Context) (map[int]bool, error) {
	rows, err := d.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, fmt.Errorf("migrate: read versions: %w", err)
	}
	defer rows.Close()
	applied := map[int]bool{}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("migrate: read versions: %w", err)
		}
		applied[v] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("migrate: read versions: %w", err)
	}
	return applied, nil
}

func (d *DB) apply(ctx context.Context, m migration) error {
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate %s: %w", m.name, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return fmt.Errorf("migrate %s/%s: %w", m.owner, m.name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations(version, name) VALUES (?, ?)`, m.version, m.name); err != nil {
		return fmt.Errorf("migrate %s: record: %w", m.name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate %s: commit: %w", m.name, err)
	}
	return nil
}
