package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"

	"tableside/printables"
	"tableside/readmodel"
	"tableside/tracker"
)

// printRecord writes a finished game's one-page record (the PDF the end
// screen's "Print the record" answers) from the database, with Tableside
// running or not: the same reader assembles it (readmodel.Reader.Record).
func printRecord(ctx context.Context, pos []string, dbPath string, o printables.Options, out string, stdout, stderr io.Writer) error {
	if len(pos) != 2 {
		return usagef("print record GAME: give one game id ('tableside export --list' shows the ids)")
	}
	id, err := strconv.ParseInt(pos[1], 10, 64)
	if err != nil || id <= 0 {
		return usagef("game id %q is not a number; 'tableside export --list' shows the ids", pos[1])
	}
	tr, closeDB, err := openGames("record", dbPath)
	if err != nil {
		return err
	}
	defer closeDB()
	quiet := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	rec, err := readmodel.New(tr, quiet).Record(ctx, id)
	switch {
	case errors.Is(err, tracker.ErrNoGame):
		return fmt.Errorf("record: there is no game %d ('tableside export --list' shows the ids)", id)
	case errors.Is(err, readmodel.ErrNotOver):
		return fmt.Errorf("record: game %d is not over: %w", id, err)
	case err != nil:
		return fmt.Errorf("record: game %d: %w", id, err)
	}
	name := out
	if name == "" {
		name = fmt.Sprintf("game-%d-record-%s.pdf", id, o.Paper.Name)
	}
	if name == "-" {
		return printables.WriteRecord(stdout, rec, o)
	}
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if err := printables.WriteRecord(f, rec, o); err != nil {
		f.Close()
		os.Remove(name)
		return fmt.Errorf("record: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	fmt.Fprintf(stderr, "wrote %s\n", name)
	return nil
}
