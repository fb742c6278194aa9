package tracker

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// errAlteredSchema means a copy's schema is not the one Tableside makes: a
// table, index, trigger or view added, missing or changed. A trigger in a
// copy would run inside the server on every command (it could rewrite the
// host's token), so restore brings back data and nothing else.
var errAlteredSchema = errors.New("its schema is not the one Tableside makes")

// schemaItem is one entry of sqlite_schema.
type schemaItem struct{ kind, name, table, sql string }

// checkSchema compares the copy's schema with the schema this Tableside's
// migrations make at the copy's version, naming every difference.
func checkSchema(ctx context.Context, copyDB *sql.DB, version int) error {
	if version > latestVersion() {
		return fmt.Errorf("%w: it was written by a newer Tableside (schema %d; this one knows up to %d)", errAlteredSchema, version, latestVersion())
	}
	have, err := schemaOf(ctx, copyDB)
	if err != nil {
		return err
	}
	want, err := schemaAt(ctx, version)
	if err != nil {
		return err
	}
	var diffs []string
	for k, w := range want {
		h, ok := have[k]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("no %s %q", w.kind, w.name))
		case h != w:
			diffs = append(diffs, fmt.Sprintf("the %s %q is not as Tableside makes it", w.kind, w.name))
		}
	}
	for k, h := range have {
		if _, ok := want[k]; !ok {
			diffs = append(diffs, fmt.Sprintf("an extra %s %q on %q", h.kind, h.name, h.table))
		}
	}
	if len(diffs) > 0 {
		slices.Sort(diffs)
		return fmt.Errorf("%w: %s", errAlteredSchema, strings.Join(diffs, "; "))
	}
	return nil
}

// schemaOf reads a database's tables, indexes, triggers and views (SQLite's
// own internal ones aside), their SQL with its spacing evened out.
func schemaOf(ctx context.Context, db *sql.DB) (map[string]schemaItem, error) {
	rows, err := db.QueryContext(ctx, `SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'`)
	if err != nil {
		return nil, fmt.Errorf("read the schema: %w", err)
	}
	defer rows.Close()
	out := map[string]schemaItem{}
	for rows.Next() {
		var it schemaItem
		if err := rows.Scan(&it.kind, &it.name, &it.table, &it.sql); err != nil {
			return nil, fmt.Errorf("read the schema: %w", err)
		}
		it.sql = strings.Join(strings.Fields(it.sql), " ")
		out[it.kind+" "+it.name] = it
	}
	return out, rows.Err()
}

// schemaAt is the schema the migrations up to version make, in a
// throw-away database.
func schemaAt(ctx context.Context, version int) (map[string]schemaItem, error) {
	dir, err := os.MkdirTemp("", "tableside-schema-")
	if err != nil {
		return nil, fmt.Errorf("make the reference schema: %w", err)
	}
	defer os.RemoveAll(dir)
	raw, err := sql.Open("sqlite3", dsn(filepath.Join(dir, "ref.db"), false))
	if err != nil {
		return nil, fmt.Errorf("make the reference schema: %w", err)
	}
	defer raw.Close()
	d := &DB{DB: raw}
	if err := d.migrateTo(ctx, version); err != nil {
		return nil, fmt.Errorf("make the reference schema: %w", err)
	}
	return schemaOf(ctx, raw)
}

// copyDSN opens a copy to read it without touching it: immutable, so
// SQLite writes no -wal or -shm file beside it.
func copyDSN(path string) string {
	return "file:" + url.PathEscape(path) + "?mode=ro&immutable=1"
}

// refuseLiveCopy refuses a copy with a -wal file beside it: part of its
// data is there, not in the file (a database copied while it ran, or a
// running one); tableside backup makes a copy that stands alone.
func refuseLiveCopy(path string) error {
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return fmt.Errorf("%s has a %s-wal file beside it holding part of its data: make the copy with `tableside backup` (the file is left untouched)", path, filepath.Base(path))
	}
	return nil
}
