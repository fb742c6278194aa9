package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"tableside/scoring"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

const scoresSynopsis = `scores list [--game G] [--player NAME] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--db FILE]
       tableside scores export [--format csv|json] [-o FILE] [--db FILE]
       tableside scores import FILE|- [--db FILE]`

// runScores reads and writes the score log from the command line: list the
// plays, export them (CSV or JSON), import a CSV file (all or nothing).
func runScores(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("scores", scoresSynopsis, stdout, stderr)
	dbPath := fs.String("db", defaultDBPath(), "the SQLite database file (TABLESIDE_DB sets the default)")
	game := fs.String("game", "", "list: only plays of this game")
	player := fs.String("player", "", "list: only plays with this player")
	from := fs.String("from", "", "list: only plays on or after this date")
	to := fs.String("to", "", "list: only plays on or before this date")
	format := fs.String("format", "csv", "export: csv (one row per player per play) or json (everything)")
	out := fs.String("o", "", "export: write to this file instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("say what to do: list, export or import")
	}
	verb, rest := pos[0], pos[1:]
	switch {
	case verb != "list" && verb != "export" && verb != "import":
		return usagef("unknown scores command %q: use list, export or import", verb)
	case verb == "import" && len(rest) != 1:
		return usagef("import takes one CSV file (or - for standard input)")
	case verb != "import" && len(rest) != 0:
		return usagef("%s takes no arguments besides flags, not %q", verb, strings.Join(rest, " "))
	case verb == "export" && *format != "csv" && *format != "json":
		return usagef("--format is csv or json, not %q", *format)
	}
	db, err := tracker.OpenDB(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	s := scorelog.New(db)
	switch verb {
	case "list":
		return listScores(ctx, s, scoring.Filter{Game: *game, From: *from, To: *to}, *player, stdout)
	case "export":
		return exportScores(ctx, s, *format, *out, stdout)
	}
	return importScores(ctx, s, rest[0], stdout, stderr)
}

// listScores prints the plays, oldest first, one line each.
func listScores(ctx context.Context, s *scorelog.Store, f scoring.Filter, player string, w io.Writer) error {
	if player != "" {
		people, err := s.People(ctx)
		if err != nil {
			return err
		}
		for _, p := range people {
			if strings.EqualFold(p.Name, player) {
				f.PersonID = p.ID
			}
		}
		if f.PersonID == 0 {
			return fmt.Errorf("list: nobody called %q is in the score log", player)
		}
	}
	plays, err := s.Plays(ctx, f)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "DATE\tTIME\tGAME\tRESULT\tPLAY")
	for _, p := range plays {
		var res []string
		for _, pl := range p.Players {
			r := pl.Name
			if pl.Score != nil {
				r += " " + pl.ScoreText()
			} else if p.Scoring == scoring.Ranks {
				r = fmt.Sprintf("%d. %s", pl.Rank, pl.Name)
			}
			if pl.Winner {
				r = "*" + r
			}
			res = append(res, r)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", p.Date, p.Time, p.Game, strings.Join(res, ", "), p.Key)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	noun := "plays"
	if len(plays) == 1 {
		noun = "play"
	}
	fmt.Fprintf(w, "%d %s (* won)\n", len(plays), noun)
	return nil
}

// exportScores writes the log to stdout, or to a file that appears whole:
// it is written beside its place and renamed when complete.
func exportScores(ctx context.Context, s *scorelog.Store, format, out string, stdout io.Writer) error {
	write := func(w io.Writer) error {
		if format == "json" {
			return s.ExportJSON(ctx, w)
		}
		return s.ExportCSV(ctx, w)
	}
	if out == "" || out == "-" {
		return write(stdout)
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".tableside-scores-*")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// importScores adds the plays of a CSV file, all or nothing, printing the
// report of every bad row when the file is refused.
func importScores(ctx context.Context, s *scorelog.Store, name string, stdout, stderr io.Writer) error {
	var r io.Reader = os.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		defer f.Close()
		r = f
	}
	n, err := s.ImportCSV(ctx, r)
	var ie *scorelog.ImportError
	if errors.As(err, &ie) {
		for _, p := range ie.Problems {
			fmt.Fprintf(stderr, "%s: %s\n", name, p)
		}
		return fmt.Errorf("import %s: nothing imported: %d problems", name, len(ie.Problems))
	}
	if err != nil {
		return fmt.Errorf("import %s: %w", name, err)
	}
	fmt.Fprintf(stdout, "Imported %d plays from %s.\n", n, name)
	return nil
}
