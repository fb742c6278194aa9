package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"tableside/tracker"
)

// runBackup writes a consistent, private copy of the database, while the
// server runs or not (SQLite's online backup).
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("backup", "backup FILE [--db FILE] [--force]\n\nWrites a copy of the database to FILE (readable by you only), safe while Tableside runs.\nAn existing FILE that is not a Tableside database is left alone unless --force.", stdout, stderr)
	dbPath := fs.String("db", defaultDBPath(), "the SQLite database file (TABLESIDE_DB sets the default)")
	force := fs.Bool("force", false, "replace FILE even when it is not a Tableside database")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("name one file to write the copy to")
	}
	if _, err := os.Stat(*dbPath); err != nil {
		return fmt.Errorf("no database at %s (pass --db)", *dbPath)
	}
	if err := tracker.Backup(ctx, *dbPath, pos[0], *force); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Backed up %s to %s\n", *dbPath, pos[0])
	return nil
}

// runRestore checks a copy and puts it in place of the database, with the
// server stopped; the database it replaces is kept beside it.
func runRestore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("restore", "restore FILE [--db FILE]\n\nChecks FILE (a Tableside database that passes SQLite's integrity check) and puts it in place of the\ndatabase. Stop Tableside first; the database it replaces is kept beside it.", stdout, stderr)
	dbPath := fs.String("db", defaultDBPath(), "the SQLite database file to replace (TABLESIDE_DB sets the default)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("name the backup file to restore")
	}
	kept, err := tracker.Restore(ctx, pos[0], *dbPath)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Restored %s into %s\n", pos[0], *dbPath)
	if kept != "" {
		fmt.Fprintf(stdout, "The database it replaced is kept as %s\n", kept)
	}
	return nil
}
