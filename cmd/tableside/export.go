package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"

	"tableside/games"
	"tableside/tracker"
)

// runExport writes a game's whole event log (the file `replay` reads), or
// lists the games in the database.
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("export", "export [--db FILE] (--list | GAME_ID [-o FILE])", stdout, stderr)
	dbPath := fs.String("db", defaultDBPath(), "the SQLite database file (TABLESIDE_DB sets the default)")
	list := fs.Bool("list", false, "list the games and their ids")
	out := fs.String("o", "", "write the log to this file instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if !*list && len(pos) != 1 {
		return usagef("give one game id, or --list to see them")
	}
	tr, closeDB, err := openGames("export", *dbPath)
	if err != nil {
		return err
	}
	defer closeDB()
	if *list {
		return listGames(ctx, tr, stdout)
	}
	id, err := strconv.ParseInt(pos[0], 10, 64)
	if err != nil || id <= 0 {
		return usagef("game id %q is not a number; 'tableside export --list' shows the ids", pos[0])
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		defer f.Close()
		w = f
	}
	if err := tr.Export(ctx, id, w); err != nil {
		return err
	}
	if f, ok := w.(*os.File); ok && *out != "" {
		return f.Close()
	}
	return nil
}

func listGames(ctx context.Context, tr *tracker.Tracker, w io.Writer) error {
	gs, err := tr.Games(ctx)
	if err != nil {
		return err
	}
	if len(gs) == 0 {
		fmt.Fprintln(w, "No games yet.")
		return nil
	}
	for _, g := range gs {
		fmt.Fprintf(w, "%4d  %-10s %-9s %s  %s\n", g.ID, g.Kind, g.Status, g.Created.Local().Format("2006-01-02 15:04"), g.Name)
	}
	return nil
}

// openGames opens the games in the database at path for a command that
// reads them (export, print record), with Tableside running or not. It
// refuses to create a database where there is none, naming the command.
func openGames(command, path string) (*tracker.Tracker, func() error, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, nil, fmt.Errorf("%s: no database at %s (start Tableside once, or pass --db)", command, path)
	}
	db, err := tracker.OpenDB(path)
	if err != nil {
		return nil, nil, err
	}
	return tracker.New(db, games.All()...), db.Close, nil
}
